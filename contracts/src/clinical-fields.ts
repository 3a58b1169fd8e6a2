import { z } from 'zod';

/**
 * One field of a clinical form, described once and used three times: the web form renders it, the
 * server validates with `formSchemaFor`, and the result page labels inputs with it.
 */
export const FieldTypeSchema = z.enum(['integer', 'decimal', 'code', 'yesno']);
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const FieldOptionSchema = z.object({ value: z.number(), label: z.string() });
export type FieldOption = z.infer<typeof FieldOptionSchema>;

export const ClinicalFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string().optional(),
  type: FieldTypeSchema,
  min: z.number().optional(),
  max: z.number().optional(),
  /** Input granularity, and the number of decimals shown in range messages (0.1 -> "3.0"). */
  step: z.number().optional(),
  options: z.array(FieldOptionSchema).readonly().optional(),
  default: z.number().optional(),
  help: z.string().optional(),
  /**
   * The form may answer 'I don't know / not measured' for this field: the request then sends `null` for it (the key
   * stays required, so a forgotten field is still an error). Only fields whose model imputes a missing value have it.
   */
  notMeasured: z.boolean().optional(),
  /**
   * The key may be left out, or sent as null, and both mean 'not entered': the value is then not stored at all. For
   * a value only some people know that no model reads (guideline rules use it when it is there); a form with such a
   * field keeps only what was entered (`keepEntered`).
   */
  optional: z.boolean().optional(),
  /**
   * Another unit people write this value in, told apart by size: a value above `max` and up to `upTo` is answered
   * with what it is in the field's unit, (value + offset) x scale, instead of the bare range message.
   */
  otherUnit: z
    .object({ unit: z.string(), upTo: z.number(), offset: z.number(), scale: z.number().positive() })
    .optional(),
});
export type ClinicalField = z.infer<typeof ClinicalFieldSchema>;

/** The spec codes yes/no answers as Yes=1, No=0. */
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
const SILENT_UNITS = new Set(['count', 'score', 'ratio']);

/** The unit to print beside a value or in a hint: the field's unit, unless it is one of SILENT_UNITS. */
export function unitShownOf(field: Pick<ClinicalField, 'unit'>): string | undefined {
  return field.unit && !SILENT_UNITS.has(field.unit) ? field.unit : undefined;
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

/** A plain decimal number written as text ("13.5", "-2", ".5", "1e3"); not "", "0x10", "12,5" or "Infinity". */
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The compatibility client sends numbers as strings; JSON numbers pass through untouched. */
function coerceNumericText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return NUMERIC_TEXT.test(text) ? Number(text) : value;
}

function fieldSchema(field: ClinicalField): z.ZodType<number | null | undefined, unknown> {
  const schema = valueSchema(field);
  // Not entered: null is read as a missing key, and keepEntered then drops the key.
  if (field.optional)
    return z.preprocess((value) => (value === null ? undefined : value), schema.optional()).optional();
  // null is the explicit 'not measured'; a missing key is still 'is required'.
  return field.notMeasured ? schema.nullable() : schema;
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

function valueSchema(field: ClinicalField): z.ZodType<number, unknown> {
  let number = z.number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') });
  const description = field.unit ? `${field.label} (${field.unit})` : field.label;
  if (field.type === 'integer') number = number.int('must be a whole number');
  if (field.type === 'integer' || field.type === 'decimal') {
    const message = rangeMessage(field);
    if (field.min !== undefined) number = number.min(field.min, message);
    if (field.max !== undefined) {
      number = number.max(field.max, { error: (issue) => otherUnitMessage(field, issue.input) ?? message });
    }
    return z.preprocess(coerceNumericText, number.meta({ description }));
  }
  const values = optionsOf(field).map((o) => o.value);
  const message = optionsMessage(field);
  // The enum and option list reach the OpenAPI document; the refine gives the readable message.
  const coded = number
    .refine((value) => values.includes(value), { message, abort: true })
    .meta({
      description: `${description}: ${optionsOf(field)
        .map((o) => `${o.value} ${o.label}`)
        .join(', ')}`,
      enum: values,
    });
  return z.preprocess(coerceNumericText, coded);
}

export type FormShape<F extends readonly ClinicalField[]> = {
  [E in F[number] as E['key']]: E extends { optional: true }
    ? z.ZodOptional<z.ZodType<number | undefined, unknown>>
    : E extends { notMeasured: true }
      ? z.ZodType<number | null, unknown>
      : z.ZodType<number, unknown>;
};

/**
 * A strict object schema for a form: every field required but the optional ones, numbers as JSON numbers or numeric text,
 * integers whole, values inside the field's range, codes among its options, unknown keys rejected.
 */
export function formSchemaFor<const F extends readonly ClinicalField[]>(
  fields: F,
): z.ZodObject<FormShape<F>, z.core.$strict> {
  const keys = new Set<string>();
  const shape: Record<string, z.ZodType<number | null | undefined, unknown>> = {};
  for (const field of fields) {
    if (keys.has(field.key)) throw new Error(`Field "${field.key}" is defined twice.`);
    keys.add(field.key);
    shape[field.key] = fieldSchema(field);
  }
  return z.strictObject(shape) as unknown as z.ZodObject<FormShape<F>, z.core.$strict>;
}

/** The prefilled values of a form: every field that has a default. */
export function defaultsFor<const F extends readonly ClinicalField[]>(
  fields: F,
): Partial<Record<F[number]['key'], number>> {
  const out: Partial<Record<string, number>> = {};
  for (const field of fields) if (field.default !== undefined) out[field.key] = field.default;
  return out as Partial<Record<F[number]['key'], number>>;
}
