import path from 'node:path';
import {
  CLINICAL_FORMS,
  CLINICAL_TEST_SLUGS,
  getTest,
  IMAGE_TEST_SLUGS,
  optionsOf,
  type ClinicalField,
  type ClinicalTestSlug,
  type Language,
  type TestSlug,
} from '@medibuddy/contracts';
import { z } from 'zod';
import { loadContentFile, plainText } from '../content-file';

/**
 * The clinical forms' words in Hindi (clinical-fields.hi.json beside this file): test names, field labels, option
 * labels and the units said in words, for the values a result page shows ('उम्र 50 साल', 'लिंग: पुरुष'). The
 * English is the contracts' (CLINICAL_FORMS, the test catalogue); a field or option without its Hindi stops the
 * server, and so does a Hindi entry for a field or option the forms no longer have.
 */

export const CLINICAL_FIELDS_HINDI_FILE = path.join(import.meta.dirname, 'clinical-fields.hi.json');

const ALL_TESTS = [...CLINICAL_TEST_SLUGS, ...IMAGE_TEST_SLUGS] as const;

const FieldSchema = z.strictObject({ label: plainText, options: z.record(z.string(), plainText).optional() });

const ClinicalFieldsHindiSchema = z.strictObject({
  about: z.array(z.string()),
  tests: z.strictObject(Object.fromEntries(ALL_TESTS.map((t) => [t, plainText])) as Record<TestSlug, typeof plainText>),
  units: z.record(z.string(), plainText),
  fields: z.strictObject(
    Object.fromEntries(CLINICAL_TEST_SLUGS.map((t) => [t, z.record(z.string(), FieldSchema)])) as Record<
      ClinicalTestSlug,
      z.ZodRecord<z.ZodString, typeof FieldSchema>
    >,
  ),
});
export type ClinicalFieldsHindi = z.infer<typeof ClinicalFieldsHindiSchema>;

/** Every field and option of every form in Hindi, and nothing else. */
export function clinicalFieldsHindiProblems(data: ClinicalFieldsHindi): string[] {
  const problems: string[] = [];
  for (const test of CLINICAL_TEST_SLUGS) {
    const fields = CLINICAL_FORMS[test] as readonly ClinicalField[];
    const hindi = data.fields[test];
    for (const field of fields) {
      const hi = hindi[field.key];
      if (!hi) {
        problems.push(`field "${test}.${field.key}": no Hindi`);
        continue;
      }
      const values = optionsOf(field).map((o) => String(o.value));
      for (const value of values)
        if (!hi.options?.[value]) problems.push(`field "${test}.${field.key}": option ${value} has no Hindi`);
      for (const value of Object.keys(hi.options ?? {}))
        if (!values.includes(value)) problems.push(`field "${test}.${field.key}": the form has no option ${value}`);
    }
    for (const key of Object.keys(hindi))
      if (!fields.some((f) => f.key === key)) problems.push(`field "${test}.${key}": the form has no such field`);
  }
  return problems;
}

export function loadClinicalFieldsHindi(file = CLINICAL_FIELDS_HINDI_FILE): ClinicalFieldsHindi {
  return loadContentFile(file, ClinicalFieldsHindiSchema, { tests: { noun: 'test' } }, clinicalFieldsHindiProblems);
}

/** Read when the server starts, so a broken or incomplete file stops it. */
const HINDI = loadClinicalFieldsHindi();
const loaded = () => HINDI;

/** A test's name in a language ('Diabetes', 'शुगर (डायबिटीज़)'). */
export function testNameIn(language: Language, test: TestSlug): string {
  return language === 'en' ? getTest(test).name : loaded().tests[test];
}

/**
 * A field with its label and options in a language; everything else (key, unit, decimals, codes) as the contract
 * has it. The English field itself for English.
 */
export function fieldIn<F extends ClinicalField>(language: Language, test: ClinicalTestSlug, field: F): F {
  if (language === 'en') return field;
  const hi = loaded().fields[test][field.key];
  if (!hi) return field;
  const options = field.options?.map((o) => ({ value: o.value, label: hi.options?.[String(o.value)] ?? o.label }));
  const yesNo =
    field.type === 'yesno' && !field.options
      ? optionsOf(field).map((o) => ({ value: o.value, label: hi.options?.[String(o.value)] ?? o.label }))
      : undefined;
  return { ...field, label: hi.label, ...(options ? { options } : {}), ...(yesNo ? { options: yesNo } : {}) };
}

/** A unit as a language writes it beside a number: 'years' is 'साल'; a lab unit (mg/dL) is the same in both. */
export function unitIn(language: Language, unit: string): string;
export function unitIn(language: Language, unit: string | undefined): string | undefined;
export function unitIn(language: Language, unit: string | undefined): string | undefined {
  if (language === 'en' || unit === undefined) return unit;
  return loaded().units[unit] ?? unit;
}
