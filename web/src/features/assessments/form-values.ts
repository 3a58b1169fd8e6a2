import type { FieldError } from '@medibuddy/contracts';
import {
  formatFieldValue,
  STONE_NAUSEA,
  STONE_PAIN_ONSET,
  unitShownOf,
  type ClinicalField,
} from '@medibuddy/contracts/forms';
import { fieldUnits, rangeIn, readUnits, type UnitChoice, type ValueWithUnit } from '@medibuddy/contracts/lab-units';
import type { z } from 'zod';
import { fieldMessage, type FieldErrors } from '../../lib/form';
import { currentLanguage, t, type MessageKey } from '../../lib/i18n';
import { unitText } from './clinical-test-copy';

/**
 * What the form holds while it is being filled: text as typed (a number field may hold '12,5' or 'abc'
 * until it is checked) and the code of a chosen option as text ('' = nothing chosen yet).
 */
type FormValues = Record<string, string>;
/** Fields answered 'Not measured' (only fields that allow it). */
type NotMeasured = Record<string, boolean>;
/**
 * A lab value's unit as chosen (decision 030; absent = the field's own unit), and the values whose unit the person
 * confirmed after the form asked 'Did you mean…?'.
 */
export type FormState = {
  values: FormValues;
  notMeasured: NotMeasured;
  units?: Record<string, string>;
  confirmed?: Record<string, boolean>;
};

/** What the request sends: numbers in the fields' units, or a lab value with the unit it was entered in. */
export type ClinicalInputs = Record<string, number | null | ValueWithUnit>;

/** The unit a field's value is entered in: the one chosen, else the field's own. */
export function unitOf(field: ClinicalField, state: FormState): string | undefined {
  const chosen = state.units?.[field.key];
  return chosen && fieldUnits(field).includes(chosen) ? chosen : field.unit;
}

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
    if (text === '') continue;
    const unit = unitOf(field, state);
    const isConfirmed = Boolean(state.confirmed?.[field.key]);
    raw[field.key] =
      fieldUnits(field).length > 0 && unit && (unit !== field.unit || isConfirmed)
        ? { value: text, unit, ...(isConfirmed ? { confirmed: true } : {}) }
        : text;
  }
  return raw;
}

/** The form's question 'Did you mean 12 mmol/L (216 mg/dL)?': the ways to read a field's value, per field. */
export type UnitQuestions = Record<string, UnitChoice[]>;

type Validation =
  | { inputs: ClinicalInputs; errors?: undefined; formErrors?: undefined; questions?: undefined }
  | { inputs?: undefined; errors: FieldErrors<string>; formErrors: string[]; questions: UnitQuestions };

/**
 * The same contract schema the server validates with (ASSESSMENT_INPUT_SCHEMAS[test], loaded when the form is used);
 * messages are written under the fields.
 */
export function validateClinicalForm(
  schema: z.ZodType,
  fields: readonly ClinicalField[],
  state: FormState,
): Validation {
  const raw = rawInputs(fields, state);
  // Values with a unit are read into the fields' units first, and asked about where the unit looks wrong, unless
  // the whole record is wrong (a blood test scaled to 0-1), which the schema says in one message.
  const read = readUnits(fields, raw);
  const parsed = schema.safeParse(read.inputs);
  const labels = new Map(fields.map((f) => [f.key, f]));
  const errors: FieldErrors<string> = {};
  const questions: UnitQuestions = {};
  const isWholeRecordWrong = !parsed.success && parsed.error.issues.some((i) => !labels.has(String(i.path[0] ?? '')));
  for (const problem of isWholeRecordWrong ? [] : read.problems) {
    const field = labels.get(problem.key);
    if (field) errors[field.key] ??= messageFor(field, problem.message);
    if (problem.choices) questions[problem.key] = problem.choices;
  }
  if (Object.keys(errors).length > 0) return { errors, formErrors: [], questions };
  if (parsed.success) {
    const inputs = { ...(parsed.data as Record<string, number | null>) } as ClinicalInputs;
    // Sent as entered, with the unit: the server converts again and keeps what was typed.
    for (const [key, value] of Object.entries(raw))
      if (typeof value === 'object' && value !== null) {
        const withUnit = value as ValueWithUnit;
        inputs[key] = { ...withUnit, value: Number(withUnit.value) };
      }
    return { inputs };
  }
  const formErrors: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = labels.get(String(issue.path[0] ?? ''));
    if (field) {
      errors[field.key] ??= messageFor(field, issue.message);
    } else if (!formErrors.includes(recordMessage(issue.message))) {
      formErrors.push(recordMessage(issue.message));
    }
  }
  return { errors, formErrors, questions };
}

/** "is required" reads "Please choose an answer for Sex." on a question with options. */
function messageFor(field: ClinicalField, message: string): string {
  if (isChoiceField(field) && message === 'is required') return t('tests.error.choose', { label: field.label });
  if (currentLanguage() !== 'en') return translatedMessage(field, message);
  return fieldMessage(field.label, message);
}

/** The contracts' messages about two answers together (assessments.ts, kidney-stone.ts), by their English words. */
const PAIR_MESSAGES: Readonly<Record<string, MessageKey>> = {
  'must be lower than the systolic pressure': 'tests.error.belowSystolic',
  'must be lower than the total cholesterol (HDL is part of it)': 'tests.error.belowTotalCholesterol',
  'must not be more than the total bilirubin (direct bilirubin is part of it)': 'tests.error.directBilirubin',
  'must not be more than the total proteins (albumin is part of them)': 'tests.error.albumin',
  'must say when the pain began, since you have back, belly or side pain': 'tests.error.painOnsetNeeded',
  "must be 'I have no such pain', since you answered No to back, belly or side pain": 'tests.error.painOnsetNone',
  'must be nausea only or vomiting, since you answered Yes to nausea or vomiting': 'tests.error.nauseaNeeded',
  'must be neither, since you answered No to nausea or vomiting': 'tests.error.nauseaNone',
};

/**
 * A message of the contracts' schema or unit reading (their English, which the API answers with) in the page's
 * language: read from its fixed wording and written again from the 'tests' catalogue with the field's label, limits
 * and unit. Words no rule here knows (a server's other answer) stay as they came.
 */
function translatedMessage(field: ClinicalField, message: string): string {
  const label = field.label;
  const pair = PAIR_MESSAGES[message];
  if (pair) return t(pair, { label });
  if (message === 'is required') return t('tests.error.required', { label });
  if (message === 'must be a number') return t('tests.error.number', { label });
  if (message === 'must be a whole number') return t('tests.error.whole', { label });
  // 'must be one of 1 (Male), 0 (Female)': the form offers only its options, so only a changed form gets here.
  if (/^must be one of -?\d+ \(/.test(message)) return t('tests.error.choose', { label });
  const other =
    /^must be between (\S+) and (\S+)(?: (.+?))?; (\S+) looks like (.+), which is about (\S+) (.+): enter/.exec(
      message,
    );
  if (other) {
    const [, min, max, , value, unit, converted] = other;
    return t('tests.error.otherUnit', { label, min, max, unit: field.unit ?? '', value, other: unit, converted });
  }
  const range = /^must be between (\S+) and (\S+)(?: (.+))?$/.exec(message);
  if (range) {
    const [, min, max, unit] = range;
    return unit
      ? t('tests.error.rangeUnit', { label, min, max, unit: unitText(unit) })
      : t('tests.error.range', { label, min, max });
  }
  const unlikely = /^looks unlikely as (.+)\. Did you mean (.+)\? Choose the unit/.exec(message);
  if (unlikely) return t('tests.error.didYouMean', { label, entered: unlikely[1], choice: unlikely[2] });
  const units = /^must be one of (.+)$/.exec(message);
  if (units) return t('tests.error.notAUnit', { label, units: units[1] });
  return fieldMessage(label, message);
}

/** A message about the whole record (the blood test's values scaled to 0-1) in the page's language. */
function recordMessage(message: string): string {
  if (currentLanguage() === 'en') return message;
  return message.startsWith('These values look scaled to between 0 and 1.') ? t('tests.error.labUnits') : message;
}

/**
 * The server's field errors ('inputs.age') under this form's fields. Errors for fields the form does not show,
 * or for the whole record, come back in `rest` for a notice.
 */
export function mapServerErrors(
  fields: readonly ClinicalField[],
  fieldErrors: readonly FieldError[],
): { errors: FieldErrors<string>; rest: string[]; questions: UnitQuestions } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const errors: FieldErrors<string> = {};
  const rest: string[] = [];
  const questions: UnitQuestions = {};
  for (const item of fieldErrors) {
    const key = item.field.replace(/^inputs\.?/, '');
    const field = byKey.get(key);
    // A message in Hindi is a whole sentence naming the field as the API does ('inputs.age …'): the label takes
    // the name's place (decision 039).
    const named = [item.field, key].find((name) => item.message.startsWith(`${name} `));
    const message = field && named ? `${field.label}${item.message.slice(named.length)}` : item.message;
    if (field) errors[key] ??= messageFor(field, message);
    else rest.push(item.message);
    if (field && item.choices) questions[key] = item.choices;
  }
  return { errors, rest, questions };
}

/**
 * "Whole number, from 18 to 100 years." for the hint under a number field, in the page's language. Every clinical
 * field has both limits; a field without them gets no hint.
 */
export function rangeHint(field: ClinicalField, inUnit: string | undefined = field.unit): string | undefined {
  if (inUnit && inUnit !== field.unit) {
    const { min, max } = rangeIn(field, inUnit);
    return min !== undefined && max !== undefined
      ? t('tests.hint.rangeUnit', { min: String(min), max: String(max), unit: inUnit })
      : undefined;
  }
  if (field.min === undefined || field.max === undefined) return undefined;
  const unit = unitText(unitShownOf(field));
  const values = { min: formatFieldValue(field, field.min), max: formatFieldValue(field, field.max) };
  if (field.type === 'integer') {
    return unit ? t('tests.hint.wholeRangeUnit', { ...values, unit }) : t('tests.hint.wholeRange', values);
  }
  return unit ? t('tests.hint.rangeUnit', { ...values, unit }) : t('tests.hint.range', values);
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

/** Kidney stone: the two answers asked twice are kept in step; this says so under the second question. */
export const LINKED_NOTES: Record<string, MessageKey> = {
  painOnset: 'tests.linked.painOnset',
  nausea: 'tests.linked.nausea',
};

/** Kidney stone: each of the answers asked twice and its twin. */
export const LINKED_TWIN: Record<string, string> = {
  backBellySidePain: 'painOnset',
  painOnset: 'backBellySidePain',
  nauseaVomiting: 'nausea',
  nausea: 'nauseaVomiting',
};
