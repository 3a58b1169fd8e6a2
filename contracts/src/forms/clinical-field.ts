/**
 * One field of a clinical form, described once and used three times: the web form renders it, the server validates
 * with `formSchemaFor` (clinical-fields.ts, which builds the zod schema from this description), and the result page
 * labels inputs with it. No zod here: the web app renders forms from this module before it loads any validation.
 */

export const FIELD_TYPES = ['integer', 'decimal', 'code', 'yesno'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type FieldOption = { value: number; label: string };

export type ClinicalField = {
  /** The public name, camelCase, in the API, the web and saved assessments (decision 034). */
  key: string;
  /**
   * The model's input column this field feeds (server/models/<test>/card.json `features`, named as in its training
   * data): set on every feature of a model test and on nothing else. Only the server's model adapter reads it.
   */
  modelColumn?: string | undefined;
  /**
   * The key of a field that no model reads, before public keys became camelCase (decision 034): saved
   * assessments were migrated from it, and /compat/* accepts it (see oldKeyOf).
   */
  legacyKey?: string | undefined;
  label: string;
  unit?: string | undefined;
  type: FieldType;
  min?: number | undefined;
  max?: number | undefined;
  /** Input granularity, and the number of decimals shown in range messages (0.1 -> "3.0"). */
  step?: number | undefined;
  options?: readonly FieldOption[] | undefined;
  default?: number | undefined;
  help?: string | undefined;
  /**
   * The form may answer 'I don't know / not measured' for this field: the request then sends `null` for it (the key
   * stays required, so a forgotten field is still an error). Only fields whose model imputes a missing value have it.
   */
  notMeasured?: boolean | undefined;
  /**
   * The key may be left out, or sent as null, and both mean 'not entered': the value is then not stored at all. For
   * a value only some people know that no model reads (guideline rules use it when it is there); a form with such a
   * field keeps only what was entered (`keepEntered`).
   */
  optional?: boolean | undefined;
  /**
   * Another unit people write this value in, told apart by size: a value above `max` and up to `upTo` is answered
   * with what it is in the field's unit, (value + offset) x scale, instead of the bare range message.
   */
  otherUnit?: { unit: string; upTo: number; offset: number; scale: number } | undefined;
  /**
   * The lab analyte of content/lab-units.json this value is (decision 030): the form then offers the units reports
   * print it in, and the API accepts `{ value, unit }` for it. `unit` stays the unit the model or rules read.
   */
  analyte?: string | undefined;
};

/**
 * The field's key before decision 034 (the data set's column for a model feature, `legacyKey` for the other
 * renamed fields, else the key itself): the name the legacy client's records and saved assessments used.
 */
export function oldKeyOf(field: Pick<ClinicalField, 'key' | 'modelColumn' | 'legacyKey'>): string {
  return field.legacyKey ?? field.modelColumn ?? field.key;
}

/** Yes/no answers are coded Yes=1, No=0, as the earlier client coded them (docs/product.md, Test forms). */
export const YES_NO_OPTIONS = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const satisfies readonly FieldOption[];

/** The options a coded field accepts; a yes/no field without its own options gets Yes=1, No=0. */
export function optionsOf(field: ClinicalField): readonly FieldOption[] {
  if (field.options) return field.options;
  return field.type === 'yesno' ? YES_NO_OPTIONS : [];
}

/** Units that read badly after a number ('6 count', 'In score.'); the label already says what the number is. */
const SILENT_UNITS: readonly string[] = ['count', 'score', 'ratio'];

/** The unit to print beside a value or in a hint: the field's unit, unless it is one of SILENT_UNITS. */
export function unitShownOf(field: Pick<ClinicalField, 'unit'>): string | undefined {
  return field.unit && !SILENT_UNITS.includes(field.unit) ? field.unit : undefined;
}

/** "3.0" for a step of 0.1, "150" for a step of 1 or none: ranges read the way the field is typed. */
export function formatFieldValue(field: Pick<ClinicalField, 'step' | 'type'>, value: number): string {
  const decimals = field.type === 'decimal' && field.step !== undefined ? decimalsOf(field.step) : undefined;
  return decimals === undefined ? String(value) : value.toFixed(decimals);
}

function decimalsOf(step: number): number {
  const text = String(step);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function withUnit(text: string, unit: string | undefined): string {
  return unit ? `${text} ${unit}` : text;
}

/** 'must be between 3.0 and 25.0 g/dL', 'must be at least 0', … or undefined when the field has no range. */
export function rangeMessage(field: ClinicalField): string | undefined {
  const { min, max } = field;
  if (min !== undefined && max !== undefined) {
    return withUnit(
      `must be between ${formatFieldValue(field, min)} and ${formatFieldValue(field, max)}`,
      unitShownOf(field),
    );
  }
  if (min !== undefined) return withUnit(`must be at least ${formatFieldValue(field, min)}`, unitShownOf(field));
  if (max !== undefined) return withUnit(`must be at most ${formatFieldValue(field, max)}`, unitShownOf(field));
  return undefined;
}

/** 'must be one of 1 (Typical Angina), 2 (Atypical Angina), 3 (Non-Anginal Pain), 4 (Asymptomatic)' */
export function optionsMessage(field: ClinicalField): string {
  return `must be one of ${optionsOf(field)
    .map((o) => `${o.value} (${o.label})`)
    .join(', ')}`;
}

/** A form's values without the optional fields that were not entered: what is stored is what was typed. */
export function keepEntered<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}

/** '48 looks like mmol/mol: that is 6.5 %. Enter it in %' for a value in the field's other unit, else undefined. */
export function otherUnitMessage(field: ClinicalField, value: unknown): string | undefined {
  const other = field.otherUnit;
  if (!other || typeof value !== 'number' || field.max === undefined || value <= field.max || value > other.upTo)
    return undefined;
  const converted = formatFieldValue(field, Number(((value + other.offset) * other.scale).toFixed(6)));
  const unit = field.unit ?? '';
  return `${rangeMessage(field)}; ${value} looks like ${other.unit}, which is about ${converted} ${unit}: enter the value in ${unit}`;
}

/** The prefilled values of a form: every field that has a default. */
export function defaultsFor<const F extends readonly ClinicalField[]>(
  fields: F,
): Partial<Record<F[number]['key'], number>> {
  const out: Partial<Record<string, number>> = {};
  for (const field of fields) if (field.default !== undefined) out[field.key] = field.default;
  return out as Partial<Record<F[number]['key'], number>>;
}

/** Sex as the legacy data sets code it: 1 male, 0 female. */
export const SEX_MALE_1 = [
  { value: 1, label: 'Male' },
  { value: 0, label: 'Female' },
] as const;

/** A yes/no question as the legacy data sets code it: 1 yes, 0 no (Yes listed first, as the earlier client did). */
export const YES_1_NO_0 = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const;
