import type { GuidelineFinding, NextStep } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { CitationLine, FindingCard } from './blood-test-result';

const URGENT = new Set(['now', 'today']);

/** What to do and by when: the last word of every clinical result, loud when it is now or today. */
export function NextStepBox({ step, announce = true }: { step: NextStep; announce?: boolean }) {
  const isUrgent = URGENT.has(step.timeframe);
  return (
    <section
      role={isUrgent && announce ? 'alert' : undefined}
      aria-label={t('results.nextStep')}
      className={`rounded-2xl p-5 break-inside-avoid-page sm:p-7 ${
        isUrgent ? 'border-2 border-red-700 bg-red-50 text-red-950' : 'bg-teal-50 text-teal-950 ring-1 ring-teal-200'
      }`}
    >
      <p className="text-sm font-semibold tracking-wide uppercase">{t('results.nextStep')}</p>
      <h2 className="mt-1 text-2xl font-bold">{step.heading}</h2>
      <p className="mt-2 text-lg leading-relaxed">{step.text}</p>
      {step.citation ? (
        <div className="mt-2">
          <CitationLine citation={step.citation} />
        </div>
      ) : null}
    </section>
  );
}

/** Guideline thresholds the values meet, each with its source. */
export function GuidelineFindings({ findings }: { findings: readonly GuidelineFinding[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {findings.map((finding) => (
        <FindingCard key={finding.id} finding={finding} />
      ))}
    </ul>
  );
}
