import { BLOOD_TEST_LAB_FIELDS, NORMALISED_VALUES_MESSAGE } from '@medibuddy/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';

/** Records as the legacy client posts them: its field names, its codes. */
const HEART = {
  Age: 70,
  Sex: 1,
  'Chest pain type': 4,
  BP: 130,
  Cholesterol: 322,
  'FBS over 120': 0,
  'EKG results': 2,
  'Max HR': 109,
  'Exercise angina': 0,
  'ST depression': 2.4,
  'Slope of ST': 2,
  'Number of vessels fluro': 3,
  Thallium: 0,
};
const HEALTHY_HEART = {
  ...HEART,
  Age: 45,
  Sex: 0,
  'Chest pain type': 3,
  BP: 120,
  Cholesterol: 200,
  'EKG results': 0,
  'Max HR': 170,
  'ST depression': 0,
  'Slope of ST': 1,
  'Number of vessels fluro': 0,
};
/** The Pima data's zeros for unmeasured values, as the old client sends them. */
const DIABETES = {
  Pregnancies: 6,
  Glucose: 148,
  BloodPressure: 72,
  SkinThickness: 35,
  Insulin: 0,
  BMI: 33.6,
  DiabetesPedigreeFunction: 0.627,
  Age: 50,
};
/** The legacy cardio form's prefilled values (docs/product.md#test-forms), under its names. */
const CARDIO_DEFAULTS = {
  AGE: 50,
  GENDER: 2,
  HEIGHT: 168,
  WEIGHT: 62,
  AP_HIGH: 110,
  AP_LOW: 80,
  CHOLESTEROL: 1,
  GLUCOSE: 1,
  SMOKE: 0,
  ALCOHOL: 0,
  PHYSICAL_ACTIVITY: 1,
};
const LIVER = {
  Age: 62,
  Gender: 1,
  Total_Bilirubin: 10.9,
  Direct_Bilirubin: 5.5,
  Alkaline_Phosphotase: 699,
  Alamine_Aminotransferase: 64,
  Aspartate_Aminotransferase: 100,
  Total_Protiens: 7.5,
  Albumin: 3.2,
  Albumin_and_Globulin_Ratio: 0.74,
};
const BLOOD = Object.fromEntries(BLOOD_TEST_LAB_FIELDS.map((f) => [f.label, f.default]));
const KIDNEY_NO_PAIN = {
  'Back/belly/side pain': 0,
  'Burning during urination': 1,
  'Urgenncy in urination': 1,
  'Blood in urine': 0,
  'Cloudy/Smelly urine': 1,
  'Small amounts of urine': 0,
  'Nausea/Vomitting': 0,
  'Fever/Chills': 0,
  Total: 3,
};
const KIDNEY_PAIN = { ...KIDNEY_NO_PAIN, 'Back/belly/side pain': 1, 'Nausea/Vomitting': 1, Total: 99 };

function expectLegacyProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = res.json();
  expect(body.message).toBe(body.detail);
  expect(body.error).toBe(body.detail);
  return body;
}

describe('compat predictions /compat/predict1..6 (docs/product.md#compat-api)', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    account = await signUp(app);
  });
  afterAll(() => app.close());

  const predict = (n: number, payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `/compat/predict${n}`,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const saved = () =>
    sql<{ test: string; user_id: string; inputs: Record<string, unknown>; result: Record<string, unknown> }>(
      app,
      'select test, user_id, inputs, result from assessments order by created_at',
    );

  it.each([
    [1, 'heart', 1, HEART],
    [1, 'heart', 0, HEALTHY_HEART],
    [2, 'diabetes', 1, DIABETES],
    [
      2,
      'diabetes',
      0,
      {
        ...DIABETES,
        Glucose: 85,
        Pregnancies: 1,
        BMI: 26.6,
        DiabetesPedigreeFunction: 0.351,
        Age: 31,
        SkinThickness: 29,
        BloodPressure: 66,
      },
    ],
    [3, 'cardio', 0, CARDIO_DEFAULTS],
    [
      3,
      'cardio',
      1,
      { ...CARDIO_DEFAULTS, AGE: 55, GENDER: 1, HEIGHT: 156, WEIGHT: 85, AP_HIGH: 140, AP_LOW: 90, CHOLESTEROL: 3 },
    ],
    [4, 'blood-test', 1, BLOOD],
    [4, 'blood-test', 0, { ...BLOOD, Hemoglobin: 10.1 }],
    [4, 'blood-test', 4, { ...BLOOD, Platelets: 60 }],
    [5, 'kidney-stone', 0, KIDNEY_NO_PAIN],
    [5, 'kidney-stone', 1, KIDNEY_PAIN],
    [6, 'liver', 1, LIVER],
  ] as const)(
    'predict%i (%s) answers {prediction: [%i]} for a visitor and saves nothing',
    async (n, _test, expected, record) => {
      const before = (await saved()).length;
      const res = await predict(n, [record]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ prediction: [expected] });
      expect((await saved()).length).toBe(before);
    },
  );

  it.each([
    [1, 'heart', HEART],
    [2, 'diabetes', DIABETES],
    [3, 'cardio', CARDIO_DEFAULTS],
    [4, 'blood-test', BLOOD],
    [5, 'kidney-stone', KIDNEY_PAIN],
    [6, 'liver', LIVER],
  ] as const)('predict%i (%s) with a session cookie saves the assessment to the account', async (n, test, record) => {
    const before = (await saved()).length;
    const res = await predict(n, [record], account.cookie);
    expect(res.statusCode).toBe(200);
    const rows = await saved();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ test, user_id: account.id });
    const list = await app.inject({ method: 'GET', url: '/api/assessments', headers: { cookie: account.cookie } });
    expect(list.json().assessments[0].test).toBe(test);
  });

  it("maps the legacy field names to the form's keys; diabetes zeros are 'not measured'", async () => {
    await predict(2, [DIABETES], account.cookie);
    await predict(1, [HEART], account.cookie);
    const rows = await saved();
    const heart = rows.at(-1);
    const diabetes = rows.at(-2);
    expect(heart?.inputs).toMatchObject({ chestPainType: 4, numberOfVesselsFluro: 3, stDepression: 2.4 });
    expect(diabetes?.inputs).toMatchObject({ insulin: null, glucose: 148 });
  });

  it('kidney stone: recounts Total, and says which STONE answers the old record could not give', async () => {
    await predict(5, [KIDNEY_PAIN], account.cookie);
    const row = (await saved()).at(-1);
    expect(row?.result).toMatchObject({ kind: 'kidney-stone', total: 5, band: 'high' });
    expect((row?.result.notes as string[])[0]).toMatch(
      /assumed.*male, not of Black ancestry, pain began under 6 hours ago, vomiting/,
    );
  });

  it('accepts numeric text, a bare record, and drops names it does not use', async () => {
    const asText = Object.fromEntries(Object.entries(HEART).map(([k, v]) => [k, String(v)]));
    const res = await predict(1, [{ ...asText, id: 7, Outcome: 'x' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prediction: [1] });
    expect((await predict(6, LIVER)).json()).toEqual({ prediction: [1] });
  });

  it("errors name the legacy client's fields, with message and error for the old client's toast", async () => {
    const { 'Chest pain type': _, ...noChestPain } = HEART;
    const body = expectLegacyProblem(await predict(1, [{ ...noChestPain, BP: 'high', Thallium: 3 }]), 400);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['BP', 'Chest pain type', 'Thallium']);
    expect(body.message).toContain('Chest pain type is required');

    const kidney = expectLegacyProblem(await predict(5, [{ ...KIDNEY_PAIN, 'Back/belly/side pain': 2 }]), 400);
    expect(kidney.errors[0]).toMatchObject({
      field: 'Back/belly/side pain',
      message: 'must be one of 1 (Yes), 0 (No)',
    });
  });

  it('refuses 0-1 scaled blood values with the lab-units message, naming the legacy fields', async () => {
    const scaled = Object.fromEntries(Object.keys(BLOOD).map((k) => [k, 0.5]));
    const body = expectLegacyProblem(await predict(4, [scaled]), 400);
    expect(body.detail).toBe(NORMALISED_VALUES_MESSAGE);
    expect(body.errors[0]).toMatchObject({ field: 'Glucose', rule: 'lab_units' });
  });

  it('refuses anything but one record', async () => {
    expectLegacyProblem(await predict(3, [CARDIO_DEFAULTS, CARDIO_DEFAULTS]), 400);
    expectLegacyProblem(await predict(3, []), 400);
    expectLegacyProblem(await predict(3, ['AGE']), 400);
  });
});
