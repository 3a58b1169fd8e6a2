import {
  BLOOD_TEST_LAB_FIELDS,
  BLOOD_TEST_SEX,
  formatFieldValue,
  type BloodTestClassCode,
  type BloodTestLabKey,
  type BloodTestValues,
  type Citation,
  type Finding,
  type Language,
  type Severity,
} from '@medibuddy/contracts';
import { unitIn } from '../../../../content/assessments/clinical-fields';
import { loadReferenceValues, requireThreshold } from '../../../../content/reference-values';
import { numberIn, numberTextIn } from '../../../../locales/numbers';
import { say, type ResultTextKey } from '../../../../locales/result-texts';

/**
 * What every rule of the blood test shares: the finding it returns, the values it reads, the sex it reads them for,
 * and the cut-offs it takes from the reference table. The rules themselves are one file per measure beside this one;
 * ../blood-test.ts runs them and puts the result together.
 */

/**
 * Cut-offs the chat and the guideline rules read too (blood pressure, glucose, BMI, lipids, haemoglobin, platelets,
 * white cells) are named in server/src/content/reference-values.json and written only there.
 */
const REFERENCE_VALUES = loadReferenceValues();
export const fromTable = (ref: string) => requireThreshold(REFERENCE_VALUES, ref);

/**
 * The four condition classes (docs/product.md#test-forms) a rule can point to; 1 (Healthy) is what remains when none
 * does.
 */
export type ConditionCode = Exclude<BloodTestClassCode, 1>;

export type Rule = Finding & { classCode?: ConditionCode };

/** The values with every lab value present: what one rule reads once `needs` has checked its own values. */
export type Measured = { [K in BloodTestLabKey]: number } & { sex?: number | null };

/** A rule: the findings for the values, said in `language` (the words are in server/src/locales/<language>/clinical.json). */
export type RuleOf = (values: Measured, sex: Sex, language: Language) => Rule[];

/**
 * A rule runs only when every value it reads was entered: a value answered 'not measured' is not checked, and the
 * summary says so (a missing value is never read as a normal one).
 */
export function needs(keys: readonly BloodTestLabKey[], rule: RuleOf) {
  return (values: BloodTestValues, sex: Sex, language: Language): Rule[] =>
    keys.every((k) => values[k] !== null && values[k] !== undefined) ? rule(values as Measured, sex, language) : [];
}

/**
 * The words of one language for the rules: `t(key, values)` fills a message, numbers put in as the language writes
 * them; `n(x, digits)` writes one number; `join` puts sentences together.
 */
export function wordsIn(language: Language) {
  return {
    language,
    t: (key: ResultTextKey, values: Record<string, string | number> = {}) =>
      say(
        language,
        key,
        Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            typeof value === 'number' ? numberIn(language, value) : value,
          ]),
        ),
      ),
    n: (value: number, digits?: number) => numberIn(language, value, digits),
    join: (...sentences: string[]) => sentences.filter((s) => s !== '').join(' '),
    show: (key: BloodTestLabKey, value: number) => show(key, value, language),
  };
}
export type Sex = 'male' | 'female' | 'unknown';

const FIELD_BY_KEY = Object.fromEntries(BLOOD_TEST_LAB_FIELDS.map((f) => [f.key, f])) as Record<
  BloodTestLabKey,
  (typeof BLOOD_TEST_LAB_FIELDS)[number]
>;

/** '10.4 g/dL': the value as entered, padded to the field's usual decimals ('14.0', not '14'). */
export function show(key: BloodTestLabKey, value: number, language: Language = 'en'): string {
  const field = FIELD_BY_KEY[key];
  const padded = formatFieldValue(field, value);
  return `${numberTextIn(language, Number(padded) === value ? padded : String(value))} ${unitIn(language, field.unit)}`;
}

export function finding(
  id: string,
  title: string,
  severity: Severity,
  fields: string[],
  value: string,
  referenceRange: string,
  explanation: string,
  citation: Citation,
  classCode?: ConditionCode,
): Rule {
  const rule: Rule = { id, title, severity, fields, value, referenceRange, explanation, citation };
  if (classCode !== undefined) rule.classCode = classCode;
  return rule;
}

export function sexOf(values: Pick<BloodTestValues, 'sex'>): Sex {
  if (values.sex === BLOOD_TEST_SEX.male) return 'male';
  if (values.sex === BLOOD_TEST_SEX.female) return 'female';
  return 'unknown';
}
