import type { CheckFinding, FindingSeverity, MedicineCheckResponse } from '@medibuddy/contracts';
import { t, type MessageKey } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { SourceLink } from './cited-list';

const TONE: Record<FindingSeverity, string> = {
  serious: 'bg-red-50 ring-red-400 text-red-950',
  moderate: 'bg-amber-50 ring-amber-400 text-amber-950',
  minor: 'bg-slate-50 ring-slate-300 text-slate-900',
  info: 'bg-slate-50 ring-slate-300 text-slate-900',
};
const LABEL: Record<FindingSeverity, MessageKey> = {
  serious: 'finding.serious',
  moderate: 'finding.moderate',
  minor: 'finding.minor',
  info: 'finding.info',
};

function Finding({ finding }: { finding: CheckFinding }) {
  return (
    <li className={`flex flex-col gap-1 rounded-xl p-4 ring-1 ${TONE[finding.severity]}`}>
      <p className="font-bold">
        {t(LABEL[finding.severity])}: {finding.title}
      </p>
      <p>{finding.detail}</p>
      <p>
        <strong>{t('finding.whatToDo')}</strong> {finding.whatToDo}
      </p>
      {finding.source ? (
        <p className="text-xs">
          {richText('card.source', { source: <SourceLink source={finding.source} sourceUrl={finding.sourceUrl} /> })}
        </p>
      ) : null}
    </li>
  );
}

/** The result of checking medicines together: each finding with what to do and its source. */
export function FindingsList({ check, label }: { check: MedicineCheckResponse; label: string }) {
  return (
    <div className="flex flex-col gap-3" role="status" aria-live="polite">
      {check.findings.length === 0 ? (
        <p className="rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-300">
          {t('finding.none', { person: check.personDescription })}
        </p>
      ) : (
        <ul aria-label={label} className="flex flex-col gap-3">
          {check.findings.map((f) => (
            <Finding key={`${f.kind}-${f.title}-${f.medicines.join('|')}`} finding={f} />
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">{check.note}</p>
    </div>
  );
}
