import { ApiError } from '../../lib/api-client';
import { t } from '../../lib/i18n';

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

/**
 * The clinical forms' sentence for a failed submit, in the page's language ('tests' catalogue, decision 032): the
 * server's own words stay as they came (in the page's language when the server has them).
 */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return t('tests.networkError');
  const english = submitFailureMessage(error);
  if (error instanceof ApiError && english === error.message) return english;
  return error instanceof ApiError && error.status === 503 ? t('tests.modelNotReady') : t('tests.serverFailure');
}

/** The consent question's words on a clinical form, in the page's language. */
export function consentTexts() {
  return {
    heading: t('tests.consent.heading'),
    consent: t('tests.consent.text'),
    without: t('tests.consent.without'),
    agree: t('tests.consent.agree'),
    saving: t('tests.consent.saving'),
    notNow: t('tests.consent.notNow'),
  };
}
