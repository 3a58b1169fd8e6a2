import type {
  AssessmentImage,
  DiseaseContent,
  ImageModelMetrics,
  ImageResult,
  ImageTriageResult,
  SkinChecklistResult,
} from '@medibuddy/contracts';
import { useEffect, useId, useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { currentLanguage, INTL_LOCALE, t } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { richText } from '../../../lib/rich-text';
import { usePrefersReducedMotion } from '../../../lib/use-browser-value';
import { formatAuc, formatPercent, formatRate, lowerFirst } from '../format';

/**
 * The picture with the model's class-activation heatmap laid over it. The model saw the picture stretched to a
 * square, so the heatmap is stretched over the picture's own box (both fill the same frame).
 */
function ImageWithHeatmap({ image, alt }: { image: AssessmentImage; alt: string }) {
  const toggleId = useId();
  const [isHeatmapShown, setHeatmapShown] = useState(true);
  const ratio = image.width && image.height ? `${image.width} / ${image.height}` : '1 / 1';
  return (
    <figure className="flex w-full max-w-md shrink-0 flex-col gap-2">
      <div
        className="relative w-full max-w-md overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-300"
        style={{ aspectRatio: ratio }}
      >
        {image.url ? <img src={image.url} alt={alt} className="absolute inset-0 size-full object-fill" /> : null}
        {image.heatmap && isHeatmapShown ? (
          <img
            src={image.heatmap}
            alt=""
            data-testid="heatmap"
            className="pointer-events-none absolute inset-0 size-full object-fill"
          />
        ) : null}
        {!image.url && !image.heatmap ? (
          <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-slate-200">
            {t('results.image.noPicture')}
          </p>
        ) : null}
      </div>
      {image.heatmap ? (
        <figcaption className="max-w-md text-sm leading-relaxed text-slate-700">
          <label htmlFor={toggleId} className="mb-1 flex items-center gap-2 font-semibold text-slate-900">
            <input
              id={toggleId}
              type="checkbox"
              checked={isHeatmapShown}
              onChange={(e) => setHeatmapShown(e.target.checked)}
              className="size-4 accent-teal-700"
            />
            {t('results.heatmap.show')}
          </label>
          {t('results.heatmap.explain', {
            target: image.heatmapLabel ? `“${image.heatmapLabel}”` : t('results.heatmap.leadingGuess'),
          })}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The result's headline: the test's own class (fundus tests) or the top class, with its score. */
type Mistaken = NonNullable<ImageModelMetrics['mistakenForTop']>;

/** 'a, b and c' / 'a, b or c' in the page's language. */
const listOf = (items: string[], type: Intl.ListFormatType) =>
  new Intl.ListFormat(INTL_LOCALE[currentLanguage()], { type }).format(items);

/** Next to a benign or normal result: the conditions the model often called by that name in testing. */
function MistakenNotice({ mistaken, topLabel }: { mistaken: Mistaken; topLabel: string }) {
  if (mistaken.length === 0) return null;
  return (
    <Notice
      tone="warning"
      title={t('results.mistaken.title', {
        conditions: listOf(
          mistaken.map((m) => lowerFirst(m.label)),
          'disjunction',
        ),
      })}
    >
      <p>
        {t('results.mistaken.text', {
          counts: listOf(
            mistaken.map((m) => t('results.mistaken.count', { count: m.count, n: m.n, label: lowerFirst(m.label) })),
            'conjunction',
          ),
          top: topLabel,
        })}
      </p>
    </Notice>
  );
}

const TRIAGE_TONE: Record<ImageTriageResult['level'], string> = {
  refer: 'border-red-700 bg-red-50 text-red-950',
  unsure: 'border-amber-600 bg-amber-50 text-amber-950',
  routine: 'border-teal-700 bg-teal-50 text-teal-950',
};

/** Can this wait? The answer, the next step with its timeframe, why, and the sources of the advice. */
function ImageTriage({ triage }: { triage: ImageTriageResult }) {
  return (
    <section
      aria-label={triage.question}
      data-testid="image-triage"
      data-level={triage.level}
      className={`rounded-xl border-2 p-4 ${TRIAGE_TONE[triage.level]}`}
    >
      <p className="text-sm font-semibold">{triage.question}</p>
      <p className="mt-1 text-2xl font-extrabold">{triage.headline}</p>
      <p className="mt-2 leading-relaxed">{triage.nextStep}</p>
      <details className="mt-2 text-sm leading-relaxed">
        <summary className="cursor-pointer font-semibold">{t('results.triage.why')}</summary>
        <p className="mt-1">{triage.why}</p>
        <SourceList sources={triage.sources} />
      </details>
    </section>
  );
}

function SourceList({ sources }: { sources: ImageTriageResult['sources'] }) {
  return (
    <ul className="mt-1 list-disc pl-5">
      {sources.map((s) => (
        <li key={s.title}>
          {s.url ? (
            <a href={s.url} className="underline underline-offset-2">
              {s.title}
            </a>
          ) : (
            s.title
          )}{' '}
          ({s.publisher}){s.note ? `: ${s.note}` : ''}
        </li>
      ))}
    </ul>
  );
}

const CHECKLIST_TONE: Record<SkinChecklistResult['level'], string> = {
  refer: 'border-red-700 bg-red-50 text-red-950',
  below: 'border-slate-300 bg-slate-50 text-slate-900',
};

/**
 * The skin test's 7-point checklist as answered: its step (first on the page when it reached the threshold), the
 * score, the answers that counted, and every answer given.
 */
function SkinChecklistBox({ checklist }: { checklist: SkinChecklistResult }) {
  const counted = checklist.items.filter((i) => i.isCounted);
  return (
    <section
      aria-label={t('results.checklist.heading')}
      data-testid="skin-checklist"
      data-level={checklist.level}
      className={`rounded-xl border-2 p-4 ${CHECKLIST_TONE[checklist.level]}`}
    >
      <p className="text-sm font-semibold">{t('results.checklist.heading')}</p>
      <p className={checklist.level === 'refer' ? 'mt-1 text-2xl font-extrabold' : 'mt-1 text-xl font-bold'}>
        {checklist.headline}
      </p>
      <p className="mt-1 font-semibold" data-testid="skin-checklist-score">
        {t('results.checklist.score', {
          score: checklist.score,
          max: checklist.maxScore,
          threshold: checklist.threshold,
        })}
      </p>
      <p className="mt-2 leading-relaxed">{checklist.nextStep}</p>
      <h3 className="mt-3 text-sm font-semibold">{t('results.checklist.counted')}</h3>
      {counted.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {counted.map((i) => (
            <li key={i.key}>
              {i.question}{' '}
              <span className="font-semibold">{t('results.checklist.yesPoints', { count: i.points })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">{t('results.checklist.none')}</p>
      )}
      {checklist.notSureNote ? <p className="mt-2 text-sm leading-relaxed">{checklist.notSureNote}</p> : null}
      <details className="mt-2 text-sm leading-relaxed">
        <summary className="cursor-pointer font-semibold">{t('results.checklist.every')}</summary>
        <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[1fr_auto]">
          {checklist.items.map((i) => (
            <div key={i.key} className="contents">
              <dt>{i.question}</dt>
              <dd className="font-semibold">
                {i.answer ? t(`results.checklist.answer.${i.answer}`) : t('results.checklist.skipped')}
              </dd>
            </div>
          ))}
        </dl>
        <SourceList sources={checklist.sources} />
      </details>
    </section>
  );
}

export function ImageHeadline({
  result,
  image,
  testName,
  mistakenForTop = [],
}: {
  result: ImageResult;
  image?: AssessmentImage;
  testName: string;
  /** Conditions the model often called this result's class in testing (from its card). */
  mistakenForTop?: Mistaken;
}) {
  const main = result.focus ?? result.top;
  const isNamed = result.isClassNamed !== false;
  return (
    <div className="flex flex-col gap-5 md:flex-row md:items-start">
      {image ? <ImageWithHeatmap image={image} alt={t('results.image.alt', { test: testName })} /> : null}
      <div className="flex flex-1 flex-col gap-3">
        {/* The checklist leads when it reached its threshold; below it the picture's triage stays first. */}
        {result.checklist?.level === 'refer' ? <SkinChecklistBox checklist={result.checklist} /> : null}
        {result.triage ? <ImageTriage triage={result.triage} /> : null}
        {result.checklist && result.checklist.level !== 'refer' ? (
          <SkinChecklistBox checklist={result.checklist} />
        ) : null}
        {isNamed ? (
          <dl className="grid gap-3">
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <dt className="text-sm font-semibold text-slate-700">
                {result.focus
                  ? t('results.image.scoreFor', { label: lowerFirst(main.label) })
                  : t('results.image.mostLike')}
              </dt>
              <dd className="mt-1 text-xl font-bold text-slate-900">
                {result.focus ? formatPercent(main.probability) : `${main.label} (${formatPercent(main.probability)})`}
              </dd>
            </div>
            {result.focus && result.focus.key !== result.top.key ? (
              <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                <dt className="text-sm font-semibold text-slate-700">{t('results.image.mostLike')}</dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">
                  {result.top.label} ({formatPercent(result.top.probability)})
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="rounded-xl bg-slate-50 p-4 text-slate-800 ring-1 ring-slate-200">{t('results.image.unsure')}</p>
        )}
        {isNamed ? <MistakenNotice mistaken={mistakenForTop} topLabel={result.top.label} /> : null}
      </div>
    </div>
  );
}

/** The CT scan result page starts its animation 3 s after it opens (docs/product.md#texts-and-timings). */
export const CT_RESULT_ANIMATION_MS = 3000;

/** False until `delayMs` has passed (at once without a delay, or when the reader prefers reduced motion). */
function useAnimationFlag(delayMs: number | undefined): boolean {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [isOn, setOn] = useState(delayMs === undefined || prefersReducedMotion);
  useEffect(() => {
    if (isOn) return undefined;
    if (prefersReducedMotion) {
      setOn(true);
      return undefined;
    }
    const timer = window.setTimeout(() => setOn(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs, isOn, prefersReducedMotion]);
  return isOn;
}

/**
 * Every class with its probability, as bars, and what the numbers mean. With `animateAfterMs` the bars grow
 * from zero once that time has passed (the CT page's animation); the percentages are written from the start.
 */
export function ImageClassBreakdown({
  result,
  content,
  animateAfterMs,
}: {
  result: ImageResult;
  content: readonly DiseaseContent[];
  animateAfterMs?: number;
}) {
  const isAnimated = useAnimationFlag(animateAfterMs);
  const note = content.find((c) => c.classNotes?.[result.top.key])?.classNotes?.[result.top.key];
  return (
    <div className="flex flex-col gap-5">
      <ul className="flex flex-col gap-3" aria-label={t('results.classes.label')} data-animated={isAnimated}>
        {result.classes.map((c) => (
          <li key={c.key} className="grid grid-cols-[minmax(8rem,14rem)_1fr_4.5rem] items-center gap-3">
            <span className={c.key === result.top.key ? 'font-bold text-slate-900' : 'text-slate-800'}>{c.label}</span>
            <span className="h-3 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200" aria-hidden="true">
              <span
                className={`block h-full rounded-full transition-[width] duration-1000 ease-out motion-reduce:transition-none ${c.key === result.top.key ? 'bg-teal-700' : 'bg-slate-400'}`}
                style={{ width: isAnimated ? `${Math.max(0.5, c.probability * 100)}%` : '0%' }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums text-slate-900">{formatPercent(c.probability)}</span>
          </li>
        ))}
      </ul>
      {note ? (
        <p className="rounded-xl bg-slate-50 p-4 leading-relaxed text-slate-800 ring-1 ring-slate-200">{note}</p>
      ) : null}
      <div className="flex flex-col gap-2 leading-relaxed text-slate-800">
        <h3 className="text-lg font-bold text-slate-900">{t('results.classes.meaning')}</h3>
        <p>
          {t('results.classes.shares', { count: result.classes.length, all: formatNumber(1, { style: 'percent' }) })}
        </p>
        <p>
          {richText(
            'results.classes.notChance',
            { not: <strong>{t('results.classes.not')}</strong> },
            { count: result.classes.length },
          )}
        </p>
      </div>
    </div>
  );
}

/** The model card's held-out figures. */
export function ImageModelMetricsDetails({ metrics }: { metrics: ImageModelMetrics }) {
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr]">
        <dt className="text-sm font-semibold text-slate-700">{t('results.metric.accuracy')}</dt>
        <dd>
          <span className="font-semibold text-slate-900">{formatRate(metrics.accuracy)}</span>
          {metrics.nTest ? (
            <span className="text-slate-600">
              {' '}
              {t('results.metric.onTestImages', { n: formatNumber(metrics.nTest) })}
            </span>
          ) : null}
        </dd>
        <dt className="text-sm font-semibold text-slate-700">{t('results.metric.balancedAccuracy')}</dt>
        <dd className="font-semibold text-slate-900">{formatRate(metrics.balancedAccuracy)}</dd>
        {metrics.testSet ? (
          <>
            <dt className="text-sm font-semibold text-slate-700">{t('results.metric.testSet')}</dt>
            <dd className="text-sm text-slate-700">{metrics.testSet}</dd>
          </>
        ) : null}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="mb-2 text-left font-semibold text-slate-900">{t('results.metric.perClass')}</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('results.metric.class')}
              </th>
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('results.metric.sensitivity')}
              </th>
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('results.metric.specificity')}
              </th>
              <th scope="col" className="py-1.5 font-semibold">
                {t('results.metric.rocAuc')}
              </th>
            </tr>
          </thead>
          <tbody>
            {metrics.perClass.map((c) => (
              <tr key={c.key} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-3 font-medium text-slate-900">
                  {c.label}
                </th>
                <td className="py-1.5 pr-3 tabular-nums">{c.sensitivity === null ? '–' : formatRate(c.sensitivity)}</td>
                <td className="py-1.5 pr-3 tabular-nums">{c.specificity === null ? '–' : formatRate(c.specificity)}</td>
                <td className="py-1.5 tabular-nums">{c.rocAuc === null ? '–' : formatAuc(c.rocAuc)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm leading-relaxed text-slate-700">{t('results.metric.imageNote')}</p>
    </div>
  );
}
