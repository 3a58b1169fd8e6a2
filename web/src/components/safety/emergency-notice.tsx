import type { EmergencyNoticeResponse } from '@medibuddy/contracts';
import type { HelplineUse } from '@medibuddy/contracts/helplines';
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';
import { HelplineLinks } from './helpline-links';

/**
 * Shown instead of medicines when a symptom is a red flag. role="alert": announced as soon as it appears.
 * Deliberately plain and high-contrast; it names the symptoms that raised it and what to do for each.
 * `helplineUses`: the lines its flags call for beside the emergency number (helplineUsesOf of the red-flag check).
 * Its own texts are in the medicines catalogue: the medicines page is the one that shows it.
 */
export function EmergencyNotice({
  notice,
  helplineUses,
}: {
  notice: EmergencyNoticeResponse;
  helplineUses: readonly HelplineUse[];
}) {
  return (
    <section
      role="alert"
      aria-labelledby="emergency-notice-title"
      className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-950 sm:p-6"
    >
      <h2 id="emergency-notice-title" className="flex items-center gap-2 text-xl font-bold">
        <svg viewBox="0 0 24 24" className="size-6 shrink-0 fill-red-700" aria-hidden="true" focusable="false">
          <path d="M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z" />
        </svg>
        {t('emergency.heading')}
      </h2>
      <p className="mt-2 text-lg leading-relaxed font-semibold">{notice.message}</p>
      <HelplineLinks uses={helplineUses} />
      <p className="mt-3 text-base">
        {richText(notice.matched.length === 1 ? 'emergency.matchedOne' : 'emergency.matchedMany', {
          symptoms: <strong>{notice.matched.join(', ')}</strong>,
        })}
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-base">
        {notice.flags.map((flag) => (
          <li key={flag.id}>
            <strong>{flag.label}:</strong> {flag.advice}
          </li>
        ))}
      </ul>
    </section>
  );
}
