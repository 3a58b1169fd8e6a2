import type { FieldError } from '@medibuddy/contracts';
import {
  formatFieldValue,
  STONE_NAUSEA,
  STONE_PAIN_ONSET,
  unitShownOf,
  type ClinicalField,
} from '@medibuddy/contracts/forms';
import type { z } from 'zod';
import { fieldMessage, type FieldErrors } from '../../lib/form';

/**
 * What the form holds while it is being filled: text as typed (a number field may hold '12,5' or 'abc'
 * until it is checked) and the code of a chosen option as text ('' = nothing chosen yet).
 */
type FormValues = Record<string, string>;
/** Fields answered 'Not measured' (only fields that allow it). */
type NotMeasured = Record<string, boolean>;
export type FormState = { values: FormValues; notMeasured: NotMeasured };

export type ClinicalInputs = Record<string, number | null>;

export const isChoiceField = (field: ClinicalField) => field.type === 'code' || field.type === 'yesno';

/**
 * Every field starts empty: a value the form filled in would be stored and reported as the patient's own (the
 * contract's defaults, such as the blood test's sample report, are examples, not answers).
 */
export function initialFormState(fields: readonly ClinicalField[]): FormState {
  const values: FormValues = {};
  for (const field of fields) values[field.key] = '';
  return { values, notMeasured: {} };
}

/** The radio value of 'I don't know' on a question with options that allows it. */
export const NOT_KNOWN = 'unknown';

/** '12,5' is how much of the world writes 12.5; a single comma between digits is read as a decimal point. */
function normaliseNumberText(text: string): string {
  const trimmed = text.trim();
  return /^[+-]?\d*,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/**
 * The object the contract schema checks: numeric text for numbers (the schema reads it), the chosen code for
 * options, null for 'not measured', and no key at all for an empty field (the schema says 'is required').
 */
export function rawInputs(fields: readonly ClinicalField[], state: FormState): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.notMeasured && (state.notMeasured[field.key] || state.values[field.key] === NOT_KNOWN)) {
      raw[field.key] = null;
      continue;
    }
    // An optional question answered 'I don't know' is not entered: the key stays out.
    if (field.optional && state.values[field.key] === NOT_KNOWN) continue;
    const text = normaliseNumberText(state.values[field.key] ?? '');
    if (text !== '') raw[field.key] = text;
  }
  return raw;
}

type Validation =
  | { inputs: ClinicalInputs; errors?: undefined; formErrors?: undefined }
  | { inputs?: undefined; errors: FieldErrors<string>; formErrors: string[] };

/**
 * The same contract schema the server validates with (ASSESSMENT_INPUT_SCHEMAS[test], loaded when the form is used);
 * messages are written under the fields.
 */
export function validateClinicalForm(
  schema: z.ZodType,
  fields: readonly ClinicalField[],
  state: FormState,
): Validation {
  const parsed = schema.safeParse(rawInputs(fields, state));
  if (parsed.success) return { inputs: parsed.data as ClinicalInputs };
  const labels = new Map(fields.map((f) => [f.key, f]));
  const errors: FieldErrors<string> = {};
  const formErrors: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = labels.get(String(issue.path[0] ?? ''));
    if (field) {
      errors[field.key] ??= messageFor(field, issue.message);
    } else if (!formErrors.includes(issue.message)) {
      formErrors.push(issue.message);
    }
  }
  return { errors, formErrors };
}

/** "is required" reads "Please choose an answer for Sex." on a question with options. */
function messageFor(field: ClinicalField, message: string): string {
  if (isChoiceField(field) && message === 'is required') return `Please choose an answer for “${field.label}”.`;
  return fieldMessage(field.label, message);
}

/**
 * The server's field errors ('inputs.age') under this form's fields. Errors for fields the form does not show,
 * or for the whole record, come back in `rest` for a notice.
 */
export function mapServerErrors(
  fields: readonly ClinicalField[],
  fieldErrors: readonly FieldError[],
): { errors: FieldErrors<string>; rest: string[] } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const errors: FieldErrors<string> = {};
  const rest: string[] = [];
  for (const item of fieldErrors) {
    const key = item.field.replace(/^inputs\.?/, '');
    const field = byKey.get(key);
    if (field) errors[key] ??= messageFor(field, item.message);
    else rest.push(item.message);
  }
  return { errors, rest };
}

/** "Between 18 and 100 years" for the hint under a number field. */
export function rangeHint(field: ClinicalField): string | undefined {
  const shown = unitShownOf(field);
  const unit = shown ? ` ${shown}` : '';
  const { min, max } = field;
  const whole = field.type === 'integer' ? 'Whole number' : undefined;
  let range: string | undefined;
  if (min !== undefined && max !== undefined) {
    range = `from ${formatFieldValue(field, min)} to ${formatFieldValue(field, max)}${unit}`;
  } else if (min !== undefined) range = `at least ${formatFieldValue(field, min)}${unit}`;
  else if (max !== undefined) range = `at most ${formatFieldValue(field, max)}${unit}`;
  if (whole && range) return `${whole}, ${range}.`;
  if (range) return `${range[0]!.toUpperCase()}${range.slice(1)}.`;
  return whole ? `${whole}.` : undefined;
}

/** Yes answers among the kidney-stone symptoms: the form's running Total. */
export function countYes(fields: readonly ClinicalField[], values: FormValues): number {
  return fields.filter((f) => f.type === 'yesno' && values[f.key] === '1').length;
}

/**
 * Kidney stone: two answers are asked twice (pain yes/no and when it began; nausea yes/no and which) and the
 * contract requires them to agree. Answering one sets the other, so the form never holds a contradiction.
 */
export function linkKidneyStoneAnswers(values: FormValues, changedKey: string): FormValues {
  const noPain = String(STONE_PAIN_ONSET.noPain);
  const noNausea = String(STONE_NAUSEA.none);
  const next = { ...values };
  const value = next[changedKey];
  switch (changedKey) {
    case 'backBellySidePain':
      if (value === '0') next.painOnset = noPain;
      else if (next.painOnset === noPain) next.painOnset = '';
      break;
    case 'painOnset':
      next.backBellySidePain = value === noPain ? '0' : '1';
      break;
    case 'nauseaVomiting':
      if (value === '0') next.nausea = noNausea;
      else if (next.nausea === noNausea) next.nausea = '';
      break;
    case 'nausea':
      next.nauseaVomiting = value === noNausea ? '0' : '1';
      break;
  }
  return next;
}
