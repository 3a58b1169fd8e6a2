import { z } from 'zod';
import { formSchemaFor, type ClinicalField } from './clinical-fields';
import { FindingSchema } from './findings';

/**
 * The Blood test form (docs/product.md#test-forms): 17 values, in the units printed on a lab report, not the 0-1
 * scaled numbers of the old client. Labels are the legacy field names. Ranges are wide on purpose: they
 * refuse impossible values and unit mix-ups (haemoglobin in g/L, platelets per µL), not abnormal results.
 * Defaults are a plausible healthy adult's results, mutually consistent (MCH = 10 x Hb / RBC, and
 * MCHC = 1000 x Hb / (RBC x MCV)), so a prefilled form interprets as Healthy.
 *
 * One field is added to the legacy 17: `sex`, because the WHO anaemia thresholds differ for men and women.
 * It uses the legacy coding elsewhere (Male=1, Female=0) and has no default: nobody is assumed to be either.
 */
export const BLOOD_TEST_LAB_FIELDS = [
  {
    key: 'glucose',
    label: 'Glucose',
    unit: 'mg/dL',
    type: 'decimal',
    min: 10,
    max: 1500,
    step: 1,
    default: 90,
    notMeasured: true,
    help: 'Fasting plasma glucose (nothing to eat for at least 8 hours). From mmol/L, multiply by 18: 5.0 mmol/L is 90 mg/dL.',
  },
  {
    key: 'cholesterol',
    label: 'Cholesterol',
    unit: 'mg/dL',
    type: 'decimal',
    min: 40,
    max: 1000,
    step: 1,
    default: 175,
    notMeasured: true,
    help: 'Total cholesterol. From mmol/L, multiply by 38.67: 4.5 mmol/L is about 174 mg/dL.',
  },
  {
    key: 'hemoglobin',
    label: 'Hemoglobin',
    unit: 'g/dL',
    type: 'decimal',
    min: 3,
    max: 25,
    step: 0.1,
    default: 14.0,
    notMeasured: true,
    help: 'If your report shows g/L (for example 135), divide by 10.',
  },
  {
    key: 'platelets',
    label: 'Platelets',
    unit: '×10³/µL',
    type: 'decimal',
    min: 1,
    max: 2000,
    step: 1,
    default: 250,
    notMeasured: true,
    help: 'The same number as ×10⁹/L. If your report shows 250,000 per µL, enter 250.',
  },
  {
    key: 'whiteBloodCells',
    label: 'White Blood Cells',
    unit: '×10³/µL',
    type: 'decimal',
    min: 0.1,
    max: 500,
    step: 0.1,
    default: 6.5,
    notMeasured: true,
    help: 'The same number as ×10⁹/L. If your report shows 6,500 per µL, enter 6.5.',
  },
  {
    key: 'redBloodCells',
    label: 'Red Blood Cells',
    unit: '×10⁶/µL',
    type: 'decimal',
    min: 1,
    max: 10,
    step: 0.01,
    default: 4.7,
    notMeasured: true,
    help: 'The same number as ×10¹²/L.',
  },
  {
    key: 'meanCorpuscularVolume',
    label: 'Mean Corpuscular Volume',
    unit: 'fL',
    type: 'decimal',
    min: 40,
    max: 150,
    step: 0.1,
    default: 90.0,
    notMeasured: true,
    help: 'MCV: the average size of your red blood cells.',
  },
  {
    key: 'meanCorpuscularHemoglobin',
    label: 'Mean Corpuscular Hemoglobin',
    unit: 'pg',
    type: 'decimal',
    min: 10,
    max: 50,
    step: 0.1,
    default: 29.8,
    notMeasured: true,
    help: 'MCH: the average amount of haemoglobin in one red blood cell.',
  },
  {
    key: 'meanCorpuscularHemoglobinConcentration',
    label: 'Mean Corpuscular Hemoglobin Concentration',
    unit: 'g/dL',
    type: 'decimal',
    min: 20,
    max: 45,
    step: 0.1,
    default: 33.1,
    notMeasured: true,
    help: 'MCHC. If your report shows g/L (for example 331), divide by 10.',
  },
  {
    key: 'insulin',
    label: 'Insulin',
    unit: 'µIU/mL',
    type: 'decimal',
    min: 0,
    max: 1000,
    step: 0.1,
    default: 8.0,
    notMeasured: true,
    help: 'Fasting insulin. µU/mL and mU/L are the same number; from pmol/L, divide by about 6.',
  },
  {
    key: 'bmi',
    label: 'BMI',
    unit: 'kg/m²',
    type: 'decimal',
    min: 10,
    max: 100,
    step: 0.1,
    default: 22.5,
    notMeasured: true,
    help: 'Body mass index: weight in kilograms divided by the square of height in metres.',
  },
  {
    key: 'systolicBloodPressure',
    label: 'Systolic Blood Pressure',
    unit: 'mmHg',
    type: 'decimal',
    min: 50,
    max: 300,
    step: 1,
    default: 115,
    notMeasured: true,
    help: 'The upper number of a blood-pressure reading taken at rest.',
  },
  {
    key: 'diastolicBloodPressure',
    label: 'Diastolic Blood Pressure',
    unit: 'mmHg',
    type: 'decimal',
    min: 20,
    max: 200,
    step: 1,
    default: 75,
    notMeasured: true,
    help: 'The lower number of the same reading.',
  },
  {
    key: 'triglycerides',
    label: 'Triglycerides',
    unit: 'mg/dL',
    type: 'decimal',
    min: 10,
    max: 10000,
    step: 1,
    default: 110,
    notMeasured: true,
    help: 'From mmol/L, multiply by 88.57: 1.2 mmol/L is about 106 mg/dL.',
  },
  {
    key: 'ldlCholesterol',
    label: 'LDL Cholesterol',
    unit: 'mg/dL',
    type: 'decimal',
    min: 10,
    max: 800,
    step: 1,
    default: 95,
    notMeasured: true,
    help: 'From mmol/L, multiply by 38.67.',
  },
  {
    key: 'hdlCholesterol',
    label: 'HDL Cholesterol',
    unit: 'mg/dL',
    type: 'decimal',
    min: 5,
    max: 200,
    step: 1,
    default: 55,
    notMeasured: true,
    help: 'From mmol/L, multiply by 38.67.',
  },
  {
    key: 'heartRate',
    label: 'Heart Rate',
    unit: 'beats/min',
    type: 'decimal',
    min: 20,
    max: 250,
    step: 1,
    default: 70,
    notMeasured: true,
    help: 'Resting pulse, counted after sitting quietly for a few minutes.',
  },
] as const satisfies readonly ClinicalField[];

export const BLOOD_TEST_SEX_FIELD = {
  key: 'sex',
  label: 'Sex',
  type: 'code',
  options: [
    { value: 1, label: 'Male' },
    { value: 0, label: 'Female' },
  ],
  help: 'Used only to pick the haemoglobin thresholds, which differ for men and women. If you are pregnant, the thresholds here do not apply.',
} as const satisfies ClinicalField;

/** The form in display order: sex first (it changes how haemoglobin reads), then the legacy 17 values. */
export const BLOOD_TEST_FIELDS = [BLOOD_TEST_SEX_FIELD, ...BLOOD_TEST_LAB_FIELDS] as const;

export type BloodTestLabKey = (typeof BLOOD_TEST_LAB_FIELDS)[number]['key'];
export const BLOOD_TEST_LAB_KEYS = BLOOD_TEST_LAB_FIELDS.map((f) => f.key) as BloodTestLabKey[];

export const BLOOD_TEST_SEX = { female: 0, male: 1 } as const;

/** The legacy display names (the old client's record keys) -> this API's keys, for the compatibility API. */
export const BLOOD_TEST_COMPAT_KEYS = Object.fromEntries(BLOOD_TEST_LAB_FIELDS.map((f) => [f.label, f.key])) as {
  readonly [F in (typeof BLOOD_TEST_LAB_FIELDS)[number] as F['label']]: F['key'];
};

export const NORMALISED_VALUES_MESSAGE =
  'These values look scaled to between 0 and 1. Enter each value in the units printed on your lab report, ' +
  'for example haemoglobin 13.5 g/dL and platelets 250 ×10³/µL.';

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const isUnitInterval = (n: number | undefined): n is number => n !== undefined && n >= -0.01 && n <= 1.01;

/**
 * True when a record looks like the old client's 0-1 scaled values rather than lab units: most of the 17
 * values within 0-1 (no real report has that: only insulin and a very low white count can be below 1),
 * or haemoglobin and platelets both within 0-1 (impossible in life). The data set behind the old model
 * was scaled with unpublished bounds, so such values cannot be turned back into lab units; they are refused.
 */
export function looksNormalised(values: unknown): boolean {
  if (typeof values !== 'object' || values === null) return false;
  const record = values as Record<string, unknown>;
  const numbers = BLOOD_TEST_LAB_KEYS.map((key) => numberOf(record[key]));
  const inUnitInterval = numbers.filter(isUnitInterval).length;
  if (inUnitInterval > BLOOD_TEST_LAB_KEYS.length / 2) return true;
  return isUnitInterval(numberOf(record.hemoglobin)) && isUnitInterval(numberOf(record.platelets));
}

const BloodTestFormSchema = formSchemaFor(BLOOD_TEST_FIELDS).refine(
  (v) =>
    v.diastolicBloodPressure === null ||
    v.systolicBloodPressure === null ||
    v.diastolicBloodPressure < v.systolicBloodPressure,
  { message: 'must be lower than the systolic pressure', path: ['diastolicBloodPressure'] },
);

/**
 * The request body of a blood test. Scaled 0-1 records get one message asking for lab units instead of
 * seventeen range errors.
 */
export const BloodTestInputSchema = z.preprocess((value, ctx) => {
  if (looksNormalised(value)) {
    ctx.addIssue({ code: 'custom', message: NORMALISED_VALUES_MESSAGE, input: value, params: { rule: 'lab_units' } });
  }
  return value;
}, BloodTestFormSchema);
export type BloodTestInput = z.infer<typeof BloodTestInputSchema>;

/** What the rules read: the 17 values, and sex where known (the compatibility client never sends it). */
export type BloodTestValues = Omit<BloodTestInput, 'sex'> & { sex?: number | null };

/**
 * The legacy class codes. Code 4 is thrombocytopenia (low platelets), which is what the old data's
 * 'Thromboc' meant; the earlier 'Thrombosis' label was a misreading (docs/product.md#built-by-intent).
 */
export const BLOOD_TEST_CLASSES = [
  { code: 0, label: 'Anemia' },
  { code: 1, label: 'Healthy' },
  { code: 2, label: 'Diabetes' },
  { code: 3, label: 'Thalassemia' },
  { code: 4, label: 'Thrombocytopenia' },
] as const;

export const BloodTestClassCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type BloodTestClassCode = z.infer<typeof BloodTestClassCodeSchema>;

/**
 * The blood test's headline in words. The class label "Healthy" only means none of the four conditions was
 * found; it is never the headline while another result needs attention (a blood pressure in the crisis range).
 */
export function bloodTestHeadline(result: {
  classCode: BloodTestClassCode;
  label: string;
  findings: readonly { severity: 'urgent' | 'attention' | 'info' }[];
}): string {
  if (result.classCode !== 1) return result.label;
  if (result.findings.some((f) => f.severity === 'urgent')) return 'Other results need care today';
  if (result.findings.some((f) => f.severity === 'attention')) return 'Other results need attention';
  return result.label;
}

export const BloodTestClassLabelSchema = z.enum(['Anemia', 'Healthy', 'Diabetes', 'Thalassemia', 'Thrombocytopenia']);
export type BloodTestClassLabel = z.infer<typeof BloodTestClassLabelSchema>;

export const BloodTestInterpretationSchema = z.object({
  /** Every finding, most severe first. */
  findings: z.array(FindingSchema),
  /** The class of the main finding among the five classes; 1 when none of the four conditions is found. */
  classCode: BloodTestClassCodeSchema,
  label: BloodTestClassLabelSchema,
  /** One sentence that says what the class means and what else was found. */
  summary: z.string(),
});
export type BloodTestInterpretation = z.infer<typeof BloodTestInterpretationSchema>;
