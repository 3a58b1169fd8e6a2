import { ApiError } from '../../lib/api-client';

/** Shared by the clinical and the image test forms, which both send a visitor to sign in first. */
export const SIGN_IN_TO_RUN_MESSAGE = 'Please sign in to run a test';
const MODEL_NOT_READY_MESSAGE = 'The model for this test is not ready yet. Please try again in a few minutes.';
const SERVER_FAILURE_MESSAGE =
  'We could not run the test because of a problem on our side. Please try again in a moment.';

/** The sentence for a failed submit that is not about one field. Never blank, never a status code alone. */
export function submitFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SERVER_FAILURE_MESSAGE;
  if (error.isNetworkError || error.code === 'invalid_response' || error.status === 429) return error.message;
  if (error.status === 503) return MODEL_NOT_READY_MESSAGE;
  if (error.status >= 500) return SERVER_FAILURE_MESSAGE;
  return error.message;
}
