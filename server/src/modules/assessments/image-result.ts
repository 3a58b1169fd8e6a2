import {
  FOCUS_CLASS_BY_TEST,
  getTest,
  type AssessmentModel,
  type AssessmentResponse,
  type ImageClassProbability,
  type ImageModelId,
  type ImageModelMetrics,
  type ImageResult,
  type ImageTestSlug,
} from '@medibuddy/contracts';
import { getDiseaseContent, RESULT_NOTICE, type DiseaseContent, type DiseaseContentKey } from '../../content/diseases';
import type { ImageModelCard, ImageModelRegistry } from '../../plugins/image-models';
import type { AssessmentRow } from './assessments.repository';
import { renderHeatmap } from './heatmap';
import { percent } from './risk';

/**
 * Image assessments as stored and as answered. What is stored: `inputs` = { image: the kept picture or null },
 * `result` = ImageResult (probabilities, the gate's verdict and the top class's activation map). What is
 * answered is built from that alone, synchronously, so every reader (result page, history, share link) agrees.
 */

export type StoredImageRef = { file: string; width: number; height: number; format: 'webp' };
/** The `inputs` column of an image assessment: the input is the picture. */
export type ImageInputs = { image: StoredImageRef | null };

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
  const keys = [keyOf(result.top.key)];
  if (result.focus && result.focus.key !== result.top.key) keys.push(keyOf(result.focus.key));
  return [...new Set(keys.filter((k): k is DiseaseContentKey => k !== undefined))];
}

function lower(label: string): string {
  return label.length > 1 && label[1] === label[1]?.toLowerCase() ? label[0]?.toLowerCase() + label.slice(1) : label;
}

/** The Result sentence, e.g. 'The model puts the chance that this retina photo shows cataract at 12%. …' */
export function imageSummaryOf(test: ImageTestSlug, classes: readonly ImageClassProbability[], focus: ImageClassProbability | null): string {
  const [top, second] = classes as [ImageClassProbability, ImageClassProbability];
  const parts: string[] = [];
  if (focus) {
    parts.push(`The model’s score for ${lower(focus.label)} in this picture is ${percent(focus.probability)}.`);
    parts.push(
      focus.key === top.key
        ? `That is the highest of the ${classes.length} classes it knows.`
        : `It finds the picture most like ${lower(top.label)} (${percent(top.probability)}).`,
    );
  } else {
    parts.push(`Of the ${classes.length} classes it knows, the model finds this picture most like ${lower(top.label)} (${percent(top.probability)}).`);
  }
  if (second.probability >= 0.2) parts.push(`${second.label} is also possible (${percent(second.probability)}).`);
  if (top.probability < 0.5) parts.push('The model is unsure: no class reaches 50%.');
  if (test === 'ct-scan' || test === 'skin') parts.push('A doctor has to confirm any finding.');
  return parts.join(' ');
}

/** Builds the stored result from the model's probabilities (card order) and the map of the top class. */
export function buildImageResult(options: {
  test: ImageTestSlug;
  model: ImageModelId;
  card: ImageModelCard;
  probabilities: Float32Array;
  gate: ImageResult['gate'];
  heatmap: (topIndex: number, topKey: string) => ImageResult['heatmap'];
}): ImageResult {
  const { test, card, probabilities } = options;
  const inCardOrder = card.classes.map((c, i) => ({
    key: c.key,
    label: c.label,
    probability: Math.round(Math.min(1, Math.max(0, probabilities[i] as number)) * 1e6) / 1e6,
  }));
  const classes = [...inCardOrder].sort((a, b) => b.probability - a.probability);
  const top = classes[0] as ImageClassProbability;
  const focusKey = FOCUS_CLASS_BY_TEST[test];
  const focus = focusKey ? (classes.find((c) => c.key === focusKey) ?? null) : null;
  return {
    kind: 'image',
    model: options.model,
    classes,
    top,
    focus,
    prediction: top.label,
    summary: imageSummaryOf(test, classes, focus),
    gate: options.gate,
    heatmap: options.heatmap(inCardOrder.findIndex((c) => c.key === top.key), top.key),
  };
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
export function mistakenFor(card: ImageModelCard, model: ImageModelId, topKey: string): NonNullable<ImageModelMetrics['mistakenForTop']> {
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
    .map((c) => ({ ...c, label: card.classes.find((k) => k.key === c.key)?.label ?? c.key }));
}

/** The card's held-out figures, and what a result in `topKey` does not rule out. */
export function imageMetricsOf(card: ImageModelCard, model: ImageModelId, topKey: string): ImageModelMetrics {
  const e = card.evaluation;
  return {
    mistakenForTop: mistakenFor(card, model, topKey),
    accuracy: e.accuracy,
    balancedAccuracy: e.balanced_accuracy,
    nTest: e.n_test ?? null,
    testSet: e.test_set ?? null,
    perClass: card.classes.map((c) => {
      const m = e.per_class?.[c.key];
      return {
        key: c.key,
        label: c.label,
        sensitivity: m?.sensitivity ?? null,
        specificity: m?.specificity ?? null,
        rocAuc: m?.roc_auc ?? null,
      };
    }),
  };
}

export function assessmentImageUrl(id: string): string {
  return `/api/assessments/${id}/image`;
}

/** A saved image assessment as its result page shows it. Metrics only while the served card made the result. */
export function respondImageRow(row: AssessmentRow, imageModels?: ImageModelRegistry): AssessmentResponse {
  const test = row.test as ImageTestSlug;
  const result = row.result as ImageResult;
  const inputs = (row.inputs ?? {}) as Partial<ImageInputs>;
  const contentKeys = imageContentKeysOf(result);
  const card = imageModels?.peek(result.model)?.card;
  const model: AssessmentModel = {
    id: row.modelId,
    version: row.modelVersion,
    kind: 'model',
    ...(card && card.version === row.modelVersion ? { imageMetrics: imageMetricsOf(card, result.model, result.top.key) } : {}),
  };
  const stored = inputs.image ?? null;
  const heatmapClass = result.heatmap ? result.classes.find((c) => c.key === result.heatmap?.classKey) : undefined;
  return {
    assessment: {
      id: row.id,
      test,
      testName: getTest(test).name,
      createdAt: row.createdAt.toISOString(),
      inputs: {},
      model,
      result,
      contentKeys,
      image: {
        url: stored ? assessmentImageUrl(row.id) : null,
        width: stored?.width ?? null,
        height: stored?.height ?? null,
        heatmap: result.heatmap ? renderHeatmap(result.heatmap) : null,
        heatmapLabel: heatmapClass?.label ?? null,
      },
    },
    content: contentKeys.map(getDiseaseContent).filter((c): c is DiseaseContent => c !== undefined),
    notices: {
      notADiagnosis: RESULT_NOTICE.notADiagnosis,
      emergency: RESULT_NOTICE.emergency,
      whatThisDoesNotMean: RESULT_NOTICE.whatThisDoesNotMean.image_model,
    },
  };
}

/** One line for a list of past assessments. */
export function imageHeadlineOf(result: ImageResult): string {
  if (result.focus) return `${result.focus.label}: ${percent(result.focus.probability)} (most like ${lower(result.top.label)})`;
  return `Most like ${lower(result.top.label)} (${percent(result.top.probability)})`;
}
