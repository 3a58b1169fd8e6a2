import type { RiskFactor, RiskResult, RiskScore } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { richText } from '../../../lib/rich-text';
import { bandLabel, bandWord } from '../format';
import { BandGauge, type GaugeZone } from './band-gauge';

const TOP_FACTORS = 6;

const LEVEL_CLASS: Record<RiskScore['level'], string> = {
  low: 'bg-teal-700',
  'low-moderate': 'bg-lime-700',
  moderate: 'bg-amber-700',
  high: 'bg-orange-700',
  'very-high': 'bg-rose-800',
};

/** A validated score: N in 100 (or points) in large type, its band, the sentence, what would lower it, its source. */
function ScoreLead({ score, lead, said }: { score: RiskScore; lead: boolean; said: string }) {
  const figure =
    score.inHundred !== undefined
      ? t('results.score.inHundred', { n: score.inHundred })
      : t('results.score.points', { points: score.points, max: score.maxPoints });
  return (
    <div className={lead ? 'flex flex-col gap-3' : 'flex flex-col gap-2 border-t border-slate-200 pt-4'}>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={`${lead ? 'text-5xl' : 'text-3xl'} font-extrabold tracking-tight text-slate-900 tabular-nums`}>
          {figure}
        </span>
        <span className="text-lg text-slate-700">{score.name}</span>
        <span
          className={`rounded-full px-3 py-0.5 text-sm font-bold text-white print:border print:border-slate-900 print:bg-white print:text-slate-900 ${LEVEL_CLASS[score.level]}`}
        >
          {score.band}
        </span>
      </p>
      {said.includes(score.headline) ? null : <p className="leading-relaxed text-slate-800">{score.headline}</p>}
      {score.lower.length > 0 ? (
        <div>
          <p className="font-semibold text-slate-900">{t('results.score.lower')}</p>
          <ul className="ml-5 list-disc text-slate-800">
            {score.lower.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {score.caveat ? <p className="text-sm text-slate-700">{score.caveat}</p> : null}
      <p className="text-sm text-slate-600">
        {richText('results.source', {
          title: score.citation.url ? (
            <a className="text-teal-800 underline" href={score.citation.url} rel="noreferrer" target="_blank">
              {score.citation.title}
            </a>
          ) : (
            score.citation.title
          ),
        })}
      </p>
    </div>
  );
}

/**
 * The model's figure, second and said honestly: re-based to a population share with its source, or a score
 * relative to the study, on the gauge split at the card's threshold. Results saved before the figure existed read
 * as a score relative to the study.
 */
function ModelScore({ result, secondary }: { result: RiskResult; secondary: boolean }) {
  const figure = result.modelFigure;
  const score = Math.round(result.probability * 100);
  const threshold = Math.round(result.threshold * 100);
  const highFrom = Math.round(result.highFrom * 100);
  const zones: GaugeZone[] = [
    { band: 'low', from: 0, to: result.threshold, range: t('results.gauge.under', { n: threshold }) },
    {
      band: 'moderate',
      from: result.threshold,
      to: result.highFrom,
      range: t('results.gauge.between', { from: threshold, to: highFrom }),
    },
    { band: 'high', from: result.highFrom, to: 1, range: t('results.gauge.over', { n: highFrom }) },
  ];
  const rebased = figure?.kind === 'rebased';
  const big = rebased
    ? t('results.model.rebasedFigure', { n: Math.round(figure.value * 100) })
    : t('results.model.scoreFigure', { score });
  return (
    <div className={secondary ? 'flex flex-col gap-3 border-t border-slate-200 pt-4' : 'flex flex-col gap-3'}>
      {secondary ? <h3 className="text-lg font-bold text-slate-900">{t('results.model.heading')}</h3> : null}
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`${secondary ? 'text-3xl' : 'text-5xl'} font-extrabold tracking-tight text-slate-900 tabular-nums`}
        >
          {big}
        </span>
        <span className="text-lg text-slate-700">
          {rebased
            ? t('results.model.rebased', { who: figure.population?.who ?? t('results.model.thePopulation') })
            : t('results.model.relative')}
        </span>
        <span className="rounded-full bg-slate-900 px-3 py-0.5 text-sm font-bold text-white print:border print:border-slate-900 print:bg-white print:text-slate-900">
          {bandLabel(result.band)}
        </span>
      </p>
      {figure && result.summary.includes(figure.text) ? null : (
        <p className="leading-relaxed text-slate-800">
          {figure?.text ?? t('results.model.fallback', { condition: result.condition })}
        </p>
      )}
      <BandGauge
        zones={zones}
        min={0}
        max={1}
        value={result.probability}
        valueText={`${score}`}
        label={t('results.model.gauge', { score, band: bandWord(result.band), threshold, highFrom })}
      />
      <p className="text-sm leading-relaxed text-slate-700">
        {richText(
          'results.model.threshold',
          { label: <strong className="font-semibold text-slate-900">{t('results.model.thresholdLabel')}</strong> },
          { threshold, condition: result.condition, highFrom },
        )}
      </p>
      {figure?.population ? (
        <p className="text-sm text-slate-600">
          {t('results.model.population', { title: figure.population.citation.title })}
        </p>
      ) : null}
    </div>
  );
}

/** What leads a risk result: the validated scores where the answers give them, then the model's figure. */
export function RiskHeadline({ result }: { result: RiskResult }) {
  const scores = result.scores ?? [];
  const need = result.scoresNeed ?? [];
  return (
    <div className="flex flex-col gap-4">
      {scores.map((score, i) => (
        <ScoreLead key={score.id} score={score} lead={i === 0} said={result.summary} />
      ))}
      <ModelScore result={result} secondary={scores.length > 0} />
      {need.length > 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-800 ring-1 ring-slate-200">
          {need.map((n) => t('results.scoreNeeds', { name: n.name, needs: n.needs.join(', ') })).join(' ')}{' '}
          {t('results.scoreNeedsAdd')}
        </p>
      ) : null}
    </div>
  );
}

function FactorRow({ factor, largest }: { factor: RiskFactor; largest: number }) {
  const share = largest > 0 ? Math.abs(factor.contribution) / largest : 0;
  const width = `${Math.max(share * 100, 2)}%`;
  const raises = factor.direction === 'up';
  return (
    <li className="grid grid-cols-1 gap-x-4 gap-y-1.5 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{factor.label}</p>
        <p className="text-sm text-slate-700">
          {richText('results.factor.answer', {
            value: <span className="font-medium text-slate-900">{factor.displayValue}</span>,
          })}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {/* Two halves around a centre line: 'lowers' grows left, 'raises' grows right. */}
        <div aria-hidden="true" className="grid h-4 flex-1 grid-cols-2 print:[print-color-adjust:exact]">
          <div className="flex justify-end border-r-2 border-slate-500">
            {raises ? null : <div className="h-full rounded-l bg-teal-600" style={{ width }} />}
          </div>
          <div className="flex justify-start">
            {raises ? (
              <div
                className="h-full rounded-r bg-rose-600 bg-[repeating-linear-gradient(45deg,transparent_0_4px,rgb(255_255_255/0.35)_4px_6px)]"
                style={{ width }}
              />
            ) : null}
          </div>
        </div>
        <p className={`w-20 shrink-0 text-sm font-semibold ${raises ? 'text-rose-800' : 'text-teal-800'}`}>
          <span aria-hidden="true">{raises ? '▲ ' : '▼ '}</span>
          {raises ? t('results.factor.raises') : t('results.factor.lowers')}
          <span className="sr-only">
            {' '}
            {share >= 0.999
              ? t('results.factor.most')
              : t('results.factor.share', {
                  percent: formatNumber(Math.round(share * 100) / 100, { style: 'percent' }),
                })}
          </span>
        </p>
      </div>
    </li>
  );
}

/** Why an answer is not shown as a reason: results.notAReason.<why>. */
const notAReason = (why: NonNullable<RiskFactor['notAReasonBecause']>) =>
  t('results.notAReasonBecause', { reason: t(`results.notAReason.${why}`) });

/** 'You answered I don't know for 4 questions: the estimate could be anywhere from 8% to 71%.' */
export function UncertaintyNote({ result }: { result: RiskResult }) {
  const u = result.uncertainty;
  if (!u) return null;
  const n = u.unknownFields.length;
  return (
    <p className="rounded-xl bg-amber-50 px-4 py-3 leading-relaxed text-amber-950 ring-1 ring-amber-200">
      {richText(
        n === 1 ? 'results.uncertainty.one' : 'results.uncertainty.other',
        { low: <strong>{Math.round(u.low * 100)}</strong>, high: <strong>{Math.round(u.high * 100)}</strong> },
        { count: n },
      )}
    </p>
  );
}

/**
 * The answers that moved the estimate most and agree with medical knowledge. An answer the model reads against
 * what doctors expect (or barely uses) is listed apart, with the reason, never as a cause.
 */
export function RiskFactors({ result }: { result: RiskResult }) {
  const sorted = [...result.factors].sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const reasons = sorted.filter((f) => f.isReason !== false);
  const others = sorted.filter((f) => f.isReason === false);
  const top = reasons.slice(0, TOP_FACTORS);
  const rest = reasons.slice(TOP_FACTORS);
  const largest = Math.abs(reasons[0]?.contribution ?? 0);
  return (
    <div>
      <p className="leading-relaxed text-slate-700">
        {top.length === 0 ? (
          t('results.factors.none')
        ) : (
          <>
            {top.length === 1 ? t('results.factors.leadOne') : t('results.factors.lead', { count: top.length })}{' '}
            {richText('results.factors.bars', {
              right: <span className="font-semibold text-rose-800">{t('results.factors.right')}</span>,
              left: <span className="font-semibold text-teal-800">{t('results.factors.left')}</span>,
            })}
          </>
        )}
      </p>
      <ul className="mt-2 divide-y divide-slate-200">
        {top.map((factor) => (
          <FactorRow key={factor.key} factor={factor} largest={largest} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-2 rounded-xl bg-slate-50 px-4 py-2 ring-1 ring-slate-200">
          <summary className="cursor-pointer py-1 font-semibold text-teal-800">
            {t('results.factors.showOthers', { count: rest.length })}
          </summary>
          <ul className="divide-y divide-slate-200">
            {rest.map((factor) => (
              <FactorRow key={factor.key} factor={factor} largest={largest} />
            ))}
          </ul>
        </details>
      ) : null}
      {others.length > 0 ? (
        <details className="mt-2 rounded-xl bg-slate-50 px-4 py-2 ring-1 ring-slate-200">
          <summary className="cursor-pointer py-1 font-semibold text-teal-800">
            {t('results.factors.notReasons', { count: others.length })}
          </summary>
          <ul className="divide-y divide-slate-200">
            {others.map((factor) => (
              <li key={factor.key} className="py-2">
                <p className="font-semibold text-slate-900">
                  {factor.label}: <span className="font-normal">{factor.displayValue}</span>
                </p>
                <p className="text-sm text-slate-700">{notAReason(factor.notAReasonBecause ?? 'negligible')}</p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
