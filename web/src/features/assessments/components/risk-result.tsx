import type { RiskFactor, RiskResult, RiskScore } from '@medibuddy/contracts';
import { bandLabel } from '../format';
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
    score.inHundred !== undefined ? `${score.inHundred} in 100` : `${score.points ?? ''} of ${score.maxPoints ?? ''}`;
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
          <p className="font-semibold text-slate-900">What would lower it</p>
          <ul className="ml-5 list-disc text-slate-800">
            {score.lower.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {score.caveat ? <p className="text-sm text-slate-700">{score.caveat}</p> : null}
      <p className="text-sm text-slate-600">
        Source:{' '}
        {score.citation.url ? (
          <a className="text-teal-800 underline" href={score.citation.url} rel="noreferrer" target="_blank">
            {score.citation.title}
          </a>
        ) : (
          score.citation.title
        )}
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
    { band: 'low', from: 0, to: result.threshold, range: `under ${threshold}` },
    { band: 'moderate', from: result.threshold, to: result.highFrom, range: `${threshold} to under ${highFrom}` },
    { band: 'high', from: result.highFrom, to: 1, range: `${highFrom} and over` },
  ];
  const rebased = figure?.kind === 'rebased';
  const big = rebased ? `about ${Math.round(figure.value * 100)} in 100` : `${score} of 100`;
  return (
    <div className={secondary ? 'flex flex-col gap-3 border-t border-slate-200 pt-4' : 'flex flex-col gap-3'}>
      {secondary ? <h3 className="text-lg font-bold text-slate-900">The screening model</h3> : null}
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`${secondary ? 'text-3xl' : 'text-5xl'} font-extrabold tracking-tight text-slate-900 tabular-nums`}
        >
          {big}
        </span>
        <span className="text-lg text-slate-700">
          {rebased
            ? `model figure, re-based to ${figure.population?.who ?? 'the population'}`
            : 'model score, relative to its study'}
        </span>
        <span className="rounded-full bg-slate-900 px-3 py-0.5 text-sm font-bold text-white print:border print:border-slate-900 print:bg-white print:text-slate-900">
          {bandLabel(result.band)}
        </span>
      </p>
      {figure && result.summary.includes(figure.text) ? null : (
        <p className="leading-relaxed text-slate-800">
          {figure?.text ??
            `A score relative to the people the model learned from; it is not your chance of having ${result.condition}.`}
        </p>
      )}
      <BandGauge
        zones={zones}
        min={0}
        max={1}
        value={result.probability}
        valueText={`${score}`}
        label={`Model score ${score} of 100, in the ${result.band} band. Low is under ${threshold}, moderate ${threshold} to under ${highFrom}, high ${highFrom} and over.`}
      />
      <p className="text-sm leading-relaxed text-slate-700">
        <strong className="font-semibold text-slate-900">Threshold:</strong> the model suggests a check with a doctor
        from a score of {threshold}, a cut-off set low on purpose so that few people with {result.condition} are missed;
        from {highFrom} the score is rated high.
      </p>
      {figure?.population ? (
        <p className="text-sm text-slate-600">Population share: {figure.population.citation.title}</p>
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
          {need.map((n) => `${n.name} needs ${n.needs.join(', ')}.`).join(' ')} Add them to the form for a validated
          figure.
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
          Your answer: <span className="font-medium text-slate-900">{factor.displayValue}</span>
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
          {raises ? 'raises' : 'lowers'}
          <span className="sr-only">
            {' '}
            your estimate
            {share >= 0.999
              ? ', the most of any answer'
              : `, ${Math.round(share * 100)}% as much as the strongest answer`}
          </span>
        </p>
      </div>
    </li>
  );
}

const NOT_A_REASON: Record<NonNullable<RiskFactor['notAReasonBecause']>, string> = {
  contradicts: 'the model moves it the opposite way to what doctors expect, a quirk of its small training data',
  'no-expectation': 'there is no clear medical expectation of which way it should move your risk',
  negligible: 'it barely changed the estimate',
  'not-entered': 'you did not know it, so the model used a typical value',
};

/** 'You answered I don't know for 4 questions: the estimate could be anywhere from 8% to 71%.' */
export function UncertaintyNote({ result }: { result: RiskResult }) {
  const u = result.uncertainty;
  if (!u) return null;
  const n = u.unknownFields.length;
  return (
    <p className="rounded-xl bg-amber-50 px-4 py-3 leading-relaxed text-amber-950 ring-1 ring-amber-200">
      You answered “I don’t know” to {n} {n === 1 ? 'question' : 'questions'}. The model filled in typical values, so
      its score is less certain: had {n === 1 ? 'it' : 'they'} been measured, it could be anywhere from{' '}
      <strong>{Math.round(u.low * 100)}</strong> to <strong>{Math.round(u.high * 100)}</strong> of 100.
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
        {top.length === 0
          ? 'None of your answers moved the estimate in a way that matches medical knowledge clearly enough to call it a reason.'
          : `The ${top.length === 1 ? 'answer' : `${top.length} answers`} that moved your estimate most. Each bar shows how far one answer moved the model’s estimate away from that of an average patient in its training data: `}
        {top.length > 0 ? (
          <>
            <span className="font-semibold text-rose-800">to the right (▲ raises)</span> or{' '}
            <span className="font-semibold text-teal-800">to the left (▼ lowers)</span>.
          </>
        ) : null}
      </p>
      <ul className="mt-2 divide-y divide-slate-200">
        {top.map((factor) => (
          <FactorRow key={factor.key} factor={factor} largest={largest} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-2 rounded-xl bg-slate-50 px-4 py-2 ring-1 ring-slate-200">
          <summary className="cursor-pointer py-1 font-semibold text-teal-800">
            Show the other {rest.length} {rest.length === 1 ? 'answer' : 'answers'}
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
            {others.length} {others.length === 1 ? 'answer is' : 'answers are'} not shown as reasons
          </summary>
          <ul className="divide-y divide-slate-200">
            {others.map((factor) => (
              <li key={factor.key} className="py-2">
                <p className="font-semibold text-slate-900">
                  {factor.label}: <span className="font-normal">{factor.displayValue}</span>
                </p>
                <p className="text-sm text-slate-700">
                  Not a reason, because {NOT_A_REASON[factor.notAReasonBecause ?? 'negligible']}.
                </p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
