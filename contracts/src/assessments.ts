import { z } from 'zod';
import { BloodTestInputSchema, BloodTestInterpretationSchema } from './blood-test';
import { formSchemaFor, keepEntered } from './clinical-fields';
import { GuidelineFindingSchema, NextStepSchema } from './findings';
import { TestSlugSchema } from './catalogue';
import { DiseaseContentSchema, ResultNoticesSchema } from './disease-content';
import { AssessmentImageSchema, ImageModelMetricsSchema, ImageResultSchema } from './imaging';
import {
  CARDIO_FIELDS,
  CLINICAL_TEST_SLUGS,
  DIABETES_FIELDS,
  HEART_FIELDS,
  LIVER_FIELDS,
  type ClinicalTestSlug,
} from './forms/clinical-forms';
import { KidneyStoneAssessmentSchema, KidneyStoneInputSchema } from './kidney-stone';
import { MissingScoreSchema, ModelFigureSchema, RiskScoreSchema } from './risk-scores';

/**
 * Clinical-value assessments: the six tests that take typed-in values, from form to saved result. The forms' fields
 * are in forms/clinical-forms.ts (no zod, for the web app's first load); the request schemas are built from them here.
 */
export * from './forms/clinical-forms';

export const ClinicalTestSlugSchema = z.enum(CLINICAL_TEST_SLUGS);

/** The tests answered by a trained model (a risk); the other two apply published rules. */
export const RISK_MODEL_SLUGS = ['heart', 'diabetes', 'cardio', 'liver'] as const;
export const RiskModelSlugSchema = z.enum(RISK_MODEL_SLUGS);
export type RiskModelSlug = z.infer<typeof RiskModelSlugSchema>;

export function isRiskModelSlug(slug: string): slug is RiskModelSlug {
  return (RISK_MODEL_SLUGS as readonly string[]).includes(slug);
}

export const HeartInputSchema = formSchemaFor(HEART_FIELDS);
export type HeartInput = z.infer<typeof HeartInputSchema>;

export const DiabetesInputSchema = formSchemaFor(DIABETES_FIELDS).transform(keepEntered);
export type DiabetesInput = z.infer<typeof DiabetesInputSchema>;

export const CardioInputSchema = formSchemaFor(CARDIO_FIELDS)
  .refine((v) => v.apLow < v.apHigh, {
    message: 'must be lower than the systolic pressure',
    path: ['apLow'],
  })
  .refine(
    (v) => v.hdlCholesterol === undefined || v.totalCholesterol === undefined || v.hdlCholesterol < v.totalCholesterol,
    {
      message: 'must be lower than the total cholesterol (HDL is part of it)',
      path: ['hdlCholesterol'],
    },
  )
  .transform(keepEntered);
export type CardioInput = z.infer<typeof CardioInputSchema>;

export const LiverInputSchema = formSchemaFor(LIVER_FIELDS)
  .refine((v) => v.directBilirubin <= v.totalBilirubin, {
    message: 'must not be more than the total bilirubin (direct bilirubin is part of it)',
    path: ['directBilirubin'],
  })
  .refine((v) => v.albumin <= v.totalProteins, {
    message: 'must not be more than the total proteins (albumin is part of them)',
    path: ['albumin'],
  });
export type LiverInput = z.infer<typeof LiverInputSchema>;

/** The `inputs` object of each test, validated: numbers or numeric text, in range, codes among the options. */
export const ASSESSMENT_INPUT_SCHEMAS = {
  heart: HeartInputSchema,
  diabetes: DiabetesInputSchema,
  cardio: CardioInputSchema,
  liver: LiverInputSchema,
  'blood-test': BloodTestInputSchema,
  'kidney-stone': KidneyStoneInputSchema,
} as const satisfies Record<ClinicalTestSlug, z.ZodType>;

export type AssessmentInputsBySlug = { [S in ClinicalTestSlug]: z.infer<(typeof ASSESSMENT_INPUT_SCHEMAS)[S]> };

/** POST /api/assessments/:test bodies, one per test: `{ inputs: <the test's form> }`. */
export const CREATE_ASSESSMENT_REQUEST_SCHEMAS = {
  heart: z.strictObject({ inputs: HeartInputSchema }),
  diabetes: z.strictObject({ inputs: DiabetesInputSchema }),
  cardio: z.strictObject({ inputs: CardioInputSchema }),
  liver: z.strictObject({ inputs: LiverInputSchema }),
  'blood-test': z.strictObject({ inputs: BloodTestInputSchema }),
  'kidney-stone': z.strictObject({ inputs: KidneyStoneInputSchema }),
} as const satisfies Record<ClinicalTestSlug, z.ZodType>;

/**
 * The request body in general, for a client's types: `inputs` maps each field key of CLINICAL_FORMS[test] to a
 * number, or to null where the field allows 'not measured'. The server validates with
 * CREATE_ASSESSMENT_REQUEST_SCHEMAS[test].
 */
export const CreateAssessmentRequestSchema = z.strictObject({
  inputs: z.record(z.string(), z.number().nullable()),
});
export type CreateAssessmentRequest = z.infer<typeof CreateAssessmentRequestSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * Results
 * -------------------------------------------------------------------------------------------------------- */

/**
 * low: below the card's threshold (not flagged). moderate: flagged, but below `highFrom`. high: at or above
 * `highFrom`, which is the larger of 0.5 (the model thinks the condition more likely than not) and the card's
 * Youden point (where the model best separates people with and without it). The thresholds are screening
 * cut-offs chosen to miss few patients, so 'moderate' means 'worth a check', not 'likely'.
 */
export const RiskBandSchema = z.enum(['low', 'moderate', 'high']);
export type RiskBand = z.infer<typeof RiskBandSchema>;

export const RiskFactorSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The value as entered; null when not measured (the model used the training median). */
  value: z.number().nullable(),
  /** The value in words, with its unit or code label: '130 mm Hg', 'Asymptomatic', 'Not measured'. */
  displayValue: z.string(),
  /** How much this answer moves the model's score away from that of the average patient in its training data. */
  contribution: z.number(),
  /** up: pushes the estimate higher; down: lower. */
  direction: z.enum(['up', 'down']),
  /**
   * Whether the page may show it as a reason: false when the model's direction for this answer contradicts the
   * clinically expected one (server/src/content/assessments/expected-directions.json), when no expectation is
   * written for it, when its effect is negligible, or when it was not entered. Absent on results saved before.
   */
  isReason: z.boolean().optional(),
  /** Why it is not a reason (when isReason is false). */
  notAReasonBecause: z.enum(['contradicts', 'no-expectation', 'negligible', 'not-entered']).optional(),
});
export type RiskFactor = z.infer<typeof RiskFactorSchema>;

export const RiskResultSchema = z.object({
  kind: z.literal('risk'),
  /** The condition in words, lower case: 'heart disease'. */
  condition: z.string(),
  /** The model's estimated probability, 0-1. */
  probability: z.number().min(0).max(1),
  band: RiskBandSchema,
  /** The card's threshold: flagged when probability >= threshold. */
  threshold: z.number(),
  /** Where 'high' begins (see RiskBandSchema). */
  highFrom: z.number(),
  isFlagged: z.boolean(),
  /** The legacy prediction value (1 flagged, 0 not), as the compatibility API answers it. */
  prediction: z.union([z.literal(0), z.literal(1)]),
  /** The additive score: bias + sum of the contributions. */
  logit: z.number(),
  /** The score of the average training patient. */
  bias: z.number(),
  /** Every field, largest |contribution| first. */
  factors: z.array(RiskFactorSchema),
  /**
   * In words: a guideline finding, else the validated scores, then the model's figure as `modelFigure` says it ('The
   * screening model scores your answers 23 on a scale of 0 to 100 … it is not your chance of having heart disease.').
   */
  summary: z.string(),
  /** Guideline thresholds the values meet, checked before the model; absent on results saved before. */
  guideline: z.array(GuidelineFindingSchema).optional(),
  /** What to do and by when: the most urgent of the guideline findings and the model's band. */
  nextStep: NextStepSchema.optional(),
  /**
   * Answers given as 'I don't know': the model filled in typical values, and the estimate could lie anywhere from
   * `low` to `high` had they been measured (every possible value of each was tried).
   */
  uncertainty: z
    .object({ unknownFields: z.array(z.string()), low: z.number().min(0).max(1), high: z.number().min(0).max(1) })
    .optional(),
  /**
   * Validated scores for these answers, leading the page (absent on results saved before they were given). The
   * first is the headline; `probability` above is the model's raw output inside its training data, never shown as a
   * person's chance (see modelFigure).
   */
  scores: z.array(RiskScoreSchema).optional(),
  /** Scores the form could give with more answers. */
  scoresNeed: z.array(MissingScoreSchema).optional(),
  /** The model's figure as shown: re-based to a population share, or relative to its study. */
  modelFigure: ModelFigureSchema.optional(),
});
export type RiskResult = z.infer<typeof RiskResultSchema>;

export const BloodTestResultSchema = BloodTestInterpretationSchema.extend({
  kind: z.literal('blood-test'),
  /** Absent on results saved before next steps were given. */
  nextStep: NextStepSchema.optional(),
});
export type BloodTestResult = z.infer<typeof BloodTestResultSchema>;

export const KidneyStoneResultSchema = KidneyStoneAssessmentSchema.extend({
  kind: z.literal('kidney-stone'),
  /** Guideline findings (fever with pain, pain itself, visible blood); absent on results saved before. */
  guideline: z.array(GuidelineFindingSchema).optional(),
  nextStep: NextStepSchema.optional(),
});
export type KidneyStoneResult = z.infer<typeof KidneyStoneResultSchema>;

export const AssessmentResultSchema = z.discriminatedUnion('kind', [
  RiskResultSchema,
  BloodTestResultSchema,
  KidneyStoneResultSchema,
  ImageResultSchema,
]);
export type AssessmentResult = z.infer<typeof AssessmentResultSchema>;

/** A cross-validated metric: the mean over folds and its 95% confidence interval. */
export const MetricEstimateSchema = z.object({
  mean: z.number(),
  ci95: z.tuple([z.number(), z.number()]),
});
export type MetricEstimate = z.infer<typeof MetricEstimateSchema>;

export const ModelMetricsSchema = z.object({
  rocAuc: MetricEstimateSchema,
  /** Accuracy, sensitivity and specificity at the card's threshold rule. */
  accuracy: MetricEstimateSchema,
  sensitivity: MetricEstimateSchema,
  specificity: MetricEstimateSchema,
  /** Rows of the data set the model was trained and evaluated on. */
  rows: z.number().int(),
  /** The data set's name, e.g. 'Statlog (Heart), UCI'. */
  dataset: z.string(),
});
export type ModelMetrics = z.infer<typeof ModelMetricsSchema>;

export const AssessmentModelSchema = z.object({
  /** 'heart', or 'blood-test-rules' for a rules test. */
  id: z.string(),
  /** The card's version ('heart-lr-732560c953') or the rules' version ('blood-test-rules-1'). */
  version: z.string(),
  kind: z.enum(['model', 'rules']),
  /** Model tests only. */
  metrics: ModelMetricsSchema.optional(),
  /** Image tests only: the card's held-out figures (while the served card is the one that made the result). */
  imageMetrics: ImageModelMetricsSchema.optional(),
});
export type AssessmentModel = z.infer<typeof AssessmentModelSchema>;

export const AssessmentIdSchema = z.uuid('must be a valid assessment id');

export const AssessmentSchema = z.object({
  id: AssessmentIdSchema,
  /** A clinical test or an image test (contracts/src/imaging.ts). */
  test: TestSlugSchema,
  /** The catalogue name: 'Heart Disease'. */
  testName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The values as validated (numbers; null = not measured). Label them with CLINICAL_FORMS[test]. Image tests: {}. */
  inputs: z.record(z.string(), z.number().nullable()),
  model: AssessmentModelSchema,
  result: AssessmentResultSchema,
  /**
   * Values entered in another unit than the field's (decision 030), as entered: { glucose: { value: 12, unit:
   * 'mmol/L' } } beside inputs.glucose 216 (mg/dL). The result's values are shown in these units.
   */
  entered: z.record(z.string(), z.object({ value: z.number(), unit: z.string() })).optional(),
  /** The disease-content entries the result page shows, main one first. */
  contentKeys: z.array(z.string()),
  /** Image tests only: the uploaded picture (kept for signed-in users) and the heatmap layer. */
  image: AssessmentImageSchema.optional(),
});
export type Assessment = z.infer<typeof AssessmentSchema>;

/** What POST /api/assessments/:test (201) and GET /api/assessments/:id (200) answer. */
export const AssessmentResponseSchema = z.object({
  assessment: AssessmentSchema,
  /** The entries named by assessment.contentKeys, in that order. */
  content: z.array(DiseaseContentSchema),
  notices: ResultNoticesSchema,
});
export type AssessmentResponse = z.infer<typeof AssessmentResponseSchema>;

export const AssessmentSummarySchema = z.object({
  id: AssessmentIdSchema,
  test: TestSlugSchema,
  testName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** One line: 'Estimated chance 23% (moderate)', 'Anemia', 'STONE score 9 of 13: moderate'. */
  headline: z.string(),
});
export type AssessmentSummary = z.infer<typeof AssessmentSummarySchema>;

/** GET /api/assessments: the user's own, newest first, at most 50. */
export const AssessmentListResponseSchema = z.object({ assessments: z.array(AssessmentSummarySchema) });
export type AssessmentListResponse = z.infer<typeof AssessmentListResponseSchema>;
