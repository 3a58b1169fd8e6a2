import { z } from 'zod';
import { BLOOD_TEST_FIELDS, BloodTestInputSchema, BloodTestInterpretationSchema } from './blood-test';
import { formSchemaFor, keepEntered, type ClinicalField } from './clinical-fields';
import { GuidelineFindingSchema, NextStepSchema } from './findings';
import { TestSlugSchema } from './catalogue';
import { DiseaseContentSchema, ResultNoticesSchema } from './disease-content';
import { AssessmentImageSchema, ImageModelMetricsSchema, ImageResultSchema } from './imaging';
import { KIDNEY_STONE_FIELDS, KidneyStoneAssessmentSchema, KidneyStoneInputSchema } from './kidney-stone';

/**
 * Clinical-value assessments: the six tests that take typed-in values, from form to saved result.
 *
 * The four model tests (heart, diabetes, cardio, liver) use the keys, labels, units, types, ranges and codes of
 * their model cards (server/models/<test>/card.json `features`, in the card's order); a server test fails if
 * they drift apart. Options are listed in the legacy order (Male=1 before Female=0, Yes=1 before No=0;
 * docs/product.md#test-forms).
 */

export const CLINICAL_TEST_SLUGS = ['heart', 'diabetes', 'cardio', 'liver', 'blood-test', 'kidney-stone'] as const;
export const ClinicalTestSlugSchema = z.enum(CLINICAL_TEST_SLUGS);
export type ClinicalTestSlug = z.infer<typeof ClinicalTestSlugSchema>;

/** The tests answered by a trained model (a risk); the other two apply published rules. */
export const RISK_MODEL_SLUGS = ['heart', 'diabetes', 'cardio', 'liver'] as const;
export const RiskModelSlugSchema = z.enum(RISK_MODEL_SLUGS);
export type RiskModelSlug = z.infer<typeof RiskModelSlugSchema>;

export function isRiskModelSlug(slug: string): slug is RiskModelSlug {
  return (RISK_MODEL_SLUGS as readonly string[]).includes(slug);
}

const SEX_MALE_1 = [
  { value: 1, label: 'Male' },
  { value: 0, label: 'Female' },
] as const;
const YES_1_NO_0 = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const;
const NORMAL_TO_WELL_ABOVE = [
  { value: 1, label: 'Normal' },
  { value: 2, label: 'Above normal' },
  { value: 3, label: 'Well above normal' },
] as const;

/**
 * Heart Disease (Statlog): the 13 fields and codes of docs/product.md#test-forms. Few patients know their
 * exercise-test, fluoroscopy or thallium results, nor always their ECG or lab values: those may be 'I don't know'
 * (null). The model then fills in a typical value and the result shows how far the estimate could move had they been
 * measured.
 */
export const HEART_FIELDS = [
  { key: 'age', label: 'Age', unit: 'years', type: 'integer', min: 18, max: 100 },
  { key: 'sex', label: 'Sex', type: 'code', options: SEX_MALE_1 },
  {
    key: 'chest_pain_type',
    label: 'Chest pain type',
    type: 'code',
    options: [
      { value: 1, label: 'Typical Angina' },
      { value: 2, label: 'Atypical Angina' },
      { value: 3, label: 'Non-Anginal Pain' },
      { value: 4, label: 'Asymptomatic' },
    ],
    help: 'Typical angina: chest pain brought on by effort or stress that eases with rest. Asymptomatic: no chest pain.',
  },
  {
    key: 'bp',
    label: 'Resting blood pressure (systolic)',
    unit: 'mm Hg',
    type: 'integer',
    min: 70,
    max: 250,
    help: 'The upper number of a blood-pressure reading.',
  },
  {
    key: 'cholesterol',
    label: 'Serum cholesterol',
    unit: 'mg/dL',
    type: 'integer',
    min: 100,
    max: 600,
    notMeasured: true,
    help: 'Total cholesterol from a blood test. From mmol/L, multiply by 38.67: 5.2 mmol/L is 201 mg/dL.',
  },
  {
    key: 'fbs_over_120',
    label: 'Fasting blood sugar over 120 mg/dL',
    type: 'code',
    options: YES_1_NO_0,
    notMeasured: true,
  },
  {
    key: 'ekg_results',
    label: 'Resting EKG results',
    type: 'code',
    options: [
      { value: 0, label: 'Normal' },
      { value: 1, label: 'ST-T wave abnormality' },
      { value: 2, label: 'Probable or definite left ventricular hypertrophy' },
    ],
    notMeasured: true,
    help: 'From an ECG (heart tracing) taken at rest.',
  },
  {
    key: 'max_hr',
    label: 'Maximum heart rate achieved',
    unit: 'beats/min',
    type: 'integer',
    min: 60,
    max: 220,
    notMeasured: true,
    help: 'From an exercise (stress) test.',
  },
  {
    key: 'exercise_angina',
    label: 'Exercise-induced angina',
    type: 'code',
    options: YES_1_NO_0,
    notMeasured: true,
    help: 'Chest pain during an exercise (stress) test.',
  },
  {
    key: 'st_depression',
    label: 'ST depression induced by exercise relative to rest',
    unit: 'mm',
    type: 'decimal',
    min: 0,
    max: 7,
    step: 0.1,
    notMeasured: true,
    help: 'From an exercise (stress) test report.',
  },
  {
    key: 'slope_of_st',
    label: 'Slope of the peak exercise ST segment',
    type: 'code',
    options: [
      { value: 1, label: 'Upsloping' },
      { value: 2, label: 'Flat' },
      { value: 3, label: 'Downsloping' },
    ],
    notMeasured: true,
    help: 'From an exercise (stress) test report.',
  },
  {
    key: 'number_of_vessels_fluro',
    label: 'Number of major vessels coloured by fluoroscopy',
    unit: 'vessels',
    type: 'integer',
    min: 0,
    max: 3,
    notMeasured: true,
    help: 'From a coronary angiogram or fluoroscopy report.',
  },
  {
    key: 'thallium',
    label: 'Thallium stress test',
    type: 'code',
    options: [
      { value: 0, label: 'Normal' },
      { value: 1, label: 'Fixed Defect' },
      { value: 2, label: 'Reversible Defect' },
    ],
    notMeasured: true,
    help: 'From a nuclear (thallium) heart scan report.',
  },
] as const satisfies readonly ClinicalField[];

/**
 * Diabetes (Pima). Five lab values and the pedigree score may be 'not measured' (sent as null): the model then uses
 * the training median, as it did for the zeros that meant 'missing' in its data. HbA1c is not a model feature (the
 * Pima data has none): it is optional, only the guideline rules read it, and it is stored only when entered.
 */
export const DIABETES_FIELDS = [
  { key: 'Pregnancies', label: 'Number of pregnancies', unit: 'count', type: 'integer', min: 0, max: 20 },
  {
    key: 'Glucose',
    label: 'Plasma glucose, 2 h after an oral glucose tolerance test',
    unit: 'mg/dL',
    type: 'integer',
    min: 40,
    max: 300,
    notMeasured: true,
    help: 'From mmol/L, multiply by 18: 7.8 mmol/L is 140 mg/dL.',
  },
  {
    key: 'HbA1c',
    label: 'HbA1c',
    unit: '%',
    type: 'decimal',
    min: 3,
    max: 20,
    step: 0.1,
    notMeasured: true,
    optional: true,
    // The IFCC unit: % = 0.0915 x mmol/mol + 2.15 (the NGSP-IFCC master equation), so 48 mmol/mol is 6.5 %.
    otherUnit: { unit: 'mmol/mol', upTo: 200, offset: 23.5, scale: 0.0915 },
    help: 'Only if you know it, from a blood test in the last 3 months; leave it empty if not. The model does not use it; the published diabetes thresholds do. In %: a result in mmol/mol, such as 48, is about 6.5 %.',
  },
  {
    key: 'BloodPressure',
    label: 'Diastolic blood pressure',
    unit: 'mm Hg',
    type: 'integer',
    min: 30,
    max: 140,
    notMeasured: true,
    help: 'The lower number of a blood-pressure reading.',
  },
  {
    key: 'SkinThickness',
    label: 'Triceps skin-fold thickness',
    unit: 'mm',
    type: 'integer',
    min: 5,
    max: 100,
    notMeasured: true,
  },
  {
    key: 'Insulin',
    label: '2-hour serum insulin',
    unit: 'µU/mL',
    type: 'integer',
    min: 10,
    max: 900,
    notMeasured: true,
  },
  {
    key: 'BMI',
    label: 'Body mass index',
    unit: 'kg/m²',
    type: 'decimal',
    min: 12,
    max: 70,
    step: 0.1,
    notMeasured: true,
    help: 'Weight in kilograms divided by the square of height in metres.',
  },
  {
    key: 'DiabetesPedigreeFunction',
    label: 'Diabetes pedigree function (family history score)',
    unit: 'score',
    type: 'decimal',
    min: 0.05,
    max: 2.5,
    step: 0.001,
    notMeasured: true,
    help: 'A score of diabetes among your relatives; about 0.4 is typical. Few people know it: choose "I don\'t know" if you do not.',
  },
  { key: 'Age', label: 'Age', unit: 'years', type: 'integer', min: 21, max: 100 },
] as const satisfies readonly ClinicalField[];

/** CardioDisease, with the earlier client's defaults (docs/product.md#test-forms). */
export const CARDIO_FIELDS = [
  { key: 'AGE', label: 'Age', unit: 'years', type: 'integer', min: 18, max: 100, default: 50 },
  {
    key: 'GENDER',
    label: 'Gender',
    type: 'code',
    options: [
      { value: 1, label: 'Female' },
      { value: 2, label: 'Male' },
    ],
    default: 2,
  },
  { key: 'HEIGHT', label: 'Height', unit: 'cm', type: 'integer', min: 120, max: 220, default: 168 },
  { key: 'WEIGHT', label: 'Weight', unit: 'kg', type: 'decimal', min: 30, max: 250, step: 0.1, default: 62 },
  { key: 'AP_HIGH', label: 'Systolic blood pressure', unit: 'mm Hg', type: 'integer', min: 80, max: 250, default: 110 },
  { key: 'AP_LOW', label: 'Diastolic blood pressure', unit: 'mm Hg', type: 'integer', min: 40, max: 160, default: 80 },
  { key: 'CHOLESTEROL', label: 'Cholesterol', type: 'code', options: NORMAL_TO_WELL_ABOVE, default: 1 },
  { key: 'GLUCOSE', label: 'Glucose', type: 'code', options: NORMAL_TO_WELL_ABOVE, default: 1 },
  { key: 'SMOKE', label: 'Smoking', type: 'code', options: YES_1_NO_0, default: 0 },
  { key: 'ALCOHOL', label: 'Alcohol intake', type: 'code', options: YES_1_NO_0, default: 0 },
  { key: 'PHYSICAL_ACTIVITY', label: 'Physical activity', type: 'code', options: YES_1_NO_0, default: 1 },
] as const satisfies readonly ClinicalField[];

/** LiverDisease (ILPD). The albumin/globulin ratio may be 'not measured' (null). */
export const LIVER_FIELDS = [
  { key: 'Age', label: 'Age', unit: 'years', type: 'integer', min: 1, max: 100 },
  { key: 'Gender', label: 'Gender', type: 'code', options: SEX_MALE_1 },
  { key: 'Total_Bilirubin', label: 'Total bilirubin', unit: 'mg/dL', type: 'decimal', min: 0.1, max: 80, step: 0.1 },
  {
    key: 'Direct_Bilirubin',
    label: 'Direct bilirubin',
    unit: 'mg/dL',
    type: 'decimal',
    min: 0.05,
    max: 30,
    step: 0.01,
  },
  { key: 'Alkaline_Phosphotase', label: 'Alkaline phosphatase', unit: 'IU/L', type: 'integer', min: 20, max: 2500 },
  {
    key: 'Alamine_Aminotransferase',
    label: 'Alanine aminotransferase (ALT)',
    unit: 'IU/L',
    type: 'integer',
    min: 1,
    max: 3000,
  },
  {
    key: 'Aspartate_Aminotransferase',
    label: 'Aspartate aminotransferase (AST)',
    unit: 'IU/L',
    type: 'integer',
    min: 1,
    max: 5000,
  },
  { key: 'Total_Protiens', label: 'Total proteins', unit: 'g/dL', type: 'decimal', min: 2, max: 12, step: 0.1 },
  { key: 'Albumin', label: 'Albumin', unit: 'g/dL', type: 'decimal', min: 0.5, max: 7, step: 0.1 },
  {
    key: 'Albumin_and_Globulin_Ratio',
    label: 'Albumin/globulin ratio',
    unit: 'ratio',
    type: 'decimal',
    min: 0.1,
    max: 3.5,
    step: 0.01,
    notMeasured: true,
  },
] as const satisfies readonly ClinicalField[];

/** Every clinical form, fields in display (and model-card) order; an optional field is no model's feature. */
export const CLINICAL_FORMS = {
  heart: HEART_FIELDS,
  diabetes: DIABETES_FIELDS,
  cardio: CARDIO_FIELDS,
  liver: LIVER_FIELDS,
  'blood-test': BLOOD_TEST_FIELDS,
  'kidney-stone': KIDNEY_STONE_FIELDS,
} as const satisfies Record<ClinicalTestSlug, readonly ClinicalField[]>;

export const HeartInputSchema = formSchemaFor(HEART_FIELDS);
export type HeartInput = z.infer<typeof HeartInputSchema>;

export const DiabetesInputSchema = formSchemaFor(DIABETES_FIELDS).transform(keepEntered);
export type DiabetesInput = z.infer<typeof DiabetesInputSchema>;

export const CardioInputSchema = formSchemaFor(CARDIO_FIELDS).refine((v) => v.AP_LOW < v.AP_HIGH, {
  message: 'must be lower than the systolic pressure',
  path: ['AP_LOW'],
});
export type CardioInput = z.infer<typeof CardioInputSchema>;

export const LiverInputSchema = formSchemaFor(LIVER_FIELDS)
  .refine((v) => v.Direct_Bilirubin <= v.Total_Bilirubin, {
    message: 'must not be more than the total bilirubin (direct bilirubin is part of it)',
    path: ['Direct_Bilirubin'],
  })
  .refine((v) => v.Albumin <= v.Total_Protiens, {
    message: 'must not be more than the total proteins (albumin is part of them)',
    path: ['Albumin'],
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
   * clinically expected one (server/src/modules/assessments/expected-directions.json), when no expectation is
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
  /** 'The model puts your estimated chance of heart disease at 23%: moderate. …' */
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
