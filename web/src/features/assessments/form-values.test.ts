import { ASSESSMENT_INPUT_SCHEMAS, CLINICAL_FORMS } from '@medibuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { formatPercent, lowerFirst } from './format';
import {
  initialFormState,
  linkKidneyStoneAnswers,
  mapServerErrors,
  NOT_KNOWN,
  rangeHint,
  rawInputs,
  validateClinicalForm,
} from './form-values';

const field = (key: string) => {
  for (const fields of Object.values(CLINICAL_FORMS)) {
    const found = fields.find((f) => f.key === key);
    if (found) return found;
  }
  throw new Error(key);
};

describe('form values', () => {
  it('writes ranges the way the field is typed', () => {
    expect(rangeHint(field('age'))).toBe('Whole number, from 18 to 100 years.');
    expect(rangeHint(field('hemoglobin'))).toBe('From 3.0 to 25.0 g/dL.');
    expect(rangeHint(field('pregnancies'))).toBe('Whole number, from 0 to 20.'); // a count has no unit: not '20 count'
  });

  it('reads a decimal comma, leaves empty fields out and sends null for not measured', () => {
    const fields = CLINICAL_FORMS.diabetes;
    const state = { values: { bmi: '33,6', glucose: ' 148 ', age: '' }, notMeasured: { insulin: true, age: true } };
    // Age cannot be 'not measured': the flag is ignored for it.
    expect(rawInputs(fields, state)).toEqual({ bmi: '33.6', glucose: '148', insulin: null });
  });

  it('starts every field empty: no value the patient did not enter is sent as theirs', () => {
    for (const fields of [CLINICAL_FORMS.cardio, CLINICAL_FORMS['blood-test']]) {
      expect(Object.values(initialFormState(fields).values).every((v) => v === '')).toBe(true);
    }
    const untouched = validateClinicalForm(
      ASSESSMENT_INPUT_SCHEMAS.cardio,
      CLINICAL_FORMS.cardio,
      initialFormState(CLINICAL_FORMS.cardio),
    );
    expect(untouched.errors?.age).toMatch(/required/);
  });

  it("sends 'I don't know' on a question with options as null", () => {
    const heart = initialFormState(CLINICAL_FORMS.heart);
    heart.values.thallium = NOT_KNOWN;
    heart.values.age = '58';
    expect(rawInputs(CLINICAL_FORMS.heart, heart)).toMatchObject({ thallium: null, age: '58' });
  });

  it("leaves an optional question answered 'I don't know' out, as not entered, and the form still validates", () => {
    const cardio = initialFormState(CLINICAL_FORMS.cardio);
    Object.assign(cardio.values, {
      age: '52',
      gender: '1',
      height: '165',
      weight: '72',
      apHigh: '138',
      apLow: '88',
      cholesterol: '2',
      glucose: '1',
      smoke: '0',
      alcohol: '0',
      physicalActivity: '1',
      diabetes: NOT_KNOWN,
      totalCholesterol: '201',
    });
    const raw = rawInputs(CLINICAL_FORMS.cardio, cardio);
    expect(raw).not.toHaveProperty('diabetes');
    expect(raw).toMatchObject({ totalCholesterol: '201' });
    const checked = validateClinicalForm(ASSESSMENT_INPUT_SCHEMAS.cardio, CLINICAL_FORMS.cardio, cardio);
    expect(checked.errors).toBeUndefined();
    expect(checked.inputs).not.toHaveProperty('hdlCholesterol');
  });

  it('puts a whole-record message (blood values scaled to 0-1) in the form errors', () => {
    const blood = initialFormState(CLINICAL_FORMS['blood-test']);
    for (const key of Object.keys(blood.values)) blood.values[key] = '0.5';
    const result = validateClinicalForm(ASSESSMENT_INPUT_SCHEMAS['blood-test'], CLINICAL_FORMS['blood-test'], blood);
    expect(result.formErrors?.[0]).toMatch(/look scaled to between 0 and 1/);
  });

  it('maps server field errors to fields and keeps the rest', () => {
    const mapped = mapServerErrors(CLINICAL_FORMS.heart, [
      { field: 'inputs.age', rule: 'max', message: 'must be between 18 and 100 years' },
      { field: 'inputs.sex', rule: 'enum', message: 'is required' },
      { field: 'inputs', rule: 'custom', message: 'Something about the whole record.' },
    ]);
    expect(mapped.errors).toEqual({
      age: 'Age must be between 18 and 100 years.',
      sex: 'Please choose an answer for “Sex”.',
    });
    expect(mapped.rest).toEqual(['Something about the whole record.']);
  });

  it('keeps the kidney-stone twin answers in step', () => {
    let values = linkKidneyStoneAnswers({ backBellySidePain: '0', painOnset: '' }, 'backBellySidePain');
    expect(values.painOnset).toBe('3');
    values = linkKidneyStoneAnswers({ ...values, backBellySidePain: '1' }, 'backBellySidePain');
    expect(values.painOnset).toBe('');
    values = linkKidneyStoneAnswers({ ...values, nausea: '2' }, 'nausea');
    expect(values.nauseaVomiting).toBe('1');
    values = linkKidneyStoneAnswers({ ...values, nauseaVomiting: '0' }, 'nauseaVomiting');
    expect(values.nausea).toBe('0');
  });
});

describe('drafts', () => {
  afterEach(() => sessionStorage.clear());

  it('round-trips, expires after two hours and ignores what does not parse', () => {
    const state = { values: { age: '61' }, notMeasured: { insulin: true } };
    saveDraft('heart', state, 1_000);
    expect(loadDraft('heart', 2_000)).toEqual(state);
    expect(loadDraft('heart', 1_000 + 2 * 60 * 60 * 1000 + 1)).toBeUndefined();
    expect(sessionStorage.getItem('medibuddy.draft.heart')).toBeNull();

    sessionStorage.setItem('medibuddy.draft.liver', '{not json');
    expect(loadDraft('liver')).toBeUndefined();
    sessionStorage.setItem(
      'medibuddy.draft.liver',
      JSON.stringify({ values: { age: 45 }, notMeasured: {}, savedAt: Date.now() }),
    );
    expect(loadDraft('liver')).toBeUndefined();
    saveDraft('liver', state);
    clearDraft('liver');
    expect(loadDraft('liver')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('never rounds a small chance to 0% or a large one to 100%', () => {
    expect(formatPercent(0.004)).toBe('less than 1%');
    expect(formatPercent(0.2345)).toBe('23%');
    expect(formatPercent(0.996)).toBe('more than 99%');
    expect(formatPercent(1)).toBe('100%');
    expect(lowerFirst('Heart disease')).toBe('heart disease');
    expect(lowerFirst('HDL cholesterol')).toBe('HDL cholesterol');
  });
});
