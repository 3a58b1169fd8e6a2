/**
 * The limits the account forms show and check, without zod (the web app renders the forms from them before it loads
 * any validation; auth.ts builds the schemas the server validates with from the same numbers).
 */

/** NIST SP 800-63B: length only, no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
