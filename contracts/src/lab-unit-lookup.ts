import labUnitData from './content/lab-units.json';
import { formatFieldValue, rangeMessage, type ClinicalField } from './forms/clinical-field';

/**
 * Lab values in the units reports print (decision 030), without zod: the web form converts and asks with this module
 * before it loads any validation; lab-units.ts checks the same data against its schema at every server start and in
 * the contracts tests. The factors are data (content/lab-units.json, cited); nothing here is a medical fact.
 */

export type UnitConversion = {
  unit: string;
  /** One of this unit is this many canonical units (1 mmol/L of glucose = 18.016 mg/dL). */
  canonicalPer?: number;
  /** One canonical unit is this many of this unit (1 mg/dL of creatinine = 88.42 µmol/L), plus `offset` (°F). */
  perCanonical?: number;
  offset?: number;
  /** Decimals a value in this unit is shown with. */
  decimals: number;
  basis: string;
};

export type Analyte = {
  key: string;
  name: string;
  canonical: string;
  canonicalDecimals: number;
  units: UnitConversion[];
  /** In the canonical unit: outside it in the chosen unit but inside it in another, the unit is asked about. */
  plausible: [number, number];
  /** A number written without a unit is read in `unit` when it is above or below these (a temperature of 102). */
  readBare?: { unit: string; above?: number; below?: number; why: string }[];
  sources: string[];
};

export type LabUnitData = {
  version: string;
  reviewedBy: string | null;
  about: string;
  sources: Record<string, { title: string; url: string }>;
  analytes: Analyte[];
};

export const LAB_UNIT_DATA = labUnitData as unknown as LabUnitData;

export const LAB_ANALYTES: Readonly<Record<string, Analyte>> = Object.fromEntries(
  LAB_UNIT_DATA.analytes.map((a) => [a.key, a]),
);

/** The analyte of a key, or undefined. */
export function analyteOf(key: string | undefined): Analyte | undefined {
  return key === undefined ? undefined : LAB_ANALYTES[key];
}

/** Every unit the analyte is accepted in, the canonical one first. */
export function unitsOf(analyte: Analyte): string[] {
  return [analyte.canonical, ...analyte.units.map((u) => u.unit)];
}

/** A unit as typed, in one spelling: lower case, no spaces, µ/μ/mc/micro as u, 'mg/dl' and 'mg%' alike. */
export function unitKeyOf(unit: string): string {
  return unit
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/^(µ|μ|mc|micro)/, 'u')
    .replace(/[°º]/g, '')
    .replace(/^(mg%|mg)$/, 'mg/dl')
    .replace(/^mmols?$/, 'mmol/l')
    .replace(/^umols?$/, 'umol/l')
    .replace(/^mgs?\/dl$/, 'mg/dl')
    .replace(/^mmols?\/l(it(re|er)?)?$/, 'mmol/l')
    .replace(/^umols?\/l(it(re|er)?)?$/, 'umol/l')
    .replace(/^gms?\/(dl|l)$/, 'g/$1')
    .replace(/^(deg(rees?)?)?(c|celsius|centigrade)$/, 'c')
    .replace(/^(deg(rees?)?)?(f|fahrenheit)$/, 'f');
}

/** The analyte's unit a typed unit names ('umol/l' -> 'µmol/L'), or undefined when it is not one of them. */
export function unitNamed(analyte: Analyte, typed: string): string | undefined {
  const key = unitKeyOf(typed);
  return unitsOf(analyte).find((u) => unitKeyOf(u) === key);
}

function conversionOf(analyte: Analyte, unit: string): UnitConversion | undefined {
  return analyte.units.find((u) => u.unit === unit);
}

/** A value in `unit` in the analyte's canonical unit (exact: rounding is the caller's). */
export function toCanonical(analyte: Analyte, value: number, unit: string): number {
  if (unit === analyte.canonical) return value;
  const c = conversionOf(analyte, unit);
  if (!c) throw new Error(`${analyte.key} is not measured in ${unit}`);
  if (c.canonicalPer !== undefined) return value * c.canonicalPer;
  return (value - (c.offset ?? 0)) / (c.perCanonical ?? 1);
}

/** A canonical value in `unit`. */
export function fromCanonical(analyte: Analyte, value: number, unit: string): number {
  if (unit === analyte.canonical) return value;
  const c = conversionOf(analyte, unit);
  if (!c) throw new Error(`${analyte.key} is not measured in ${unit}`);
  if (c.canonicalPer !== undefined) return value / c.canonicalPer;
  return value * (c.perCanonical ?? 1) + (c.offset ?? 0);
}

export function decimalsIn(analyte: Analyte, unit: string): number {
  return unit === analyte.canonical ? analyte.canonicalDecimals : (conversionOf(analyte, unit)?.decimals ?? 1);
}

/** '12 mmol/L', '216 mg/dL': the value rounded as the unit is shown, trailing zeros dropped. */
export function formatInUnit(analyte: Analyte, value: number, unit: string): string {
  return `${Number(value.toFixed(decimalsIn(analyte, unit)))} ${unit}`;
}

/**
 * A number as a person wrote it, with the unit typed after it or none, in the analyte's canonical unit: '102' of a
 * temperature is read as °F (readBare), '7.8' with 'mmol/l' as 140.5 mg/dL. Undefined when the typed unit is not
 * one of the analyte's: the number is then not read at all.
 */
export function readValue(analyte: Analyte, value: number, typedUnit?: string): number | undefined {
  if (typedUnit !== undefined) {
    const unit = unitNamed(analyte, typedUnit);
    return unit === undefined ? undefined : toCanonical(analyte, value, unit);
  }
  const bare = analyte.readBare?.find(
    (r) => (r.above === undefined || value > r.above) && (r.below === undefined || value < r.below),
  );
  return bare ? toCanonical(analyte, value, bare.unit) : value;
}

/* ----------------------------------------------------------------------------------------------------------
 * The form fields that take a unit
 * -------------------------------------------------------------------------------------------------------- */

/** A value with its unit, as the API accepts it in place of a plain number (which is in the field's own unit). */
export type ValueWithUnit = { value: number | string; unit: string; confirmed?: boolean };
/** What is stored beside the converted value: the value and unit as entered. */
export type EnteredValue = { value: number; unit: string };

/** The analyte of a field: only fields that name one take another unit. */
export function fieldAnalyte(field: ClinicalField): Analyte | undefined {
  return analyteOf(field.analyte);
}

/** The units a field is accepted in, its own (the model's) first; [] for a field without an analyte. */
export function fieldUnits(field: ClinicalField): string[] {
  const analyte = fieldAnalyte(field);
  return analyte && field.unit ? [field.unit, ...unitsOf(analyte).filter((u) => u !== field.unit)] : [];
}

/** The field's own value for a canonical one: whole numbers for integer fields, else the field's step. */
function roundForField(field: ClinicalField, value: number): number {
  if (field.type === 'integer') return Math.round(value);
  return Number(formatFieldValue(field, value));
}

/** A value in `unit` in the field's own unit, rounded as the field takes it. */
export function toFieldUnit(field: ClinicalField, value: number, unit: string): number {
  const analyte = fieldAnalyte(field);
  if (!analyte || unit === field.unit) return value;
  return roundForField(field, toCanonical(analyte, value, unit));
}

/** A value no person's report shows in this unit: outside the field's range or the analyte's plausible range. */
function isPlausible(field: ClinicalField, analyte: Analyte, value: number, unit: string): boolean {
  const canonical = toCanonical(analyte, value, unit);
  const [low, high] = analyte.plausible;
  if (canonical < low || canonical > high) return false;
  if (field.min !== undefined && canonical < field.min) return false;
  return field.max === undefined || canonical <= field.max;
}

/** One way the value could be read: in `unit`, which is `inFieldUnit` in the field's own unit. */
export type UnitChoice = { value: number; unit: string; inFieldUnit: number; text: string };

export type UnitProblem = {
  key: string;
  /** unit: not a unit this field takes; range: outside the field's range in that unit; unit_check: which unit? */
  rule: 'unit' | 'range' | 'unit_check';
  message: string;
  /** unit_check: what the value would be in another unit, first; then the value as entered (to keep it). */
  choices?: UnitChoice[];
};

function choiceOf(field: ClinicalField, analyte: Analyte, value: number, unit: string): UnitChoice {
  const inFieldUnit = roundForField(field, toCanonical(analyte, value, unit));
  const own = field.unit ?? analyte.canonical;
  const text =
    unit === own
      ? `${formatInUnit(analyte, value, unit)}`
      : `${formatInUnit(analyte, value, unit)} (${formatInUnit(analyte, inFieldUnit, own)})`;
  return { value, unit, inFieldUnit, text };
}

/** Texts the form and the API say; kept together for the translation to come. */
export const UNIT_TEXTS = {
  didYouMean: (choice: string, asEntered: string) =>
    `looks unlikely as ${asEntered}. Did you mean ${choice}? Choose the unit printed on your report`,
  notAUnit: (units: string[]) => `must be one of ${units.join(', ')}`,
};

/** 'must be between 0.6 and 83.3 mmol/L': the field's range in the unit the value was entered in. */
export function rangeMessageIn(field: ClinicalField, unit: string): string | undefined {
  if (!fieldAnalyte(field) || unit === field.unit) return rangeMessage(field);
  const { min, max } = rangeIn(field, unit);
  if (min !== undefined && max !== undefined) return `must be between ${min} and ${max} ${unit}`;
  if (min !== undefined) return `must be at least ${min} ${unit}`;
  if (max !== undefined) return `must be at most ${max} ${unit}`;
  return undefined;
}

/** The field's range in another of its units, rounded inwards so that every value it allows is in range. */
export function rangeIn(field: ClinicalField, unit: string): { min?: number; max?: number } {
  const analyte = fieldAnalyte(field);
  if (!analyte || unit === field.unit) return { min: field.min, max: field.max };
  const scale = 10 ** decimalsIn(analyte, unit);
  const at = (v: number | undefined, round: (n: number) => number) =>
    v === undefined ? undefined : round(Number((fromCanonical(analyte, v, unit) * scale).toFixed(6))) / scale;
  return { min: at(field.min, Math.ceil), max: at(field.max, Math.floor) };
}

function isValueWithUnit(value: unknown): value is ValueWithUnit {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'unit' in value && 'value' in value;
}

function numberFrom(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * Reads a form's inputs where some values may come with their unit: each `{ value, unit }` becomes the number in
 * the field's own unit (what the models and rules read), and is kept in `entered` as typed. A value that no report
 * shows in the unit given (a plain number is in the field's unit) but one does in another unit is a `unit_check`
 * problem with the choices, unless the value says `confirmed: true`. Anything else is left as it is, for the form's
 * schema to judge.
 */
export function readUnits(
  fields: readonly ClinicalField[],
  inputs: unknown,
): { inputs: unknown; entered: Record<string, EnteredValue>; problems: UnitProblem[] } {
  const entered: Record<string, EnteredValue> = {};
  const problems: UnitProblem[] = [];
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return { inputs, entered, problems };
  const out: Record<string, unknown> = { ...(inputs as Record<string, unknown>) };
  for (const field of fields) {
    const analyte = fieldAnalyte(field);
    const raw = out[field.key];
    if (!analyte || !field.unit) continue;
    const withUnit = isValueWithUnit(raw) ? raw : undefined;
    const value = numberFrom(withUnit ? withUnit.value : raw);
    if (withUnit && value === undefined) continue; // left for the schema: 'must be a number'
    if (value === undefined) continue;
    const typedUnit = withUnit ? withUnit.unit : field.unit;
    const unit = typeof typedUnit === 'string' ? unitNamed(analyte, typedUnit) : undefined;
    if (!unit || !fieldUnits(field).includes(unit)) {
      problems.push({ key: field.key, rule: 'unit', message: UNIT_TEXTS.notAUnit(fieldUnits(field)) });
      continue;
    }
    if (!(withUnit?.confirmed === true) && !isPlausible(field, analyte, value, unit)) {
      const others = fieldUnits(field).filter((u) => u !== unit && isPlausible(field, analyte, value, u));
      if (others.length > 0) {
        const choices = [
          ...others.map((u) => choiceOf(field, analyte, value, u)),
          choiceOf(field, analyte, value, unit),
        ];
        problems.push({
          key: field.key,
          rule: 'unit_check',
          message: UNIT_TEXTS.didYouMean(choices[0]!.text, formatInUnit(analyte, value, unit)),
          choices,
        });
        continue;
      }
    }
    if (unit === field.unit) {
      out[field.key] = value;
      continue;
    }
    const converted = toFieldUnit(field, value, unit);
    const canonical = toCanonical(analyte, value, unit);
    if (
      (field.min !== undefined && canonical < field.min - 1e-9) ||
      (field.max !== undefined && canonical > field.max + 1e-9)
    ) {
      problems.push({ key: field.key, rule: 'range', message: rangeMessageIn(field, unit) ?? 'is out of range' });
      continue;
    }
    out[field.key] = converted;
    entered[field.key] = { value, unit };
  }
  return { inputs: out, entered, problems };
}

/** '12 mmol/L (216 mg/dL)' for a value entered in another unit; undefined when it was entered in the field's own. */
export function enteredText(
  field: ClinicalField,
  entered: EnteredValue | undefined,
  value: number | null,
): string | undefined {
  const analyte = fieldAnalyte(field);
  if (!analyte || !entered || entered.unit === field.unit || value === null) return undefined;
  return `${formatInUnit(analyte, entered.value, entered.unit)} (${formatInUnit(analyte, value, field.unit ?? analyte.canonical)})`;
}
