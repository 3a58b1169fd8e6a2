import { z } from 'zod';
import { EmailSchema, NameSchema, OtpCodeSchema, PASSWORD_MAX, PasswordSchema } from './auth';
import { CARDIO_FIELDS, DIABETES_FIELDS, LIVER_FIELDS } from './forms/clinical-forms';
import { oldKeyOf, type ClinicalField } from './forms/clinical-field';
import { ProblemSchema } from './problem';

/**
 * The legacy client's calls (docs/product.md#compat-api), served under /compat. Bodies are the legacy ones, field
 * for field.
 * Unknown fields are dropped rather than refused: an old client may send extras we never read.
 */
export const CompatSignUpRequestSchema = z.object({ name: NameSchema, email: EmailSchema, password: PasswordSchema });
export const CompatSignInRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export const CompatSendOtpRequestSchema = z.object({ email: EmailSchema });

/** The legacy OTP field is a number input, so the code may arrive as 12345 for "012345". */
export const CompatOtpSchema = z
  .union([z.string(), z.number().int('must be exactly 6 digits').min(0).max(999_999, 'must be exactly 6 digits')], {
    error: 'must be exactly 6 digits',
  })
  .transform((v) => (typeof v === 'number' ? String(v).padStart(6, '0') : v))
  .pipe(OtpCodeSchema);
export const CompatVerifyOtpRequestSchema = z.object({ email: EmailSchema, vOTP: CompatOtpSchema });
export const CompatChangePasswordRequestSchema = z.object({ newPassword: PasswordSchema });
export const CompatFeedbackRequestSchema = z.object({
  feedback: z.string().trim().min(1, 'is required').max(5000, 'must be at most 5000 characters'),
});

export const CompatUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
});
export type CompatUser = z.infer<typeof CompatUserSchema>;
export const CompatAuthResponseSchema = z.object({ user: CompatUserSchema, message: z.string() });
/**
 * GET /getuser and GET /user-profile: the signed-in user, under `user` as sign-in answers it, and its fields
 * at the top level too, so a client reading either place (the navbar's first letter, the profile page) finds them.
 */
export const CompatCurrentUserResponseSchema = CompatUserSchema.extend({ user: CompatUserSchema });
export type CompatCurrentUserResponse = z.infer<typeof CompatCurrentUserResponseSchema>;

/** problem+json plus the two fields the legacy client reads its toast from (message, and error for sendOTP). */
export const CompatProblemSchema = ProblemSchema.extend({ message: z.string(), error: z.string() });
export type CompatProblem = z.infer<typeof CompatProblemSchema>;

/**
 * The legacy prediction calls (/predict1 to /predict6): a JSON array holding one record keyed by the legacy
 * field names. A bare record is accepted too. The record itself is checked by the test's own form schema
 * after its names are mapped to the form's keys (see server/src/modules/compat/compat-predictions.ts).
 */
export const CompatPredictRequestSchema = z.preprocess(
  (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value),
  z
    .array(z.record(z.string(), z.unknown()), { error: 'must be a JSON array holding one record' })
    .length(1, 'must hold exactly one record'),
);

/** prediction[0]: 0 or 1 for the risk models and kidney stone, the class code 0-4 for the blood test. */
export const CompatPredictionResponseSchema = z.object({ prediction: z.tuple([z.number().int()]) });
export type CompatPredictionResponse = z.infer<typeof CompatPredictionResponseSchema>;

/** The heart record's names, as the legacy client posts them (the Statlog CSV's columns) -> form keys. */
export const HEART_COMPAT_KEYS = {
  Age: 'age',
  Sex: 'sex',
  'Chest pain type': 'chestPainType',
  BP: 'bp',
  Cholesterol: 'cholesterol',
  'FBS over 120': 'fbsOver120',
  'EKG results': 'ekgResults',
  'Max HR': 'maxHr',
  'Exercise angina': 'exerciseAngina',
  'ST depression': 'stDepression',
  'Slope of ST': 'slopeOfSt',
  'Number of vessels fluro': 'numberOfVesselsFluro',
  Thallium: 'thallium',
} as const;

/**
 * The diabetes, cardio and liver records' names, as the legacy client posts them (the data sets' columns, and the
 * keys the optional questions had before decision 034) -> form keys: each field's oldKeyOf.
 */
const compatKeysOf = (fields: readonly ClinicalField[]): Readonly<Record<string, string>> =>
  Object.fromEntries(fields.map((field) => [oldKeyOf(field), field.key]));
export const DIABETES_COMPAT_KEYS = compatKeysOf(DIABETES_FIELDS);
export const CARDIO_COMPAT_KEYS = compatKeysOf(CARDIO_FIELDS);
export const LIVER_COMPAT_KEYS = compatKeysOf(LIVER_FIELDS);
