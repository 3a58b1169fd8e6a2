import type { KidneyStoneResult } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { bandLabel, bandWord, formatPercent } from '../format';
import { BandGauge, type GaugeZone } from './band-gauge';
import { CitationLine } from './blood-test-result';

const SYMPTOM_COUNT = 8;
const MAX_SCORE = 13;

/** The published bands of the STONE score (Moore et al., BMJ 2014): 0-5 low, 6-9 moderate, 10-13 high. */
const stoneZones = (): GaugeZone[] => [
  { band: 'low', from: 0, to: 5.5, range: t('results.stone.range', { from: 0, to: 5 }) },
  { band: 'moderate', from: 5.5, to: 9.5, range: t('results.stone.range', { from: 6, to: 9 }) },
  { band: 'high', from: 9.5, to: MAX_SCORE, range: t('results.stone.range', { from: 10, to: MAX_SCORE }) },
];

/** The one-sentence Result of a kidney-stone assessment. */
export function kidneyStoneSentence(result: KidneyStoneResult): string {
  if (!result.applies || result.band === null || result.probability === null) {
    return t('results.stone.notApplies', { total: result.total, count: SYMPTOM_COUNT });
  }
  return t('results.stone.sentence', {
    score: result.score,
    max: MAX_SCORE,
    band: bandWord(result.band),
    percent: formatPercent(result.probability),
  });
}

/** The Total, the score on its bands, and what a urine test could change. */
export function KidneyStoneSummary({ result }: { result: KidneyStoneResult }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm font-semibold text-slate-700">{t('results.stone.total')}</dt>
          <dd className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums">
            {result.total}{' '}
            <span className="text-base font-medium text-slate-600">
              {t('results.stone.of', { max: SYMPTOM_COUNT })}
            </span>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm font-semibold text-slate-700">{t('results.stone.score')}</dt>
          <dd className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums">
            {result.score}{' '}
            <span className="text-base font-medium text-slate-600">{t('results.stone.of', { max: MAX_SCORE })}</span>
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <dt className="text-sm font-semibold text-slate-700">{t('results.stone.band')}</dt>
          <dd className="mt-1 text-3xl font-extrabold text-slate-900">
            {result.band && result.probability !== null ? (
              <>
                {bandLabel(result.band)}{' '}
                <span className="text-base font-medium text-slate-600">{formatPercent(result.probability)}</span>
              </>
            ) : (
              <span className="text-xl">{t('results.stone.doesNotApply')}</span>
            )}
          </dd>
        </div>
      </dl>
      {result.applies && result.band ? (
        <BandGauge
          zones={stoneZones()}
          min={0}
          max={MAX_SCORE}
          value={result.score}
          valueText={t('results.stone.marker', { score: result.score })}
          label={t('results.stone.gauge', { score: result.score, max: MAX_SCORE, band: bandWord(result.band) })}
        />
      ) : null}
      {result.ifHaematuria ? (
        <p className="rounded-xl bg-sky-50 px-4 py-3 leading-relaxed text-sky-950 ring-1 ring-sky-200">
          {richText(
            'results.stone.ifBlood',
            { noTest: <strong>{t('results.stone.noUrineTest')}</strong> },
            {
              score: result.ifHaematuria.score,
              max: MAX_SCORE,
              band: bandWord(result.ifHaematuria.band),
              percent: formatPercent(result.ifHaematuria.probability),
              sameOrNot:
                result.ifHaematuria.band === result.band ? t('results.stone.sameBand') : t('results.stone.otherBand'),
            },
          )}
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
          <caption className="sr-only">{t('results.stone.caption')}</caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-sm text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('results.stone.factor')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('results.stone.answer')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('results.stone.points')}
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
                  {richText(
                    'results.stone.pointsOf',
                    { points: <strong>{factor.points}</strong> },
                    { max: factor.maxPoints },
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-2.5 pr-4 text-right font-bold text-slate-900">
                {t('results.stone.score')}
              </th>
              <td className="py-2.5 font-bold whitespace-nowrap text-slate-900 tabular-nums">
                {t('results.stone.scoreOf', { score: result.score, max: MAX_SCORE })}
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
