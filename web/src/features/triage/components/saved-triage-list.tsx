import { t } from '../../../lib/i18n';
import { formatDate } from '../../../lib/intl-format';
import { useSession } from '../../../lib/session';
import { useSavedTriage } from '../api/triage';

/** The checks a signed-in user kept, newest first: when, what they said, the advice and the first condition. */
export function SavedTriageList() {
  const { user } = useSession();
  const saved = useSavedTriage(user !== null);
  const items = saved.data?.items ?? [];
  if (!user || items.length === 0) return null;
  return (
    <section aria-labelledby="saved-triage" className="mt-10">
      <h2 id="saved-triage" className="text-xl font-bold text-slate-900">
        {t('triage.keptHeading')}
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <p className="text-sm text-slate-600">
              {formatDate(item.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </p>
            <p className="font-semibold text-slate-900">{item.complaint}</p>
            <p className="text-slate-800">
              {t(`triage.level.${item.level}`)}
              {item.result.conditions[0] ? ` · ${item.result.conditions[0].name}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
