import { execFileSync } from 'node:child_process';
import { AssessmentResponseSchema, BLOOD_TEST_LAB_FIELDS } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';

/** Decision 030: lab values in the units reports print, the unit question, and the compat clients unchanged. */
describe('lab values with their units (POST /api/assessments/:test)', () => {
  let app: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    alice = await signUp(app, { name: 'Alice Units' });
  });
  afterAll(() => app.close());

  const run = (test: string, inputs: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: { inputs } as object,
      headers: { cookie: alice.cookie },
    });
  const count = async () => (await sql(app, 'select id from assessments')).length;
  const BLOOD = VALID_INPUTS['blood-test'];

  it('a blood test with glucose 12 mmol/L is read as 216 mg/dL (high, not "very low"), stored and shown in mmol/L', async () => {
    const res = await run('blood-test', { ...BLOOD, glucose: { value: 12, unit: 'mmol/L' } });
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.inputs.glucose).toBe(216);
    expect(assessment.entered).toEqual({ glucose: { value: 12, unit: 'mmol/L' } });
    if (assessment.result.kind !== 'blood-test') throw new Error('expected a blood-test result');
    const ids = assessment.result.findings.map((f) => f.id);
    expect(ids).toContain('glucose-diabetes-range');
    expect(ids.filter((id) => id.startsWith('glucose-') && /low/.test(id))).toEqual([]);
    const glucose = assessment.result.findings.find((f) => f.fields.includes('glucose'))!;
    expect(glucose.value).toBe('12 mmol/L (216 mg/dL)');
    expect(assessment.result.label).not.toBe('Healthy');

    const [row] = await sql<{ inputs: Record<string, unknown> }>(
      app,
      `select inputs from assessments where id = '${assessment.id}'`,
    );
    expect(row?.inputs).toMatchObject({ glucose: 216, entered: { glucose: { value: 12, unit: 'mmol/L' } } });

    // the saved result, the history and the PDF's inputs say it the same way
    const again = await app.inject({
      method: 'GET',
      url: `/api/assessments/${assessment.id}`,
      headers: { cookie: alice.cookie },
    });
    const saved = AssessmentResponseSchema.parse(again.json()).assessment;
    expect(saved.entered).toEqual({ glucose: { value: 12, unit: 'mmol/L' } });
    expect(saved.inputs).not.toHaveProperty('entered');
    if (saved.result.kind !== 'blood-test') throw new Error('expected a blood-test result');
    expect(saved.result.findings.find((f) => f.fields.includes('glucose'))?.value).toBe('12 mmol/L (216 mg/dL)');

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/health-record/assessments/${assessment.id}/report.pdf`,
      headers: { cookie: alice.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toMatch(/Glucose\s+12 mmol\/L \(216 mg\/dL\)/);
  });

  it('diabetes with glucose 7.8 mmol/L runs the model on 141 mg/dL and shows the factor in mmol/L', async () => {
    const res = await run('diabetes', { ...VALID_INPUTS.diabetes, glucose: { value: 7.8, unit: 'mmol/L' } });
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.inputs.glucose).toBe(141);
    if (assessment.result.kind !== 'risk') throw new Error('expected a risk result');
    expect(assessment.result.factors.find((f) => f.key === 'glucose')?.displayValue).toBe('7.8 mmol/L (141 mg/dL)');
    // a guideline finding on the glucose names it as entered too
    const onGlucose = (assessment.result.guideline ?? []).filter((g) => g.fields.includes('glucose'));
    expect(onGlucose.length).toBeGreaterThan(0);
    for (const g of onGlucose) expect(g.value).toContain('7.8 mmol/L (141 mg/dL)');
  });

  it.each([
    ['a plain 12', 12],
    ['12 with its unit', { value: 12, unit: 'mg/dL' }],
  ])('glucose %s in mg/dL asks the unit question (422 unit_check) instead of a result', async (_name, glucose) => {
    const before = await count();
    const res = await run('blood-test', { ...BLOOD, glucose });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('unit_check');
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ field: 'inputs.glucose', rule: 'unit_check' });
    expect(body.errors[0].message).toContain('Did you mean 12 mmol/L (216 mg/dL)?');
    expect(body.errors[0].choices).toEqual([
      { value: 12, unit: 'mmol/L', inFieldUnit: 216, text: '12 mmol/L (216 mg/dL)' },
      { value: 12, unit: 'mg/dL', inFieldUnit: 12, text: '12 mg/dL' },
    ]);
    expect(await count()).toBe(before);
  });

  it('a confirmed 12 mg/dL is taken as entered: very low glucose', async () => {
    const res = await run('blood-test', { ...BLOOD, glucose: { value: 12, unit: 'mg/dL', confirmed: true } });
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.entered).toBeUndefined();
    if (assessment.result.kind !== 'blood-test') throw new Error('expected a blood-test result');
    expect(assessment.result.findings.map((f) => f.id)).toContain('glucose-very-low');
  });

  it('haemoglobin 135 (g/L typed as g/dL) asks too', async () => {
    const res = await run('blood-test', { ...BLOOD, hemoglobin: 135 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].choices[0]).toMatchObject({ unit: 'g/L', inFieldUnit: 13.5 });
  });

  it('a unit the field does not take is a 400 naming the field and the rule', async () => {
    const res = await run('liver', { ...VALID_INPUTS.liver, totalBilirubin: { value: 1, unit: 'mmol/L' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'inputs.totalBilirubin', rule: 'unit', message: 'must be one of mg/dL, µmol/L' },
    ]);
  });

  it('a value out of range in its unit is a 400 with the range in that unit', async () => {
    const res = await run('cardio', { ...VALID_INPUTS.cardio, totalCholesterol: { value: 40, unit: 'mmol/L' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      field: 'inputs.totalCholesterol',
      rule: 'range',
      message: 'must be between 1.56 and 15.51 mmol/L',
    });
  });

  it('bilirubin in µmol/L is read for the liver model', async () => {
    const res = await run('liver', {
      ...VALID_INPUTS.liver,
      totalBilirubin: { value: 17, unit: 'µmol/L' },
      directBilirubin: { value: 5, unit: 'umol/l' },
    });
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.inputs).toMatchObject({ totalBilirubin: 1, directBilirubin: 0.29 });
    expect(assessment.entered).toEqual({
      totalBilirubin: { value: 17, unit: 'µmol/L' },
      directBilirubin: { value: 5, unit: 'µmol/L' },
    });
  });

  it('the compat client sending plain numbers is unchanged: glucose 12 still gets its prediction', async () => {
    const record = Object.fromEntries(BLOOD_TEST_LAB_FIELDS.map((f) => [f.label, f.default]));
    const res = await app.inject({
      method: 'POST',
      url: '/compat/predict4',
      payload: [{ ...record, Glucose: 12 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prediction: [expect.any(Number)] });
  });
});
