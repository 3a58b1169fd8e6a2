import { TREND_SERIES, type HistoryEntry, type TestSlug } from '@medibuddy/contracts';
import { t, type MessageKey } from '../../../lib/i18n';
import { testNameOf } from '../test-name';
import { TrendChart } from './trend-chart';

const score = (p: number) => `${Math.round(p * 100)}`;
/** 'WHO chart' from 'WHO cardiovascular disease risk chart (2019), South Asia (…)'; other names as they are. */
const scoreName = (name: string | undefined) =>
  name?.startsWith('WHO') ? t('account.trends.whoChart') : (name ?? t('account.trends.validatedScore'));

/** A charted value's label and usual range in the page's language (TREND_SERIES's words in English). */
const seriesText = (test: TestSlug, key: string, part: 'label' | 'range') =>
  t(`account.series.${test}.${key}.${part}` as MessageKey);

/** For each test taken more than once: the risk (model tests) and the test's key values over time. */
export function Trends({ entries }: { entries: HistoryEntry[] }) {
  const byTest = new Map<TestSlug, HistoryEntry[]>();
  for (const entry of entries) byTest.set(entry.test, [...(byTest.get(entry.test) ?? []), entry]);
  const repeated = [...byTest.entries()].filter(([, list]) => list.length > 1);

  if (repeated.length === 0) {
    return <p className="text-slate-700">{t('account.trends.none')}</p>;
  }
  return (
    <div className="flex flex-col gap-8">
      {repeated.map(([test, list]) => {
        const withRisk = list.filter((e) => e.risk);
        const withScore = list.filter((e) => e.risk?.score);
        const threshold = withRisk[0]?.risk?.threshold;
        const series = (TREND_SERIES[test] ?? []).filter((s) => list.some((e) => typeof e.values[s.key] === 'number'));
        return (
          <section key={test} aria-labelledby={`trend-${test}`}>
            <h3 id={`trend-${test}`} className="mb-3 text-lg font-bold text-slate-900">
              {t('account.trends.testHeading', { test: testNameOf(test), count: list.length })}
            </h3>
            <div className="grid gap-4 lg:grid-cols-2">
              {withScore.length > 1 ? (
                <TrendChart
                  title={t('account.trends.riskTitle', {
                    years: withScore[0]?.risk?.score?.timeframeYears ?? 10,
                    score: scoreName(withScore[0]?.risk?.score?.name),
                  })}
                  unit="%"
                  points={withScore.map((e) => ({ at: e.createdAt, value: e.risk?.score?.risk ?? null }))}
                  range={[0, 0.1]}
                  rangeLabel={t('account.trends.riskRange')}
                  format={score}
                  domain={[0, Math.max(0.3, ...withScore.map((e) => e.risk?.score?.risk ?? 0))]}
                />
              ) : null}
              {withRisk.length > 1 && threshold !== undefined ? (
                <TrendChart
                  title={t('account.trends.modelTitle')}
                  unit={t('account.trends.of100')}
                  points={withRisk.map((e) => ({ at: e.createdAt, value: e.risk?.probability ?? null }))}
                  range={[0, threshold]}
                  rangeLabel={t('account.trends.modelRange', { threshold: score(threshold) })}
                  format={score}
                  domain={[0, 1]}
                />
              ) : null}
              {series.map((s) => (
                <TrendChart
                  key={s.key}
                  title={seriesText(test, s.key, 'label')}
                  unit={s.unit}
                  points={list.map((e) => ({ at: e.createdAt, value: e.values[s.key] ?? null }))}
                  range={s.range}
                  rangeLabel={seriesText(test, s.key, 'range')}
                />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
