import type { ClinicalTestSlug } from '@medibuddy/contracts';
import type { FormState } from './form-values';

/**
 * A form's answers kept while a visitor signs in, so they come back to the same form with the same values.
 * sessionStorage: this tab only, gone when it closes, never sent anywhere. Cleared once the test has run.
 */
const PREFIX = 'medibuddy.draft.';
/** An old draft is not restored into a form someone opens much later. */
const MAX_AGE_MS = 2 * 60 * 60 * 1000;

type StoredDraft = FormState & { savedAt: number };

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the form then simply starts fresh.
    return undefined;
  }
}

export function saveDraft(slug: ClinicalTestSlug, state: FormState, now = Date.now()): void {
  const draft: StoredDraft = { values: state.values, notMeasured: state.notMeasured, savedAt: now };
  try {
    storage()?.setItem(PREFIX + slug, JSON.stringify(draft));
  } catch {
    // Quota or blocked storage: the visitor re-enters the values; nothing else depends on it.
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

function isBooleanRecord(value: unknown): value is Record<string, boolean> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'boolean');
}

/** The saved answers of `slug`, or undefined when there are none, they are too old, or they do not parse. */
export function loadDraft(slug: ClinicalTestSlug, now = Date.now()): FormState | undefined {
  let parsed: unknown;
  try {
    const text = storage()?.getItem(PREFIX + slug);
    if (!text) return undefined;
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const draft = parsed as Partial<StoredDraft> | null;
  if (
    !draft ||
    !isStringRecord(draft.values) ||
    !isBooleanRecord(draft.notMeasured) ||
    typeof draft.savedAt !== 'number'
  ) {
    clearDraft(slug);
    return undefined;
  }
  if (now - draft.savedAt > MAX_AGE_MS) {
    clearDraft(slug);
    return undefined;
  }
  return { values: draft.values, notMeasured: draft.notMeasured };
}

export function clearDraft(slug: ClinicalTestSlug): void {
  try {
    storage()?.removeItem(PREFIX + slug);
  } catch {
    // Nothing to clear.
  }
}
