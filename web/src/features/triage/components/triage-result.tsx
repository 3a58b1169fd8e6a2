import type { TriageLevel, TriageResult, TriageSession } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { SafetyNotice } from '../../../components/safety/safety-notice';
import { HelplineLinks } from '../../../components/safety/helpline-links';
import { t } from '../../../lib/i18n';
import { SaveTriage } from './save-triage';

const LEVEL_STYLE: Record<TriageLevel, string> = {
  emergency: 'border-red-700 bg-red-50 text-red-950',
  urgent: 'border-orange-600 bg-orange-50 text-orange-950',
  soon: 'border-amber-500 bg-amber-50 text-amber-950',
  self_care: 'border-teal-700 bg-teal-50 text-teal-950',
};

/** "How likely" in words: the percentages are relative to the conditions MediBuddy knows, not a diagnosis. */
function likelihoodOf(probability: number): string {
  if (probability >= 0.6) return t('triage.mostLikely');
  if (probability >= 0.2) return t('triage.possible');
  return t('triage.lessLikely');
}

/** The triage advice first (what to do, how soon, who to call), then the conditions that fit the answers. */
export function TriageResultView({
  result,
  session,
  onRestart,
}: {
  result: TriageResult;
  session: TriageSession;
  onRestart: () => void;
}) {
  const { triage } = result;
  const { isCrisis } = triage;
  return (
    <div className="space-y-8">
      <section
        aria-labelledby="triage-advice"
        data-testid="triage-advice"
        data-level={triage.level}
        data-disposition={triage.disposition}
        lang={triage.language}
        className={`rounded-2xl border-2 px-5 py-5 ${LEVEL_STYLE[triage.level]}`}
      >
        <h2 id="triage-advice" className="text-2xl font-bold">
          {triage.headline}
        </h2>
        <p className="mt-2 text-lg">{triage.advice}</p>
        {triage.meanwhile ? (
          <p className="mt-2">
            <span className="font-semibold">{t('triage.meanwhile')}</span> {triage.meanwhile}
          </p>
        ) : null}
        {triage.callAgain ? (
          <p className="mt-2">
            <span className="font-semibold">{t('triage.callAgain')}</span> {triage.callAgain}
          </p>
        ) : null}
        {triage.reasons.length > 0 ? (
          <ul className="mt-3 list-disc space-y-1 pl-5">
            {triage.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        {triage.level === 'emergency' || isCrisis ? (
          <>
            <HelplineLinks uses={isCrisis ? ['crisis'] : []} />
            {triage.emergencyNumbers ? <p className="mt-2 text-sm">{triage.emergencyNumbers}</p> : null}
          </>
        ) : null}
      </section>

      <section aria-labelledby="triage-conditions">
        <h2 id="triage-conditions" className="text-xl font-bold text-slate-900">
          {t('triage.conditionsHeading')}
        </h2>
        <p className="mt-1 text-slate-700">{t('triage.conditionsIntro')}</p>
        {result.conditions.length === 0 ? <p className="mt-3 text-slate-800">{t('triage.noCondition')}</p> : null}
        <ol className="mt-4 space-y-4">
          {result.conditions.map((condition) => (
            <li
              key={condition.id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="triage-condition"
              lang={triage.language}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold text-slate-900">{condition.name}</h3>
                <span className="text-sm font-semibold text-slate-700">
                  {condition.fromWarningSign
                    ? t('triage.warningSign')
                    : t('triage.likelihood', {
                        likelihood: likelihoodOf(condition.probability),
                        percent: Math.round(condition.probability * 100),
                      })}
                </span>
              </div>
              <p className="mt-1 text-slate-800">{condition.summary}</p>
              {condition.supportingAnswers.length > 0 ? (
                <p className="mt-2 text-sm text-slate-700">
                  <span className="font-semibold">{t('triage.fitsBecause')}</span>
                  {condition.supportingAnswers.join(', ')}.
                </p>
              ) : null}
              {condition.opposingAnswers.length > 0 ? (
                <p className="mt-1 text-sm text-slate-700">
                  <span className="font-semibold">{t('triage.against')}</span>
                  {condition.opposingAnswers.join(', ')}.
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {condition.links.map((link) => (
                  <Link
                    key={link.href}
                    to={link.href}
                    className="font-semibold text-teal-800 underline underline-offset-2"
                  >
                    {link.label}
                  </Link>
                ))}
                <a
                  href={condition.source.url}
                  className="text-slate-700 underline underline-offset-2"
                  rel="noreferrer"
                  target="_blank"
                >
                  {t('triage.source', { title: condition.source.title })}
                </a>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <SafetyNotice notADiagnosis={result.notice} />
      <SaveTriage session={session} />
      <button type="button" onClick={onRestart} className="font-semibold text-teal-800 underline underline-offset-2">
        {t('triage.startNew')}
      </button>
    </div>
  );
}
