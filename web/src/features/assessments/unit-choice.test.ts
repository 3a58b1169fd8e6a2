import {
  ASSESSMENT_INPUT_SCHEMAS,
  BLOOD_TEST_FIELDS,
  CLINICAL_FORMS,
  DIABETES_FIELDS,
  type ClinicalField,
} from '@medibuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { initialFormState, rangeHint, validateClinicalForm, type FormState } from './form-values';
import { loadUnitChoices, rememberUnitChoice } from './unit-choice';

const glucoseField = BLOOD_TEST_FIELDS.find((f) => f.key === 'glucose')!;

describe('the unit a lab value is entered in (decision 030)', () => {
  afterEach(() => window.localStorage.clear());

  it('is remembered in this browser per field, and offered for the same analyte on another form', () => {
    expect(loadUnitChoices('blood-test', BLOOD_TEST_FIELDS)).toEqual({});
    rememberUnitChoice('blood-test', glucoseField, 'mmol/L');
    expect(loadUnitChoices('blood-test', BLOOD_TEST_FIELDS)).toEqual({ glucose: 'mmol/L' });
    expect(loadUnitChoices('diabetes', DIABETES_FIELDS)).toEqual({ glucose: 'mmol/L' });
    // a later choice on the diabetes form holds there, and the blood test keeps its own
    rememberUnitChoice(
      'diabetes',
      DIABETES_FIELDS.find((f) => f.key === 'glucose')!,
      'mg/dL',
    );
    expect(loadUnitChoices('diabetes', DIABETES_FIELDS)).toEqual({ glucose: 'mg/dL' });
    expect(loadUnitChoices('blood-test', BLOOD_TEST_FIELDS)).toEqual({ glucose: 'mmol/L' });
  });

  it('ignores a stored unit the field does not take, and unreadable storage', () => {
    window.localStorage.setItem('medibuddy.units', JSON.stringify({ fields: { 'blood-test.glucose': 'g/L' } }));
    expect(loadUnitChoices('blood-test', BLOOD_TEST_FIELDS)).toEqual({});
    window.localStorage.setItem('medibuddy.units', '{oops');
    expect(loadUnitChoices('blood-test', BLOOD_TEST_FIELDS)).toEqual({});
  });

  it('gives the range in the chosen unit', () => {
    expect(rangeHint(glucoseField, 'mmol/L')).toBe('From 0.6 to 83.2 mmol/L.');
  });

  const filled = (glucose: string, units: Record<string, string> = {}, confirmed = {}): FormState => {
    const state = initialFormState(CLINICAL_FORMS['blood-test']);
    for (const f of BLOOD_TEST_FIELDS as readonly ClinicalField[]) state.values[f.key] = String(f.default ?? 0);
    return { ...state, values: { ...state.values, glucose }, units, confirmed };
  };

  it('sends a value in mmol/L with its unit, after checking it in mg/dL', () => {
    const result = validateClinicalForm(
      ASSESSMENT_INPUT_SCHEMAS['blood-test'],
      BLOOD_TEST_FIELDS,
      filled('12', { glucose: 'mmol/L' }),
    );
    expect(result.errors).toBeUndefined();
    expect(result.inputs?.glucose).toEqual({ value: 12, unit: 'mmol/L' });
  });

  it('asks "Did you mean 12 mmol/L (216 mg/dL)?" for 12 in mg/dL, and takes a confirmed 12 mg/dL', () => {
    const asked = validateClinicalForm(ASSESSMENT_INPUT_SCHEMAS['blood-test'], BLOOD_TEST_FIELDS, filled('12'));
    expect(asked.errors?.glucose).toMatch(/Did you mean 12 mmol\/L \(216 mg\/dL\)\?/);
    expect(asked.questions?.glucose?.map((c) => c.text)).toEqual(['12 mmol/L (216 mg/dL)', '12 mg/dL']);
    const kept = validateClinicalForm(
      ASSESSMENT_INPUT_SCHEMAS['blood-test'],
      BLOOD_TEST_FIELDS,
      filled('12', { glucose: 'mg/dL' }, { glucose: true }),
    );
    expect(kept.inputs?.glucose).toEqual({ value: 12, unit: 'mg/dL', confirmed: true });
  });
});
