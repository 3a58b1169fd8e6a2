import type { RiskFactor, RiskResult } from '@medibuddy/contracts';
import { bandLabel, formatPercent } from '../format';
import { BandGauge, type GaugeZone } from './band-gauge';

const TOP_FACTORS = 6;

/** The probability on a gauge split at the card's threshold and where 'high' begins. */
export function RiskGauge({ result }: { result: RiskResult }) {
  const threshold = formatPercent(result.threshold);
  const highFrom = formatPercent(result.highFrom);
  const zones: GaugeZone[] = [
    { band: 'low', from: 0, to: result.threshold, range: `under ${threshold}` },
    { band: 'moderate', from: result.threshold, to: result.highFrom, range: `${threshold} to under ${highFrom}` },
    { band: 'high', from: result.highFrom, to: 1, range: `${highFrom} and over` },
  ];
  const percent = formatPercent(result.probability);
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900 tabular-nums">{percent}</span>
        <span className="text-lg text-slate-700">estimated chance of {result.condition}</span>
        <span className="rounded-full bg-slate-900 px-3 py-0.5 text-sm font-bold text-white print:border print:border-slate-900 print:bg-white print:text-slate-900">
          {bandLabel(result.band)}
        </span>
      </p>
      <BandGauge
        zones={zones}
        min={0}
        max={1}
        value={result.probability}
        valueText={percent}
        label={`Estimated chance ${percent}, in the ${result.band} band. Low is under ${threshold}, moderate ${threshold} to under ${highFrom}, high ${highFrom} and over.`}
      />
      <p className="text-sm leading-relaxed text-slate-700">
        <strong className="font-semibold text-slate-900">Threshold:</strong> the model flags {threshold} and over as
        worth a check with a doctor, a cut-off set low on purpose so that few people with {result.condition} are missed;
        from {highFrom} the chance is rated high.
      </p>
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
      this estimate is less certain: had {n === 1 ? 'it' : 'they'} been measured, it could be anywhere from{' '}
      <strong>{formatPercent(u.low)}</strong> to <strong>{formatPercent(u.high)}</strong>.
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
