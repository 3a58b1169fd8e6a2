import toast from 'react-hot-toast';
import { ApiError } from './api-client';
import { t } from './i18n';

/** The sentence when nothing better is known, in the page's language. */
const genericErrorMessage = () => t('error.generic');

function nonBlank(text: string | undefined | null): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** The sentence to show for any failure; never blank, never a stack trace. */
export function errorMessageOf(error: unknown, fallback = genericErrorMessage()): string {
  if (error instanceof ApiError) return nonBlank(error.message) ?? fallback;
  return fallback;
}

/** Success toast with the server's message, or our own sentence if the server sent none. */
export function notifySuccess(message: string | undefined, fallback: string): void {
  const text = nonBlank(message) ?? fallback;
  toast.success(text, { id: text });
}

/** The same message twice replaces the first toast instead of stacking a copy. */
export function notifyError(errorOrMessage: unknown, fallback = genericErrorMessage()): void {
  const text =
    typeof errorOrMessage === 'string'
      ? (nonBlank(errorOrMessage) ?? fallback)
      : errorMessageOf(errorOrMessage, fallback);
  toast.error(text, { id: text });
}

/** Takes a message's toast down once the user has done what it asked (a toast's id is its text). */
export function dismissNotice(message: string): void {
  toast.dismiss(message);
}
