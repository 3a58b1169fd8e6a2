import { AssessmentResponseSchema } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../../test/clinical-inputs';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../../test/helper';

/** The diabetes form's optional HbA1c through the API: validated, read by the guideline rules, stored only when entered. */
describe('diabetes form: HbA1c (optional, guideline rules only)', () => {
  let app: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    alice = await signUp(app, { name: 'Alice' });
  });
  afterAll(() => app.close());

  const run = (inputs: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/assessments/diabetes',
      payload: { inputs } as object,
      headers: { cookie: alice.cookie },
    });
  const storedInputs = async (id: string) =>
    (await sql<{ inputs: Record<string, unknown> }>(app, `select inputs from assessments where id = '${id}'`))[0]
      ?.inputs;

  it('7.1 % meets the diagnostic threshold: the next step is a doctor within days, and 7.1 is stored', async () => {
    const res = await run({ ...VALID_INPUTS.diabetes, hba1c: 7.1 });
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    if (assessment.result.kind !== 'risk') throw new Error('expected a risk result');
    expect(assessment.result.guideline?.[0]).toMatchObject({ id: 'hba1c-diabetes-range', value: 'HbA1c 7.1 %' });
    expect(assessment.result.nextStep).toMatchObject({ timeframe: 'days' });
    expect(assessment.result.nextStep?.text).toMatch(
      /^Your HbA1c meets the diagnostic threshold for diabetes: see a doctor within days/,
    );
    // no model feature: the factors are the model's eight
    expect(assessment.result.factors.map((f) => f.key)).not.toContain('hba1c');
    expect(await storedInputs(assessment.id)).toMatchObject({ hba1c: 7.1 });
  });

  it.each([
    ['left out', {}],
    ['sent as null (not measured)', { hba1c: null }],
  ])('%s: the form still gives its result, and the stored inputs have no HbA1c', async (_name, extra) => {
    const res = await run({ ...VALID_INPUTS.diabetes, ...extra });
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(Object.keys(assessment.inputs)).toEqual(Object.keys(VALID_INPUTS.diabetes));
    if (assessment.result.kind !== 'risk') throw new Error('expected a risk result');
    expect(assessment.result.guideline?.map((f) => f.id).filter((id) => id.startsWith('hba1c'))).toEqual([]);
    const stored = await storedInputs(assessment.id);
    expect(stored && 'hba1c' in stored).toBe(false);
  });

  it.each([
    [
      '48 (mmol/mol)',
      48,
      'too_big',
      /^must be between 3\.0 and 20\.0 %; 48 looks like mmol\/mol, which is about 6\.5 %: enter the value in %$/,
    ],
    ['2.5', 2.5, 'too_small', /^must be between 3\.0 and 20\.0 %$/],
    ['500', 500, 'too_big', /^must be between 3\.0 and 20\.0 %$/],
    ['"six"', 'six', 'invalid_type', /^must be a number$/],
  ])('HbA1c %s is a 400 naming the field and the rule', async (_name, hba1c, rule, message) => {
    const res = await run({ ...VALID_INPUTS.diabetes, hba1c });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field: 'inputs.hba1c', rule, message: expect.stringMatching(message) }]);
  });

  it("the compatibility API's diabetes record (no HbA1c) works as before", async () => {
    const record = {
      Pregnancies: 6,
      Glucose: 148,
      BloodPressure: 72,
      SkinThickness: 35,
      Insulin: 0,
      BMI: 33.6,
      DiabetesPedigreeFunction: 0.627,
      Age: 50,
    };
    const res = await app.inject({
      method: 'POST',
      url: '/compat/predict2',
      payload: [record],
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prediction: [1] });
    const [row] = await sql<{ inputs: Record<string, unknown> }>(
      app,
      "select inputs from assessments where test = 'diabetes' order by created_at desc limit 1",
    );
    expect(row?.inputs).toMatchObject({ insulin: null, glucose: 148 });
    expect('hba1c' in row!.inputs).toBe(false);
  });
});
