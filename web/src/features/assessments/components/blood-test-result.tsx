import type { BloodTestResult, Citation, Finding, Severity } from '@medibuddy/contracts';
import { t, type MessageKey } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { SourceTitle } from './source-title';

/** Severity in words first (results.severity.<severity>), colour second: the badge reads the same in print and without colour. */
const SEVERITY: Record<Severity, { badge: string; card: string; icon: string }> = {
  urgent: {
    badge: 'bg-red-700 text-white',
    card: 'border-l-red-700',
    icon: '!',
  },
  attention: {
    badge: 'bg-amber-200 text-amber-950 ring-1 ring-amber-500',
    card: 'border-l-amber-500',
    icon: '▲',
  },
  info: {
    badge: 'bg-sky-100 text-sky-950 ring-1 ring-sky-400',
    card: 'border-l-sky-500',
    icon: 'i',
  },
};

function SeverityBadge({ severity }: { severity: Severity }) {
  const style = SEVERITY[severity];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-bold ${style.badge}`}>
      <span
        aria-hidden="true"
        className="inline-flex size-4 items-center justify-center rounded-full bg-white/30 text-xs"
      >
        {style.icon}
      </span>
      {t(`results.severity.${severity}`)}
    </span>
  );
}

export function CitationLine({ citation }: { citation: Citation }) {
  return (
    <p className="text-sm text-slate-600">
      {richText('results.source', { title: <SourceTitle title={citation.title} url={citation.url} /> })}
    </p>
  );
}

export function FindingCard({ finding }: { finding: Finding }) {
  return (
    <li
      className={`rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm break-inside-avoid sm:p-5 ${SEVERITY[finding.severity].card}`}
    >
      <article aria-label={finding.title} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h3 className="text-lg font-bold text-slate-900">{finding.title}</h3>
          <SeverityBadge severity={finding.severity} />
        </div>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm font-semibold text-slate-700">{t('results.finding.value')}</dt>
          <dd className="font-medium text-slate-900">{finding.value}</dd>
          <dt className="text-sm font-semibold text-slate-700">{t('results.finding.reference')}</dt>
          <dd className="text-slate-900">{finding.referenceRange}</dd>
        </dl>
        <p className="leading-relaxed text-slate-800">{finding.explanation}</p>
        <CitationLine citation={finding.citation} />
      </article>
    </li>
  );
}

/**
 * The main finding as the contracts' bloodTestHeadline says it, in the page's language: the class, or, when the class
 * is 'Healthy', the other results that need care.
 */
function headlineKey(result: BloodTestResult): MessageKey {
  if (result.classCode === 1) {
    if (result.findings.some((f) => f.severity === 'urgent')) return 'results.bloodTest.otherUrgent';
    if (result.findings.some((f) => f.severity === 'attention')) return 'results.bloodTest.otherAttention';
  }
  return `results.bloodTest.class.${result.label}`;
}

/** The main class and its sentence. */
export function BloodTestHeadline({ result }: { result: BloodTestResult }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-lg text-slate-700">{t('results.bloodTest.main')}</span>{' '}
      <span className="text-3xl font-extrabold tracking-tight text-slate-900">{t(headlineKey(result))}</span>
    </p>
  );
}

/** Every finding, most severe first, each with its value, range, explanation and source. */
export function BloodTestFindings({ result }: { result: BloodTestResult }) {
  const counts = (['urgent', 'attention', 'info'] as const)
    .map((severity) => ({ severity, n: result.findings.filter((f) => f.severity === severity).length }))
    .filter((c) => c.n > 0);
  if (result.findings.length === 0) {
    return <p className="leading-relaxed text-slate-700">{t('results.bloodTest.none')}</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">
        {t('results.bloodTest.count', {
          count: result.findings.length,
          counts: counts
            .map((c) =>
              t('results.bloodTest.severityCount', { n: c.n, severity: t(`results.severityWord.${c.severity}`) }),
            )
            .join(', '),
        })}
      </p>
      <ul className="flex flex-col gap-3">
        {result.findings.map((finding, index) => (
          <FindingCard key={`${finding.id}-${index}`} finding={finding} />
        ))}
      </ul>
    </div>
  );
}
