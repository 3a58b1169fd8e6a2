import {
  CLINICAL_FORMS,
  enteredText,
  formatFieldValue,
  readUnits,
  type AssessmentResult,
  type ClinicalField,
  type BloodTestLabKey,
  type ClinicalTestSlug,
  type EnteredValue,
  type FieldError,
  type Language,
  type UnitProblem,
} from '@medibuddy/contracts';
import { numberTextIn } from '../../locales/numbers';
import { AppError } from '../../plugins/errors';
import { show } from '../clinical';

/**
 * Values entered in another unit (decision 030): the request's `{ value, unit }` read into the field's own unit
 * before the form's schema checks it, the unit question asked, and the result shown in the unit entered.
 */

export type EnteredUnits = Record<string, EnteredValue>;

/** The key beside the values in the stored inputs (jsonb) that holds the values entered in another unit. */
export const ENTERED_KEY = 'entered';

export const UNIT_CHECK_DETAIL =
  'Some values look unlikely in the unit given but likely in another. Choose the unit printed on your report.';

function fieldErrorOf(problem: UnitProblem): FieldError {
  return {
    field: `inputs.${problem.key}`,
    rule: problem.rule,
    message: problem.message,
    ...(problem.choices ? { choices: problem.choices } : {}),
  };
}

/**
 * Reads the units of a request's inputs in place: each `{ value, unit }` becomes the number in the field's unit,
 * and what was entered is returned. A wrong unit or a value out of range in its unit is a 400 naming the field and
 * the rule; a value to ask about (and nothing worse) is a 422 `unit_check` with the choices.
 */
export function readRequestUnits(test: ClinicalTestSlug, body: unknown): EnteredUnits {
  if (typeof body !== 'object' || body === null || !('inputs' in body)) return {};
  const read = readUnits(CLINICAL_FORMS[test], body.inputs);
  const refused = read.problems.filter((p) => p.rule !== 'unit_check');
  if (refused.length > 0) {
    const errors = refused.map(fieldErrorOf);
    throw new AppError('validation_failed', errors.map((e) => `${e.field} ${e.message}`).join('; ') + '.', errors);
  }
  if (read.problems.length > 0) throw new AppError('unit_check', UNIT_CHECK_DETAIL, read.problems.map(fieldErrorOf));
  (body as { inputs: unknown }).inputs = read.inputs;
  return read.entered;
}

/** The stored inputs split into the values (in the fields' units) and what was entered in another unit. */
export function splitStoredInputs(stored: Record<string, unknown>): {
  inputs: Record<string, number | null>;
  entered: EnteredUnits | undefined;
} {
  const { [ENTERED_KEY]: entered, ...inputs } = stored;
  return { inputs: inputs as Record<string, number | null>, entered: entered as EnteredUnits | undefined };
}

/**
 * The result as the person entered their values: a risk factor's value and a blood-test finding's value read
 * '12 mmol/L (216 mg/dL)' where the value was entered in mmol/L. The stored result is not changed. `language` is
 * the one `result` is said in (the values in its findings are written as that language writes numbers).
 */
export function resultInEnteredUnits(
  test: ClinicalTestSlug,
  inputs: Record<string, number | null>,
  entered: EnteredUnits | undefined,
  result: AssessmentResult,
  language: Language = 'en',
): AssessmentResult {
  if (!entered || Object.keys(entered).length === 0) return result;
  const fields = new Map<string, ClinicalField>(CLINICAL_FORMS[test].map((f) => [f.key, f]));
  const textOf = (key: string) => {
    const field = fields.get(key);
    return field ? enteredText(field, entered[key], inputs[key] ?? null) : undefined;
  };
  if (result.kind === 'risk') {
    return {
      ...result,
      factors: result.factors.map((f) => {
        const text = textOf(f.key);
        return text ? { ...f, displayValue: text } : f;
      }),
      // A guideline finding names its values as '<label> 141 mg/dL' (guidelines.ts show).
      ...(result.guideline
        ? {
            guideline: result.guideline.map((finding) => {
              let value = finding.value;
              for (const key of finding.fields) {
                const field = fields.get(key);
                const text = textOf(key);
                const number = inputs[key];
                if (field && text && typeof number === 'number')
                  value = value.replace(
                    `${numberTextIn(language, formatFieldValue(field, number))} ${field.unit}`,
                    text,
                  );
              }
              return value === finding.value ? finding : { ...finding, value };
            }),
          }
        : {}),
    };
  }
  if (result.kind === 'blood-test') {
    return {
      ...result,
      findings: result.findings.map((finding) => {
        let value = finding.value;
        for (const key of finding.fields) {
          const text = textOf(key);
          const number = inputs[key];
          if (text && typeof number === 'number')
            value = value.replace(show(key as BloodTestLabKey, number, language), text);
        }
        return value === finding.value ? finding : { ...finding, value };
      }),
    };
  }
  return result;
}
