import { ApiError, networkErrorMessage } from '../../lib/api-client';
import { t } from '../../lib/i18n';

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

/** Where a test form's words are: the clinical forms' in 'tests', the image tests' in 'images' (each page's own). */
type FormNamespace = 'tests' | 'images';

/**
 * A test form's sentence for a failed submit, in the page's language (decision 032): the server's own words stay as
 * they came (in the page's language when the server has them).
 */
export function failureMessage(error: unknown, ns: FormNamespace = 'tests'): string {
  if (error instanceof ApiError && error.isNetworkError) return networkErrorMessage();
  const english = submitFailureMessage(error);
  if (error instanceof ApiError && english === error.message) return english;
  return error instanceof ApiError && error.status === 503 ? t(`${ns}.modelNotReady`) : t(`${ns}.serverFailure`);
}

/** The consent question's words on a test form, in the page's language. */
export function consentTexts(ns: FormNamespace = 'tests') {
  return {
    heading: t(`${ns}.consent.heading`),
    consent: t(`${ns}.consent.text`),
    without: t(`${ns}.consent.without`),
    agree: t(`${ns}.consent.agree`),
    saving: t(`${ns}.consent.saving`),
    notNow: t(`${ns}.consent.notNow`),
  };
}
