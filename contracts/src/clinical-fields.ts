import { z } from 'zod';
import {
  FIELD_TYPES,
  optionsMessage,
  optionsOf,
  otherUnitMessage,
  rangeMessage,
  type ClinicalField,
  type FieldOption,
} from './forms/clinical-field';

/**
 * The zod side of a clinical form's field: the schema of a field description, and `formSchemaFor`, which builds a
 * form's request schema from its fields. The descriptions, their types and the messages live in
 * forms/clinical-field.ts (no zod), which the web app renders forms from.
 */
export * from './forms/clinical-field';

export const FieldTypeSchema = z.enum(FIELD_TYPES);

export const FieldOptionSchema = z.object({ value: z.number(), label: z.string() });

export const ClinicalFieldSchema = z.object({
  key: z.string(),
  modelColumn: z.string().optional(),
  legacyKey: z.string().optional(),
  label: z.string(),
  unit: z.string().optional(),
  type: FieldTypeSchema,
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  options: z.array(FieldOptionSchema).readonly().optional(),
  default: z.number().optional(),
  help: z.string().optional(),
  notMeasured: z.boolean().optional(),
  optional: z.boolean().optional(),
  otherUnit: z
    .object({ unit: z.string(), upTo: z.number(), offset: z.number(), scale: z.number().positive() })
    .optional(),
  analyte: z.string().optional(),
});

/** Compiles only while the plain types and the schemas describe the same field. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CLINICAL_FIELD_SCHEMA_MATCHES_TYPES: Same<ClinicalField, z.infer<typeof ClinicalFieldSchema>> &
  Same<FieldOption, z.infer<typeof FieldOptionSchema>> = true;

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
