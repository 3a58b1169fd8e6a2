import {
  BLOOD_TEST_COMPAT_KEYS,
  BLOOD_TEST_LAB_FIELDS,
  CARDIO_COMPAT_KEYS,
  CardioInputSchema,
  DIABETES_COMPAT_KEYS,
  DIABETES_FIELDS,
  DiabetesInputSchema,
  formSchemaFor,
  HEART_COMPAT_KEYS,
  HeartInputSchema,
  KIDNEY_STONE_COMPAT_KEYS,
  KIDNEY_STONE_SCORE_FIELDS,
  KidneyStoneInputSchema,
  LIVER_COMPAT_KEYS,
  LIVER_FIELDS,
  LiverInputSchema,
  STONE_HAEMATURIA,
  STONE_NAUSEA,
  STONE_ORIGIN,
  STONE_PAIN_ONSET,
  type AssessmentResult,
  type ClinicalField,
  type ClinicalTestSlug,
  type FieldError,
} from '@medibuddy/contracts';
import type { z } from 'zod';
import { AppError, summarise } from '../../plugins/errors';
import { normalisedValuesError, type AssessmentInputs } from '../assessments';

/**
 * The legacy prediction records (/compat/predict1..6, docs/product.md#compat-api) -> the forms' validated inputs,
 * and results -> the legacy single prediction value. Errors name the fields as the client sent them.
 */

export type CompatPrediction = {
  test: ClinicalTestSlug;
  /** Legacy field name -> form key. */
  keys: Readonly<Record<string, string>>;
  schema: z.ZodType<Record<string, number | null>, unknown>;
  /** Form keys where the old client's 0 or '' meant 'not measured' (the Pima data's convention). */
  notMeasured: ReadonlySet<string>;
  /** Fills what the legacy record cannot carry; returns notes the result should show about it. */
  complete?: (inputs: Record<string, unknown>) => string[];
};

const notMeasuredOf = (fields: readonly ClinicalField[]) =>
  new Set(fields.filter((f) => f.notMeasured).map((f) => f.key));

/**
 * The legacy blood record has no sex: the rules then read haemoglobin against the women's threshold (docs/rules.md).
 */
const CompatBloodTestSchema = formSchemaFor(BLOOD_TEST_LAB_FIELDS).refine(
  (v) =>
    v.diastolicBloodPressure === null ||
    v.systolicBloodPressure === null ||
    v.diastolicBloodPressure < v.systolicBloodPressure,
  { message: 'must be lower than the systolic pressure', path: ['diastolicBloodPressure'] },
);

/** The STONE answers the legacy kidney record lacks, named the way our API names them (a client may send them). */
const STONE_KEYS = Object.fromEntries(KIDNEY_STONE_SCORE_FIELDS.map((f) => [f.key, f.key]));

/**
 * The legacy kidney record has the eight symptoms but none of the STONE score's own answers. What it lacks is
 * assumed at the answer that adds the most points (male, non-Black ancestry, pain under 6 hours, vomiting if
 * nausea was ticked, blood counted when visible): a screening answer should rather flag than reassure. So with
 * the legacy record alone, back/belly/side pain gives a moderate or high band (prediction 1), no pain gives 0.
 */
function completeKidneyStone(inputs: Record<string, unknown>): string[] {
  const assumed: string[] = [];
  const hasPain = String(inputs.backBellySidePain) === '1';
  const hasNausea = String(inputs.nauseaVomiting) === '1';
  const fill = (key: string, value: number, words: string) => {
    if (inputs[key] === undefined) {
      inputs[key] = value;
      assumed.push(words);
    }
  };
  fill('sex', 1, 'male');
  fill('origin', STONE_ORIGIN.other, 'not of Black ancestry');
  fill(
    'painOnset',
    hasPain ? STONE_PAIN_ONSET.lessThan6h : STONE_PAIN_ONSET.noPain,
    hasPain ? 'pain began under 6 hours ago' : 'no pain',
  );
  fill('nausea', hasNausea ? STONE_NAUSEA.vomiting : STONE_NAUSEA.none, hasNausea ? 'vomiting' : 'no nausea');
  fill('haematuria', STONE_HAEMATURIA.notTested, 'no urine dipstick test');
  if (assumed.length === 0) return [];
  return [
    `This came from the older app, which does not ask every question of the score. These answers were assumed, each the one that adds the most points: ${assumed.join(', ')}. Run the test again in MediBuddy for an estimate from your own answers.`,
  ];
}

export const COMPAT_PREDICTIONS = {
  predict1: { test: 'heart', keys: HEART_COMPAT_KEYS, schema: HeartInputSchema, notMeasured: new Set() },
  predict2: {
    test: 'diabetes',
    keys: DIABETES_COMPAT_KEYS,
    schema: DiabetesInputSchema,
    notMeasured: notMeasuredOf(DIABETES_FIELDS),
  },
  predict3: { test: 'cardio', keys: CARDIO_COMPAT_KEYS, schema: CardioInputSchema, notMeasured: new Set() },
  predict4: { test: 'blood-test', keys: BLOOD_TEST_COMPAT_KEYS, schema: CompatBloodTestSchema, notMeasured: new Set() },
  predict5: {
    test: 'kidney-stone',
    keys: { ...KIDNEY_STONE_COMPAT_KEYS, ...STONE_KEYS },
    schema: KidneyStoneInputSchema,
    notMeasured: new Set(),
    complete: completeKidneyStone,
  },
  predict6: {
    test: 'liver',
    keys: LIVER_COMPAT_KEYS,
    schema: LiverInputSchema,
    notMeasured: notMeasuredOf(LIVER_FIELDS),
  },
} as const satisfies Record<string, CompatPrediction>;

export type CompatPredictPath = keyof typeof COMPAT_PREDICTIONS;

/**
 * Maps one legacy record to validated form inputs. Names the record does not use are dropped (an old client may
 * send extras, such as the kidney form's 'Total', which is recounted); numeric text is accepted.
 */
export function inputsFromCompatRecord(
  spec: CompatPrediction,
  record: Record<string, unknown>,
): { inputs: AssessmentInputs; notes: string[] } {
  const specNameOf = new Map(Object.entries(spec.keys).map(([name, key]) => [key, name]));
  const nameOf = (key: string) => specNameOf.get(key) ?? key;
  const inputs: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(spec.keys)) {
    if (!(name in record)) continue;
    const value = record[name];
    const isBlank = value === null || (typeof value === 'string' && value.trim() === '');
    const isZero = value === 0 || (typeof value === 'string' && value.trim() !== '' && Number(value) === 0);
    inputs[key] = spec.notMeasured.has(key) && (isBlank || isZero) ? null : value;
  }
  if (spec.test === 'blood-test') {
    const scaled = normalisedValuesError(inputs, nameOf);
    if (scaled) throw scaled;
  }
  const notes = spec.complete?.(inputs) ?? [];
  const parsed = spec.schema.safeParse(inputs);
  if (!parsed.success) {
    // Built here rather than by toFieldErrors: legacy names contain '/' ('Back/belly/side pain').
    const errors: FieldError[] = parsed.error.issues.map((issue) => {
      const field = issue.path.map((p) => (typeof p === 'string' ? nameOf(p) : String(p))).join('.') || 'body';
      const isMissing = issue.code === 'invalid_type' && issue.message === 'is required';
      return isMissing
        ? { field, rule: 'required', message: 'is required' }
        : { field, rule: issue.code, message: issue.message };
    });
    throw new AppError('validation_failed', summarise(errors), errors);
  }
  const values: Record<string, number | null> = { ...parsed.data };
  if (spec.test === 'blood-test') values.sex = null;
  return { inputs: values, notes };
}

/**
 * The legacy prediction[0]: the flag at the card threshold, the blood class code, or 1 for a moderate/high STONE band.
 */
export function compatPredictionOf(result: AssessmentResult): number {
  if (result.kind === 'risk') return result.prediction;
  if (result.kind === 'blood-test') return result.classCode;
  if (result.kind === 'image') throw new Error('image results answer a label, not a number');
  return result.band === 'moderate' || result.band === 'high' ? 1 : 0;
}
