import type { KidneyStoneResult } from '@medibuddy/contracts';
import { bandLabel, formatPercent } from '../format';
import { BandGauge, type GaugeZone } from './band-gauge';
import { CitationLine } from './blood-test-result';

const SYMPTOM_COUNT = 8;
const MAX_SCORE = 13;

/** The published bands of the STONE score (Moore et al., BMJ 2014): 0-5 low, 6-9 moderate, 10-13 high. */
const STONE_ZONES: GaugeZone[] = [
  { band: 'low', from: 0, to: 5.5, range: '0 to 5 points' },
  { band: 'moderate', from: 5.5, to: 9.5, range: '6 to 9 points' },
  { band: 'high', from: 9.5, to: MAX_SCORE, range: '10 to 13 points' },
];

/** The one-sentence Result of a kidney-stone assessment. */
export function kidneyStoneSentence(result: KidneyStoneResult): string {
  if (!result.applies || result.band === null || result.probability === null) {
    return (
      `You answered Yes to ${result.total} of ${SYMPTOM_COUNT} symptoms. The STONE score does not apply to your ` +
      'answers: it was built for people with sudden back, side or belly pain, so no stone estimate is given.'
    );
  }
  return (
    `Your STONE score is ${result.score} of ${MAX_SCORE}: ${result.band}. In the study that validated the score, ` +
    `${formatPercent(result.probability)} of people with a ${result.band} score had a kidney stone in the ureter on a CT scan.`
  );
}

/** The Total, the score on its bands, and what a urine test could change. */
export function KidneyStoneSummary({ result }: { result: KidneyStoneResult }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm font-semibold text-slate-700">Total (symptoms answered Yes)</dt>
          <dd className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums">
            {result.total} <span className="text-base font-medium text-slate-600">of {SYMPTOM_COUNT}</span>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm font-semibold text-slate-700">STONE score</dt>
          <dd className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums">
            {result.score} <span className="text-base font-medium text-slate-600">of {MAX_SCORE}</span>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm font-semibold text-slate-700">Band and published chance of a stone</dt>
          <dd className="mt-1 text-3xl font-extrabold text-slate-900">
            {result.band && result.probability !== null ? (
              <>
                {bandLabel(result.band)}{' '}
                <span className="text-base font-medium text-slate-600">{formatPercent(result.probability)}</span>
              </>
            ) : (
              <span className="text-xl">Does not apply</span>
            )}
          </dd>
        </div>
      </dl>
      {result.applies && result.band ? (
        <BandGauge
          zones={STONE_ZONES}
          min={0}
          max={MAX_SCORE}
          value={result.score}
          valueText={`Score ${result.score}`}
          label={`STONE score ${result.score} of ${MAX_SCORE}, in the ${result.band} band. Low is 0 to 5 points, moderate 6 to 9, high 10 to 13.`}
        />
      ) : null}
      {result.ifHaematuria ? (
        <p className="rounded-xl bg-sky-50 px-4 py-3 leading-relaxed text-sky-950 ring-1 ring-sky-200">
          <strong>No urine test yet.</strong> If a urine dipstick showed blood, your score would be{' '}
          {result.ifHaematuria.score} of {MAX_SCORE}: {result.ifHaematuria.band} (
          {formatPercent(result.ifHaematuria.probability)} had a stone in the study)
          {result.ifHaematuria.band === result.band ? ', the same band' : ', a different band'}.
        </p>
      ) : null}
    </div>
  );
}

/** Every factor of the score with its points, then the notes for these answers and the source. */
export function KidneyStoneFactors({ result }: { result: KidneyStoneResult }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] border-collapse text-left">
          <caption className="sr-only">STONE score factors and the points each answer adds</caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Factor
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Your answer
              </th>
              <th scope="col" className="py-2 font-semibold">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {result.factors.map((factor) => (
              <tr key={factor.key} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2.5 pr-4 font-semibold text-slate-900">
                  {factor.label}
                </th>
                <td className="py-2.5 pr-4 text-slate-800">
                  {factor.answer}
                  {factor.note ? <p className="mt-1 text-sm text-slate-600">{factor.note}</p> : null}
                </td>
                <td className="py-2.5 whitespace-nowrap text-slate-900 tabular-nums">
                  <strong>{factor.points}</strong> of {factor.maxPoints}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-2.5 pr-4 text-right font-bold text-slate-900">
                STONE score
              </th>
              <td className="py-2.5 font-bold whitespace-nowrap text-slate-900 tabular-nums">
                {result.score} of {MAX_SCORE}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {result.notes.length > 0 ? (
        <ul className="list-disc space-y-1.5 pl-5 leading-relaxed text-slate-800">
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <CitationLine citation={result.citation} />
    </div>
  );
}
