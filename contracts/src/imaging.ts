import { z } from 'zod';
import { ContentSourceSchema } from './disease-content';
import { IMAGE_TEST_SLUGS, SKIN_CHECKLIST_ANSWERS, type ImageTestSlug } from './forms/images';

/**
 * The four imaging tests (Cataract, Diabetic Retinopathy, CT Scan, Skin Disease): one uploaded picture, an
 * image gate that refuses what it cannot read, a CNN, and a saved assessment with class probabilities and a
 * class-activation heatmap. Models and their contract: docs/image-models.md.
 */

export * from './forms/images';

export const ImageTestSlugSchema = z.enum(IMAGE_TEST_SLUGS);

export function isImageTestSlug(slug: string): slug is ImageTestSlug {
  return (IMAGE_TEST_SLUGS as readonly string[]).includes(slug);
}

/** The three diagnostic image models (server/models/<id>/) and the gate that runs before them. */
export const IMAGE_MODEL_IDS = ['fundus', 'chest_ct', 'skin'] as const;
export const ImageModelIdSchema = z.enum(IMAGE_MODEL_IDS);
export type ImageModelId = z.infer<typeof ImageModelIdSchema>;
export const IMAGE_GATE_ID = 'image_gate' as const;

/** Which model answers each test; Cataract and Diabetic Retinopathy share the fundus model. */
export const IMAGE_MODEL_BY_TEST = {
  cataract: 'fundus',
  'diabetic-retinopathy': 'fundus',
  'ct-scan': 'chest_ct',
  skin: 'skin',
} as const satisfies Record<ImageTestSlug, ImageModelId>;

/** The class a test reports on, when it asks about one condition (both fundus tests show all four classes). */
export const FOCUS_CLASS_BY_TEST = {
  cataract: 'cataract',
  'diabetic-retinopathy': 'diabetic_retinopathy',
  'ct-scan': null,
  skin: null,
} as const satisfies Record<ImageTestSlug, string | null>;

export const ImageClassProbabilitySchema = z.object({
  key: z.string(),
  label: z.string(),
  probability: z.number().min(0).max(1),
});
export type ImageClassProbability = z.infer<typeof ImageClassProbabilitySchema>;

/** The top class's class-activation map as the model wrote it: size x size values 0-1, row by row. */
export const StoredHeatmapSchema = z.object({
  classKey: z.string(),
  size: z.number().int().min(1).max(64),
  values: z.array(z.number().min(0).max(1)),
});
export type StoredHeatmap = z.infer<typeof StoredHeatmapSchema>;

/**
 * What an image result says first: can this wait? `refer`: the model's summed score for the classes that need a
 * doctor reached the threshold fixed on validation; `unsure`: it did not, but no class reached the model's confidence
 * floor, so none is named and the picture should be looked at anyway; `routine`: confidently not flagged.
 */
export const IMAGE_TRIAGE_LEVELS = ['refer', 'unsure', 'routine'] as const;
export const ImageTriageResultSchema = z.object({
  level: z.enum(IMAGE_TRIAGE_LEVELS),
  /** 'Can this wait?' */
  question: z.string(),
  /** 'See a dermatologist within 2 weeks' */
  headline: z.string(),
  timeframe: z.enum(['now', 'today', 'within days', 'within 2 weeks', 'routine']),
  nextStep: z.string(),
  /** Why this level, in numbers: the summed score against the threshold, and how the threshold did in testing. */
  why: z.string(),
  referScore: z.number().min(0).max(1),
  referThreshold: z.number().min(0).max(1),
  confidenceFloor: z.number().min(0).max(1),
  sources: z.array(ContentSourceSchema),
});
export type ImageTriageResult = z.infer<typeof ImageTriageResultSchema>;

/** One answer to an item of the skin test's 7-point checklist; `not_sure` is not counted. */
export const SkinChecklistAnswerSchema = z.enum(SKIN_CHECKLIST_ANSWERS);

/** One item of NICE's weighted 7-point checklist, as the skin test page asks it. */
export const SkinChecklistItemSchema = z.object({
  /** The multipart field is `checklist.<key>`. */
  key: z.string().regex(/^[a-z][a-zA-Z0-9]*$/),
  /** Major features score 2 points, minor ones 1. */
  kind: z.enum(['major', 'minor']),
  points: z.number().int().min(1).max(2),
  question: z.string(),
  help: z.string(),
});
export type SkinChecklistItem = z.infer<typeof SkinChecklistItemSchema>;

/** GET /api/assessments/skin/checklist: the questions, why they are asked, and the threshold, with their sources. */
export const SkinChecklistSchema = z.object({
  version: z.string(),
  why: z.string(),
  /** What an answer of 'Not sure' does (it is not counted). */
  notSure: z.string(),
  items: z.array(SkinChecklistItemSchema).min(1),
  /** A score at or above this calls for a suspected cancer pathway referral. */
  threshold: z.number().int().min(1),
  maxScore: z.number().int().min(1),
  sources: z.array(ContentSourceSchema),
});
export type SkinChecklist = z.infer<typeof SkinChecklistSchema>;

/**
 * The checklist as answered with a skin picture. `refer`: the score reached the threshold, so its step ('See a GP
 * within 2 weeks') leads the result; `below`: it did not, and the picture's own triage leads (the picture can raise
 * the urgency, never lower it).
 */
export const SkinChecklistResultSchema = z.object({
  version: z.string(),
  level: z.enum(['refer', 'below']),
  score: z.number().int().min(0),
  maxScore: z.number().int().min(1),
  threshold: z.number().int().min(1),
  headline: z.string(),
  timeframe: z.enum(['within 2 weeks', 'routine']),
  nextStep: z.string(),
  /** Every item in order, with the answer given (null: skipped) and whether its points counted (only 'yes'). */
  items: z.array(
    SkinChecklistItemSchema.omit({ help: true }).extend({
      answer: SkinChecklistAnswerSchema.nullable(),
      isCounted: z.boolean(),
    }),
  ),
  /** Said when any answer was 'Not sure': such answers are not counted. */
  notSureNote: z.string().nullable(),
  sources: z.array(ContentSourceSchema),
});
export type SkinChecklistResult = z.infer<typeof SkinChecklistResultSchema>;

export const ImageResultSchema = z.object({
  kind: z.literal('image'),
  model: ImageModelIdSchema,
  /** Every class of the model, most probable first; the probabilities add up to 1. */
  classes: z.array(ImageClassProbabilitySchema).min(2),
  top: ImageClassProbabilitySchema,
  /** The test's own question (the cataract test: the cataract class), or null for tests that sort into classes. */
  focus: ImageClassProbabilitySchema.nullable(),
  /** The 'Prediction Result' text: the top class's label. */
  prediction: z.string(),
  /** 'The model finds this picture most like cataract (87%). …' */
  summary: z.string(),
  /** The gate's probability that the picture is of the kind this test needs. */
  gate: z.object({ kind: z.string(), probability: z.number().min(0).max(1) }),
  heatmap: StoredHeatmapSchema.nullable(),
  /** Absent on results saved before triage existed; the server adds it when it answers them. */
  triage: ImageTriageResultSchema.optional(),
  /** False when the top class is below the model's confidence floor: the result names no class. */
  isClassNamed: z.boolean().optional(),
  /** The skin test only, when at least one item of the 7-point checklist came with the picture. */
  checklist: SkinChecklistResultSchema.optional(),
});
export type ImageResult = z.infer<typeof ImageResultSchema>;

/** A model card's held-out figures for one class. */
export const ImageClassMetricsSchema = z.object({
  key: z.string(),
  label: z.string(),
  sensitivity: z.number().nullable(),
  specificity: z.number().nullable(),
  rocAuc: z.number().nullable(),
});

/** The image model card's figures a result page shows (measured once on a held-out test set, no CV). */
export const ImageModelMetricsSchema = z.object({
  accuracy: z.number(),
  balancedAccuracy: z.number(),
  nTest: z.number().int().nullable(),
  testSet: z.string().nullable(),
  perClass: z.array(ImageClassMetricsSchema),
  /**
   * When this result's class is a benign or normal one: the conditions whose test pictures the model often put in
   * it (at least one in ten of them, and at least two), from the card's confusion matrix. Such a result does not
   * rule those conditions out, and the result page says so.
   */
  mistakenForTop: z
    .array(z.object({ key: z.string(), label: z.string(), count: z.number().int(), n: z.number().int() }))
    .optional(),
});
export type ImageModelMetrics = z.infer<typeof ImageModelMetricsSchema>;

/** The uploaded picture of a saved assessment and its heatmap layer. */
export const AssessmentImageSchema = z.object({
  /** The picture as stored (re-encoded WebP, metadata removed), owner only; null when none was kept. */
  url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * The heatmap as a transparent PNG data URL, to lay over the picture stretched to the same box (the model
   * saw the picture stretched to a square). Rebuilt from the stored map on every read; nothing to expire.
   */
  heatmap: z.string().startsWith('data:image/png;base64,').nullable(),
  /** The class the heatmap belongs to. */
  heatmapLabel: z.string().nullable(),
});
export type AssessmentImage = z.infer<typeof AssessmentImageSchema>;

/** The legacy image calls (/compat/predict_cataract, …) answer the 'Prediction Result' text: the top class's label. */
export const CompatImagePredictionResponseSchema = z.object({ prediction: z.string() });
export type CompatImagePredictionResponse = z.infer<typeof CompatImagePredictionResponseSchema>;
