import type toastDefault from 'react-hot-toast';
import { ApiError } from './api-client';
import { t } from './i18n';

type Toast = typeof toastDefault;

/**
 * The toast library (react-hot-toast and its styles, about 5 KB compressed) comes with the first toast, not with the
 * page, so a first visit downloads less (decision 014's 120 KB). Calls keep their order (one promise chain), and the
 * Toaster that shows them is mounted once the first is asked for (app/providers.tsx).
 */
let loading: Promise<Toast> | undefined;
const listeners = new Set<() => void>();

function withToast(use: (toast: Toast) => void): void {
  if (!loading) {
    loading = import('react-hot-toast').then((m) => m.default);
    // Offline before the first toast: the next one tries again.
    loading.catch(() => (loading = undefined));
    for (const listener of listeners) listener();
  }
  loading.then(use, () => undefined);
}

/** Whether a toast has been asked for, so the Toaster should be on the page (a store for useSyncExternalStore). */
export const toasterWanted = (): boolean => loading !== undefined;

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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
  withToast((toast) => toast.success(text, { id: text }));
}

/** The same message twice replaces the first toast instead of stacking a copy. */
export function notifyError(errorOrMessage: unknown, fallback = genericErrorMessage()): void {
  const text =
    typeof errorOrMessage === 'string'
      ? (nonBlank(errorOrMessage) ?? fallback)
      : errorMessageOf(errorOrMessage, fallback);
  withToast((toast) => toast.error(text, { id: text }));
}

/** Takes a message's toast down once the user has done what it asked (a toast's id is its text). */
export function dismissNotice(message: string): void {
  if (loading) withToast((toast) => toast.dismiss(message));
}

/** A plain notice (neither success nor error) under its own id, so asking again replaces it. */
export function notifyInfo(text: string, id: string): void {
  withToast((toast) => toast(text, { id }));
}
