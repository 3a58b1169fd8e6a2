import { useCallback, useRef } from 'react';
import type { z } from 'zod';
import type { ValidationIssue } from '../../../contracts/src/validation-messages';
import { ApiError, networkErrorMessage } from './api-client';
import { notifyError } from './notify';
import { loadSchemas, type Contracts } from './schemas';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A text with a full stop unless it already ends a sentence ('।' ends a Hindi one, as the API's Hindi messages do). */
export function asSentence(text: string): string {
  return /[.!?।]$/.test(text) ? text : `${text}.`;
}

/** "must be at least 8 characters" under "Password" reads "Password must be at least 8 characters." */
export function fieldMessage(label: string, message: string): string {
  const text = message.trim();
  return asSentence(/^[a-z]/.test(text) ? `${label} ${text}` : text);
}

/** What validateForm reads of a zod issue: the contracts' shape (a type only; zod is not imported on a first load). */
export type Issue = ValidationIssue;

/**
 * How a zod issue reads under a field: the schema's own English words until lib/validation-messages.ts is loaded,
 * which it is with the contracts' schemas (lib/contracts.ts), before any form can be validated. So the messages of
 * other languages cost a first visit nothing.
 */
let messageOfIssue = (label: string, issue: Issue) => fieldMessage(label, issue.message);
let messageOfRequired = (label: string) => fieldMessage(label, 'is required');

export function setValidationMessages(
  issue: (label: string, issue: Issue) => string,
  required: (label: string) => string,
): void {
  messageOfIssue = issue;
  messageOfRequired = required;
}

/**
 * The contracts' schemas for a form's submit: they are not part of a page's first load (decision 014), so the first
 * submit may wait for them (a form's first focus has usually fetched them already: preloadSchemas). Undefined, with
 * the person told, when they cannot be fetched; undefined too, and nothing done, for a submit while the form is
 * `busy` with its request or while an earlier submit still waits for them.
 */
export function useSchemasForSubmit(): (busy: boolean) => Promise<Contracts | undefined> {
  const isWaiting = useRef(false);
  return useCallback(async (busy: boolean) => {
    if (busy || isWaiting.current) return undefined;
    isWaiting.current = true;
    try {
      return await loadSchemas();
    } catch {
      notifyError(networkErrorMessage());
      return undefined;
    } finally {
      isWaiting.current = false;
    }
  }, []);
}

/**
 * Checks form values against a contract schema: the values themselves, or `body` when the form sends something else
 * (only some of its fields). A required field left empty says "is required" rather than a length rule, which is what
 * a person needs to hear first.
 */
export function validateForm<K extends string, S extends z.ZodType>(
  schema: S,
  values: Record<K, string>,
  labels: Record<K, string>,
  required: readonly K[] = [],
  body: Partial<Record<K, string>> = values,
): { data: z.infer<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors<K> } {
  const errors: FieldErrors<K> = {};
  for (const name of required) {
    if (!values[name].trim()) errors[name] = messageOfRequired(labels[name]);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '') as K;
      if (name in labels && !errors[name]) errors[name] = messageOfIssue(labels[name], issue);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { data: parsed.data };
}

/**
 * The server's field errors for fields this form shows; the rest are left for a toast. With one field error
 * the server's detail is a whole sentence written for that field ("That code is not correct…"), so it is
 * shown as is. A rate limit is about the whole form, not a field, so it is left for a toast too.
 */
export function serverFieldErrors<K extends string>(error: ApiError, labels: Record<K, string>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  if (error.status === 429) return errors;
  // A written sentence, not a summary that starts with the field's name ("password must be …").
  const isDetailForOneField = error.fieldErrors.length === 1 && /^[^a-z]/.test(error.detail.trim());
  for (const item of error.fieldErrors) {
    const name = item.field as K;
    if (!(name in labels) || errors[name]) continue;
    // A message in Hindi is a whole sentence that names the field as the API does ("password में …"): the page's
    // label takes the name's place.
    const message = item.message.startsWith(`${item.field} `)
      ? `${labels[name]}${item.message.slice(item.field.length)}`
      : item.message;
    errors[name] = isDetailForOneField ? fieldMessage(labels[name], error.detail) : fieldMessage(labels[name], message);
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A failed request of a form: a refusal about its fields is shown under them (`show`; `more` reads field errors
 * the server's field list lacks, such as an address already registered), anything else in a toast.
 */
export function reportFailure<K extends string>(
  error: Error,
  labels: Record<K, string>,
  show: (errors: FieldErrors<K>) => void,
  failureMessage: string,
  more?: (error: ApiError) => FieldErrors<K>,
): void {
  let fieldErrors = error instanceof ApiError ? serverFieldErrors(error, labels) : {};
  if (!hasErrors(fieldErrors) && error instanceof ApiError && more) fieldErrors = more(error);
  if (hasErrors(fieldErrors)) show(fieldErrors);
  else notifyError(error, failureMessage);
}

/** Moves focus to the first field, in the form's own order, that has an error. */
export function focusFirstInvalid(form: HTMLFormElement | null, order: readonly string[], errors: FieldErrors<string>) {
  const first = order.find((name) => errors[name]);
  if (!form || !first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/** Reads named text fields of a submitted form. */
export function readFields<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = data.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}
