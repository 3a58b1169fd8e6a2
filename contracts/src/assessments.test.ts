import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_INPUT_SCHEMAS,
  CARDIO_FIELDS,
  CLINICAL_FORMS,
  CLINICAL_TEST_SLUGS,
  CREATE_ASSESSMENT_REQUEST_SCHEMAS,
  DiabetesInputSchema,
  HEART_FIELDS,
} from './assessments';
import { getTest } from './catalogue';
import { defaultsFor } from './clinical-fields';

const DIABETES = {
  pregnancies: 1,
  glucose: 120,
  bloodPressure: 70,
  skinThickness: 20,
  insulin: 80,
  bmi: 25.1,
  diabetesPedigreeFunction: 0.4,
  age: 30,
};

describe('clinical forms', () => {
  it('cover the six clinical tests of the catalogue, each with a form and a request schema', () => {
    for (const slug of CLINICAL_TEST_SLUGS) {
      expect(getTest(slug).kind).toBe('clinical');
      expect(CLINICAL_FORMS[slug].length).toBeGreaterThan(0);
      expect(ASSESSMENT_INPUT_SCHEMAS[slug]).toBeDefined();
      expect(CREATE_ASSESSMENT_REQUEST_SCHEMAS[slug]).toBeDefined();
    }
  });

  it("prefill the cardio form with the earlier client's defaults", () => {
    expect(defaultsFor(CARDIO_FIELDS)).toEqual({
      age: 50,
      gender: 2,
      height: 168,
      weight: 62,
      apHigh: 110,
      apLow: 80,
      cholesterol: 1,
      glucose: 1,
      smoke: 0,
      alcohol: 0,
      physicalActivity: 1,
    });
  });

  it('use the legacy heart codes (Sex Male=1, Thallium 0-2)', () => {
    const byKey = Object.fromEntries(HEART_FIELDS.map((f) => [f.key, f]));
    expect(byKey.sex?.type === 'code' && byKey.sex.options).toEqual([
      { value: 1, label: 'Male' },
      { value: 0, label: 'Female' },
    ]);
    expect(byKey.thallium?.type === 'code' && byKey.thallium.options.map((o) => o.value)).toEqual([0, 1, 2]);
  });
});

describe("'not measured'", () => {
  it('is null, only where the field allows it; the key stays required', () => {
    expect(DiabetesInputSchema.parse({ ...DIABETES, insulin: null, bmi: null })).toMatchObject({
      insulin: null,
      bmi: null,
    });
    const { insulin: _, ...withoutInsulin } = DIABETES;
    expect(DiabetesInputSchema.safeParse(withoutInsulin).error?.issues[0]).toMatchObject({
      path: ['insulin'],
      message: 'is required',
    });
    expect(DiabetesInputSchema.safeParse({ ...DIABETES, age: null }).success).toBe(false);
  });

  it('keeps the range message for a real value out of range', () => {
    const issue = DiabetesInputSchema.safeParse({ ...DIABETES, insulin: 5 }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['insulin'], message: 'must be between 10 and 900 µU/mL' });
  });
});
