import type { ClinicalTestSlug } from '@medibuddy/contracts';
import {
  KIDNEY_STONE_SCORE_FIELDS,
  KIDNEY_STONE_SYMPTOM_FIELDS,
  optionsOf,
  type ClinicalField,
  type FieldOption,
} from '@medibuddy/contracts/forms';
import { t, type MessageKey } from '../../lib/i18n';

/**
 * The words of each clinical test page, from the 'tests' catalogue (src/locales/<language>/tests.json, decision 032):
 * heading, introduction, how the form is grouped, and the contracts' field labels, help texts and options in the
 * page's language. The contracts keep their English for the API; the English catalogue says the same words, which
 * catalogues.test.ts checks. No zod and no contracts beyond the zod-free forms, so the page's header renders while
 * the form's code (contract schemas) is still arriving.
 */

/** A titled part of a long form (the blood test's 18 values read better in the groups of a lab report). */
type FieldGroup = { title: string; description?: string; keys: readonly string[] };

export type ClinicalTestCopy = {
  /** The form page's h1. */
  title: string;
  /** One paragraph: what the test does and which model or published rules answer it. */
  intro: string;
  /** Without groups, the fields are one list in the contract's order. */
  groups?: readonly FieldGroup[];
};

/**
 * The groups of the forms that have them, by field key, in order; group n's title is `tests.<slug>.group<n>` and its
 * description, where there is one, `tests.<slug>.group<n>.description`.
 */
const GROUPS: Partial<Record<ClinicalTestSlug, readonly (readonly string[])[]>> = {
  'blood-test': [
    ['sex'],
    [
      'hemoglobin',
      'redBloodCells',
      'whiteBloodCells',
      'platelets',
      'meanCorpuscularVolume',
      'meanCorpuscularHemoglobin',
      'meanCorpuscularHemoglobinConcentration',
    ],
    ['glucose', 'insulin'],
    ['cholesterol', 'ldlCholesterol', 'hdlCholesterol', 'triglycerides'],
    ['bmi', 'systolicBloodPressure', 'diastolicBloodPressure', 'heartRate'],
  ],
  // The symptom questions, then the STONE score's.
  'kidney-stone': [KIDNEY_STONE_SYMPTOM_FIELDS, KIDNEY_STONE_SCORE_FIELDS].map((fields) => fields.map((f) => f.key)),
};

/** Groups whose title has a description under it (1-based, as their keys count). */
const DESCRIBED: Partial<Record<ClinicalTestSlug, readonly number[]>> = {
  'blood-test': [2, 3, 4, 5],
  'kidney-stone': [1, 2],
};

/** A key of the 'tests' catalogue built from a test's slug and a field (typed from the English catalogue). */
const key = (text: string) => text as MessageKey;

/** The words of a test page in the page's language. */
export function clinicalTestCopy(slug: ClinicalTestSlug): ClinicalTestCopy {
  const groups = GROUPS[slug]?.map((keys, index) => {
    const n = index + 1;
    const title = t(key(`tests.${slug}.group${n}`));
    return DESCRIBED[slug]?.includes(n)
      ? { title, description: t(key(`tests.${slug}.group${n}.description`)), keys }
      : { title, keys };
  });
  return {
    title: t(key(`tests.${slug}.title`)),
    intro: t(key(`tests.${slug}.intro`)),
    ...(groups ? { groups } : {}),
  };
}

/** Options many questions share ('Yes', 'Male') have one message each; the others are the field's own. */
const SHARED_OPTIONS: Readonly<Record<string, MessageKey>> = {
  Yes: 'tests.option.yes',
  No: 'tests.option.no',
  Male: 'tests.option.male',
  Female: 'tests.option.female',
};

/** The catalogue keys of a field's label, help and options: `tests.<slug>.<field>`, `.help`, `.<option value>`. */
export function fieldMessageKeys(slug: ClinicalTestSlug, field: ClinicalField) {
  const base = `tests.${slug}.${field.key}`;
  return {
    label: key(base),
    help: field.help === undefined ? undefined : key(`${base}.help`),
    options: optionsOf(field).map((option) => SHARED_OPTIONS[option.label] ?? key(`${base}.${option.value}`)),
  };
}

/**
 * A field of the contracts with its label, help and options in the page's language; everything else (key, unit,
 * range, codes) as the contract has it.
 */
export function localField(slug: ClinicalTestSlug, field: ClinicalField): ClinicalField {
  const keys = fieldMessageKeys(slug, field);
  const options: FieldOption[] = optionsOf(field).map((option, index) => ({
    value: option.value,
    label: t(keys.options[index]!),
  }));
  return {
    ...field,
    label: t(keys.label),
    ...(keys.help ? { help: t(keys.help) } : {}),
    ...(options.length > 0 ? { options } : {}),
  };
}

/** Units said in words ('years'); a lab unit (mg/dL) reads the same in every language. */
const UNIT_WORDS: Readonly<Record<string, MessageKey>> = {
  years: 'tests.unit.years',
  'beats/min': 'tests.unit.beatsPerMin',
  vessels: 'tests.unit.vessels',
};

/** A unit as the page's language writes it. */
export function unitText(unit: string): string;
export function unitText(unit: string | undefined): string | undefined;
export function unitText(unit: string | undefined): string | undefined {
  if (unit === undefined) return undefined;
  const message = UNIT_WORDS[unit];
  return message ? t(message) : unit;
}
