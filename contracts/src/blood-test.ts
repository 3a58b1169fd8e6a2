import { z } from 'zod';
import { formSchemaFor } from './clinical-fields';
import { FindingSchema } from './findings';
import { BLOOD_TEST_FIELDS, BLOOD_TEST_LAB_FIELDS, type BloodTestLabKey } from './forms/blood-test-fields';

export * from './forms/blood-test-fields';

export const BLOOD_TEST_LAB_KEYS = BLOOD_TEST_LAB_FIELDS.map((f) => f.key) as BloodTestLabKey[];

export const BLOOD_TEST_SEX = { female: 0, male: 1 } as const;

/** The legacy display names (the old client's record keys) -> this API's keys, for the compatibility API. */
export const BLOOD_TEST_COMPAT_KEYS = Object.fromEntries(BLOOD_TEST_LAB_FIELDS.map((f) => [f.label, f.key])) as {
  readonly [F in (typeof BLOOD_TEST_LAB_FIELDS)[number] as F['label']]: F['key'];
};

export const NORMALISED_VALUES_MESSAGE =
  'These values look scaled to between 0 and 1. Enter each value in the units printed on your lab report, ' +
  'for example haemoglobin 13.5 g/dL and platelets 250 ×10³/µL.';

/** A form value as a finite number ("13.5" or 13.5), or undefined. */
export function numberOf(value: unknown): number | undefined {
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
