import {
  FOCUS_CLASS_BY_TEST,
  type ImageClassProbability,
  type ImageModelId,
  type ImageModelMetrics,
  type ImageResult,
  type ImageTestSlug,
  type ImageTriageResult,
  type Language,
} from '@medibuddy/contracts';
import { getDiseaseContent, type DiseaseContentKey } from '../../content/diseases';
import { classLabelIn, imageTriage, imageTriageIn, withClassOffsets } from '../../content/image-triage';
import { numberIn } from '../../locales/numbers';
import { say } from '../../locales/result-texts';
import type { ImageModelCard } from '../../plugins/image-models';
import { percent } from './risk';
import { type StoredSkinChecklist } from './skin-checklist';

/**
 * Image assessments as stored and as answered. What is stored: `inputs` = { image: the kept picture or null },
 * `result` = ImageResult (probabilities, the gate's verdict and the top class's activation map). What is
 * answered is built from that alone, synchronously, so every reader (result page, history, share link) agrees.
 */

export type StoredImageRef = { file: string; width: number; height: number; format: 'webp' };
/**
 * The `inputs` column of an image assessment: the input is the picture; for the skin test also the 7-point
 * checklist's answers when any came with it.
 */
export type ImageInputs = { image: StoredImageRef | null; checklist?: StoredSkinChecklist };

/** Where each model class leads in the disease content. The three lung cancers share one entry (with notes). */
export const CONTENT_KEY_BY_CLASS: Record<ImageModelId, Record<string, DiseaseContentKey>> = {
  fundus: {
    cataract: 'cataract',
    diabetic_retinopathy: 'diabetic_retinopathy',
    glaucoma: 'glaucoma',
    normal: 'normal_fundus',
  },
  chest_ct: {
    adenocarcinoma: 'lung_cancer',
    large_cell_carcinoma: 'lung_cancer',
    squamous_cell_carcinoma: 'lung_cancer',
    normal: 'normal_chest_ct',
  },
  skin: {
    actinic_keratosis: 'actinic_keratosis',
    basal_cell_carcinoma: 'basal_cell_carcinoma',
    dermatofibroma: 'dermatofibroma',
    melanoma: 'melanoma',
    nevus: 'nevus',
    pigmented_benign_keratosis: 'pigmented_benign_keratosis',
    seborrheic_keratosis: 'seborrheic_keratosis',
    squamous_cell_carcinoma: 'squamous_cell_carcinoma',
    vascular_lesion: 'vascular_lesion',
  },
};

/** The top class's entry first; for the two fundus tests also their own condition's when it is not the top. */
export function imageContentKeysOf(result: ImageResult): DiseaseContentKey[] {
  const keyOf = (classKey: string) => CONTENT_KEY_BY_CLASS[result.model][classKey];
  // Unsure: no class is named, so the page describes what it cannot rule out (the test's own condition, or the
  // first condition it refers for), not the top class.
  if (result.isClassNamed === false) {
    const key = keyOf(result.focus?.key ?? imageTriage().models[result.model].referClasses[0] ?? '');
    return key ? [key] : [];
  }
  const keys = [keyOf(result.top.key)];
  if (result.focus && result.focus.key !== result.top.key) keys.push(keyOf(result.focus.key));
  return [...new Set(keys.filter((k): k is DiseaseContentKey => k !== undefined))];
}

/** A class name inside a sentence: 'Cataract' -> 'cataract' in English; Hindi has no capitals. */
export function lower(label: string, language: Language = 'en'): string {
  if (language !== 'en') return label;
  return label.length > 1 && label[1] === label[1]?.toLowerCase() ? label[0]?.toLowerCase() + label.slice(1) : label;
}

const AND: Record<Language, Intl.ListFormat> = {
  en: new Intl.ListFormat('en', { type: 'conjunction' }),
  hi: new Intl.ListFormat('hi', { type: 'conjunction' }),
};
export const pct = (x: number | null, language: Language = 'en') =>
  x === null ? '–' : say(language, 'result.percent', { value: numberIn(language, Math.round(x * 100)) });

/**
 * Can this wait? The summed probability of the model's refer classes against the threshold fixed on validation
 * (src/content/image-triage.json); below it, a top class under the confidence floor is 'unsure' (named class none,
 * same next step as a flagged picture), else 'routine'. `why` gives the numbers and how the line did in testing,
 * naming any refer class it caught less than 8 times in 10.
 */
export function imageTriageOf(
  model: ImageModelId,
  classes: readonly { key: string; label: string; probability: number }[],
  language: Language = 'en',
): { triage: ImageTriageResult; isClassNamed: boolean } {
  const data = imageTriageIn(language);
  const spec = data.models[model];
  const labelOf = (key: string) =>
    lower(classes.find((c) => c.key === key)?.label ?? key.replaceAll('_', ' '), language);
  const referScore = Math.min(
    1,
    spec.referClasses.reduce((sum, key) => sum + (classes.find((c) => c.key === key)?.probability ?? 0), 0),
  );
  const top = classes.reduce((a, b) => (b.probability > a.probability ? b : a));
  const isClassNamed = top.probability >= spec.confidenceFloor;
  const byClass = Object.entries(spec.classThresholds ?? {})
    .map(([key, threshold]) => ({ key, threshold, p: classes.find((c) => c.key === key)?.probability ?? 0 }))
    .filter((c) => c.p >= c.threshold);
  const level = referScore >= spec.referThreshold || byClass.length > 0 ? 'refer' : isClassNamed ? 'routine' : 'unsure';
  const entry = spec.levels[level];
  const p = (x: number | null) => pct(x, language);
  const n = (x: number) => numberIn(language, x);
  const names = AND[language].format(spec.referClasses.map(labelOf));
  const { sensitivity, specificity, referFlaggedByClass } = spec.measured.reporting;
  const weak = Object.entries(referFlaggedByClass)
    .map(([key, share]) => ({ key, k: Number(share.split('/')[0]), n: Number(share.split('/')[1]) }))
    .filter((c) => c.n > 0 && c.k / c.n < 0.8)
    .map((c) => say(language, 'image.why.weakClass', { k: n(c.k), n: n(c.n), name: labelOf(c.key) }));
  const tested = {
    testSet: spec.testSetInWords,
    k: n(sensitivity.k),
    n: n(sensitivity.n),
    rate: p(sensitivity.value),
    low: p(sensitivity.low),
    high: p(sensitivity.high),
    specificity: p(specificity.value),
  };
  const why = [
    say(language, 'image.why.combined', { names, score: p(referScore), threshold: p(spec.referThreshold) }),
    ...byClass.map((c) =>
      say(language, 'image.why.byClass', { name: labelOf(c.key), score: p(c.p), threshold: p(c.threshold) }),
    ),
    sensitivity.n > 0
      ? weak.length
        ? say(language, 'image.why.testedWeak', { ...tested, weak: AND[language].format(weak) })
        : say(language, 'image.why.tested', tested)
      : '',
    isClassNamed ? '' : say(language, 'image.why.notNamed', { floor: p(spec.confidenceFloor) }),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    isClassNamed,
    triage: {
      level,
      question: spec.question,
      headline: entry.headline,
      timeframe: entry.timeframe,
      nextStep: entry.nextStep,
      why,
      referScore: Math.round(referScore * 1e6) / 1e6,
      referThreshold: spec.referThreshold,
      confidenceFloor: spec.confidenceFloor,
      sources: entry.sources.map((key) => data.sources[key] as NonNullable<(typeof data.sources)[string]>),
    },
  };
}

/**
 * The Result sentence: the triage first ('Can this wait? See a dermatologist within 2 weeks. …'), then the class,
 * only when the top class reaches the confidence floor.
 */
export function imageSummaryOf(
  test: ImageTestSlug,
  classes: readonly ImageClassProbability[],
  focus: ImageClassProbability | null,
  triage: ImageTriageResult,
  isClassNamed: boolean,
  language: Language = 'en',
): string {
  const [top, second] = classes as [ImageClassProbability, ImageClassProbability];
  const parts: string[] = [
    say(language, 'image.summary.lead', { question: triage.question, headline: triage.headline }),
    triage.nextStep,
  ];
  if (!isClassNamed) {
    parts.push(say(language, 'image.summary.unsure', { floor: pct(triage.confidenceFloor, language) }));
  } else if (focus && focus.key !== top.key) {
    parts.push(
      say(language, 'image.summary.focus', {
        top: lower(top.label, language),
        topScore: percent(top.probability, language),
        focus: lower(focus.label, language),
        focusScore: percent(focus.probability, language),
      }),
    );
  } else {
    parts.push(
      say(language, 'image.summary.top', {
        count: numberIn(language, classes.length),
        top: lower(top.label, language),
        score: percent(top.probability, language),
      }),
    );
    if (second.probability >= 0.2)
      parts.push(
        say(language, 'image.summary.second', { label: second.label, score: percent(second.probability, language) }),
      );
  }
  if (test === 'ct-scan' || test === 'skin') parts.push(say(language, 'image.summary.confirm'));
  return parts.join(' ');
}

/**
 * Builds the stored result from the model's probabilities (card order) and the map of the top class. Class offsets
 * from the triage data (a shift of the class priors, chest CT) are applied first: the shown probabilities are the
 * served model's.
 */
export function buildImageResult(options: {
  test: ImageTestSlug;
  model: ImageModelId;
  card: ImageModelCard;
  probabilities: Float32Array;
  gate: ImageResult['gate'];
  heatmap: (topIndex: number, topKey: string) => ImageResult['heatmap'];
}): ImageResult {
  const { test, card, model } = options;
  const keys = card.classes.map((c) => c.key);
  const probabilities = withClassOffsets(options.probabilities, keys, imageTriage().models[model].classOffsets);
  const inCardOrder = card.classes.map((c, i) => ({
    key: c.key,
    label: c.label,
    probability: Math.round(Math.min(1, Math.max(0, probabilities[i] as number)) * 1e6) / 1e6,
  }));
  const classes = [...inCardOrder].sort((a, b) => b.probability - a.probability);
  const top = classes[0] as ImageClassProbability;
  const focusKey = FOCUS_CLASS_BY_TEST[test];
  const focus = focusKey ? (classes.find((c) => c.key === focusKey) ?? null) : null;
  const { triage, isClassNamed } = imageTriageOf(model, classes);
  return {
    kind: 'image',
    model,
    classes,
    top,
    focus,
    prediction: top.label,
    summary: imageSummaryOf(test, classes, focus, triage, isClassNamed),
    gate: options.gate,
    heatmap: options.heatmap(
      inCardOrder.findIndex((c) => c.key === top.key),
      top.key,
    ),
    triage,
    isClassNamed,
  };
}

/** A result saved before triage existed, answered with it (from the stored probabilities, class offsets applied). */
export function withTriage(test: ImageTestSlug | undefined, result: ImageResult): ImageResult {
  if (result.triage) return result;
  const spec = imageTriage().models[result.model];
  const keys = result.classes.map((c) => c.key);
  const shifted = withClassOffsets(
    result.classes.map((c) => c.probability),
    keys,
    spec.classOffsets,
  );
  const classes = result.classes
    .map((c, i) => ({ ...c, probability: Math.round((shifted[i] as number) * 1e6) / 1e6 }))
    .sort((a, b) => b.probability - a.probability);
  const { triage, isClassNamed } = imageTriageOf(result.model, classes);
  const focus = result.focus ? (classes.find((c) => c.key === result.focus?.key) ?? null) : null;
  const summary = test ? imageSummaryOf(test, classes, focus, triage, isClassNamed) : result.summary;
  return { ...result, classes, top: classes[0] as ImageClassProbability, focus, triage, isClassNamed, summary };
}

/**
 * A result in a benign or normal class does not rule out a condition the model put there in testing at least one
 * time in ten (chest CT: 12 of 120 adenocarcinomas called normal; fundus: 26 of 198 glaucoma; skin: 13 of 16
 * melanomas called nevus).
 */
const MISTAKEN_SHARE = 0.1;
const MISTAKEN_MIN_COUNT = 2;

/**
 * The conditions whose held-out test pictures the model put in `topKey` at least MISTAKEN_SHARE of the time (and at
 * least MISTAKEN_MIN_COUNT pictures), when `topKey` is a benign or normal class; worst first. Empty otherwise.
 */
export function mistakenFor(
  card: ImageModelCard,
  model: ImageModelId,
  topKey: string,
  language: Language = 'en',
): NonNullable<ImageModelMetrics['mistakenForTop']> {
  const matrix = card.evaluation.confusion_matrix;
  const categoryOf = (key: string) => {
    const contentKey = CONTENT_KEY_BY_CLASS[model][key];
    return contentKey ? getDiseaseContent(contentKey)?.category : undefined;
  };
  const topCategory = categoryOf(topKey);
  if (!matrix || (topCategory !== 'benign' && topCategory !== 'normal')) return [];
  const column = matrix.labels.indexOf(topKey);
  if (column < 0) return [];
  return matrix.labels
    .map((key, row) => {
      const counts = matrix.rows[row] ?? [];
      return { key, count: counts[column] ?? 0, n: counts.reduce((sum, c) => sum + c, 0) };
    })
    .filter((c) => c.key !== topKey && categoryOf(c.key) === 'condition')
    .filter((c) => c.n > 0 && c.count >= MISTAKEN_MIN_COUNT && c.count / c.n >= MISTAKEN_SHARE)
    .sort((a, b) => b.count / b.n - a.count / a.n)
    .map((c) => ({
      ...c,
      label: classLabelIn(language, model, c.key, card.classes.find((k) => k.key === c.key)?.label ?? c.key),
    }));
}

/** The card's held-out figures, and what a result in `topKey` does not rule out. */
export function imageMetricsOf(
  card: ImageModelCard,
  model: ImageModelId,
  topKey: string,
  language: Language = 'en',
): ImageModelMetrics {
  const e = card.evaluation;
  return {
    mistakenForTop: mistakenFor(card, model, topKey, language),
    accuracy: e.accuracy,
    balancedAccuracy: e.balanced_accuracy,
    nTest: e.n_test ?? null,
    // The card's own split note names files and folders; patients get the plain words of the triage data.
    testSet: imageTriageIn(language).models[model].testSetInWords,
    perClass: card.classes.map((c) => {
      const m = e.per_class?.[c.key];
      return {
        key: c.key,
        label: classLabelIn(language, model, c.key, c.label),
        sensitivity: m?.sensitivity ?? null,
        specificity: m?.specificity ?? null,
        rocAuc: m?.roc_auc ?? null,
      };
    }),
  };
}
