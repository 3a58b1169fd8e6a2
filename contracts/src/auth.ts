import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './forms/auth';
import { LanguageSchema } from './language';

export * from './forms/auth';

/** Emails are compared trimmed and lower-cased, so "Ann@Example.org " and "ann@example.org" are one account. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('must be a valid email address'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const NameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(NAME_MAX, `must be at most ${NAME_MAX} characters`);

export const SignUpRequestSchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignInRequestSchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  /** The language the account reads MediBuddy in: the web app's pages after sign-in, the recovery e-mail. */
  language: LanguageSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({ user: UserSchema, message: z.string() });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const CurrentUserResponseSchema = z.object({ user: UserSchema });
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;

/** For the web app's first request: a visitor is an answer (user null), not an error. */
export const SessionResponseSchema = z.object({ user: UserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** How long a signed-in session lasts (days) and how long a verified code's reset grant lasts (minutes). */
export const SESSION_TTL_DAYS = 30;
export const RESET_GRANT_TTL_MINUTES = 15;

export const OtpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `must be exactly ${OTP_LENGTH} digits`);

export const SendCodeRequestSchema = z.strictObject({ email: EmailSchema });
export type SendCodeRequest = z.infer<typeof SendCodeRequestSchema>;

export const VerifyCodeRequestSchema = z.strictObject({ email: EmailSchema, code: OtpCodeSchema });
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequestSchema>;

/**
 * Whose password changes is never in the body: it comes from the signed-in session (which must then also
 * prove the current password) or from the reset grant a verified code set as a cookie.
 */
export const ChangePasswordRequestSchema = z.strictObject({
  newPassword: PasswordSchema,
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const FeedbackRequestSchema = z.strictObject({
  feedback: z.string().trim().min(1, 'is required').max(5000, 'must be at most 5000 characters'),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

/** PATCH /api/profile: what a signed-in person may change of the account besides its picture and password. */
export const UpdateProfileRequestSchema = z.strictObject({ language: LanguageSchema.optional() });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const AvatarResponseSchema = z.object({ imageUrl: z.string(), message: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponseSchema>;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
