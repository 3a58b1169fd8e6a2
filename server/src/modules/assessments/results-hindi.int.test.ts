import { AssessmentListResponseSchema, AssessmentResponseSchema, type AssessmentResponse } from '@medibuddy/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { buildTestApp, signUp, type TestAccount, type TestApp } from '../../../test/helper';
import { untranslatedStrings } from '../../../test/hindi-check';
import { multipartForm } from '../../../test/uploads';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');
const golden = (model: string) => readFileSync(path.join(MODELS_DIR, model, 'golden', '0.png'));

/**
 * A result page asked for in Hindi (Accept-Language: hi) reads in Hindi, everything a person reads; the
 * stored result stays English, and a request without the header, or in English, is answered as before.
 */
describe('results in Hindi (Accept-Language: hi)', () => {
  let app: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    account = await signUp(app, { name: 'Hindi Results' });
  });
  afterAll(() => app.close());

  const headersIn = (language?: string) => ({
    cookie: account.cookie,
    ...(language ? { 'accept-language': language } : {}),
  });
  const run = (test: string, inputs: unknown, language?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: { inputs } as object,
      headers: headersIn(language),
    });
  const read = (id: string, language?: string) =>
    app.inject({ method: 'GET', url: `/api/assessments/${id}`, headers: headersIn(language) });

  const upload = (test: string, model: string, checklist: [string, string][], language?: string) => {
    const body = multipartForm(checklist, {
      field: 'image',
      fileName: 'picture.png',
      contentType: 'image/png',
      data: golden(model),
    });
    return app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: body.payload,
      headers: { ...body.headers, ...headersIn(language) },
    });
  };

  /** Runs a test in Hindi, checks the answer and the saved page read back in Hindi, and the English beside it. */
  async function runInHindi(
    test: string,
    inputs: unknown,
    send = (language: string) => run(test, inputs, language),
  ): Promise<AssessmentResponse> {
    const res = await send('hi');
    expect(res.statusCode, res.body).toBe(201);
    const created = AssessmentResponseSchema.parse(res.json());
    expect(untranslatedStrings(created)).toEqual([]);
    const again = await read(created.assessment.id, 'hi-IN,hi;q=0.9,en;q=0.5');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());

    // No header and English: the same bytes, and no Hindi in them.
    const plain = await read(created.assessment.id);
    const english = await read(created.assessment.id, 'en');
    expect(plain.body).toBe(english.body);
    expect(plain.body).not.toMatch(/[\u0900-\u097F]/);
    return created;
  }

  it('the diabetes test with the sugar in mmol/L: every text in Hindi, the value as entered', async () => {
    const body = await runInHindi('diabetes', {
      ...VALID_INPUTS.diabetes,
      glucose: { value: 11.5, unit: 'mmol/L' },
      hba1c: 6.1,
      sex: 1,
      waist: 96,
      familyHistory: 3,
      activityLevel: 2,
      active30MinDaily: 0,
      vegetablesDaily: 1,
      bloodPressureMedicine: 0,
      highGlucoseEver: 1,
    });
    const { assessment } = body;
    expect(assessment.testName).toBe('शुगर (डायबिटीज़)');
    if (assessment.result.kind !== 'risk') throw new Error('expected a risk result');
    const result = assessment.result;
    // 11.5 mmol/L is 207 mg/dL: the 2-hour glucose meets the diabetes threshold, said with the value as entered.
    expect(result.factors.find((f) => f.key === 'glucose')?.displayValue).toBe('11.5 mmol/L (207 mg/dL)');
    const ogtt = result.guideline?.find((g) => g.id === 'ogtt-diabetes-range');
    expect(ogtt?.value).toContain('11.5 mmol/L (207 mg/dL)');
    expect(ogtt?.title).toMatch(/डायबिटीज़/);
    expect(result.guideline?.map((g) => g.id)).toContain('hba1c-prediabetes-range');
    expect(result.nextStep?.heading).toBe('कुछ दिनों के अंदर डॉक्टर को दिखाएँ');
    expect(result.scores?.map((s) => s.id)).toEqual(['findrisc', 'idrs']);
    expect(result.summary).toMatch(/^2 घंटे वाली शुगर/);
    expect(body.notices.notADiagnosis).toMatch(/[\u0900-\u097F]/);
    expect(body.content[0]?.title).toMatch(/[\u0900-\u097F]/);
  });

  it('the blood test with sugar and cholesterol in mmol/L: findings, summary and next step in Hindi', async () => {
    const body = await runInHindi('blood-test', {
      ...VALID_INPUTS['blood-test'],
      glucose: { value: 12, unit: 'mmol/L' },
      cholesterol: { value: 6.5, unit: 'mmol/L' },
      hemoglobin: 10.2,
      sex: 0,
    });
    const result = body.assessment.result;
    if (result.kind !== 'blood-test') throw new Error('expected a blood-test result');
    expect(result.findings.find((f) => f.id === 'glucose-diabetes-range')?.value).toBe('12 mmol/L (216 mg/dL)');
    expect(result.findings.find((f) => f.id === 'cholesterol-high')?.value).toBe('6.5 mmol/L (251 mg/dL)');
    expect(result.findings.find((f) => f.id === 'anaemia')?.title).toBe('मध्यम ख़ून की कमी (एनीमिया)');
    expect(result.summary).toMatch(/^मुख्य नतीजा: /);
    expect(result.nextStep?.text).toMatch(/डॉक्टर/);
    // The class is a code of the contract, said in words by the summary and the list.
    expect(result.label).toBe('Anemia');
  });

  it.each(['heart', 'cardio', 'liver'] as const)('the %s test: every text in Hindi', async (test) => {
    const inputs =
      test === 'cardio'
        ? {
            ...VALID_INPUTS.cardio,
            totalCholesterol: { value: 5.9, unit: 'mmol/L' },
            hdlCholesterol: 42,
            diabetes: 0,
            bpMedicine: 1,
          }
        : VALID_INPUTS[test];
    const { assessment } = await runInHindi(test, inputs);
    if (assessment.result.kind !== 'risk') throw new Error('expected a risk result');
    expect(assessment.result.factors.every((f) => /[\u0900-\u097F]/.test(f.label))).toBe(true);
    if (test === 'cardio') {
      expect(assessment.result.scores?.map((s) => s.id)).toEqual(['who-2019-lab', 'pce-2013']);
      expect(assessment.result.factors.find((f) => f.key === 'gender')?.displayValue).toBe('महिला');
    }
  });

  it('the kidney-stone test with fever and flank pain: STONE factors, notes, the urgent message in Hindi', async () => {
    const { assessment } = await runInHindi('kidney-stone', { ...VALID_INPUTS['kidney-stone'], feverChills: 1 });
    const result = assessment.result;
    if (result.kind !== 'kidney-stone') throw new Error('expected a kidney-stone result');
    expect(result.urgentMessage).toMatch(/इमरजेंसी/);
    expect(result.nextStep?.heading).toBe('अभी अस्पताल की इमरजेंसी में जाएँ');
    expect(result.factors.find((f) => f.key === 'painOnset')?.answer).toBe('6 घंटे से कम पहले');
    expect(result.band).toBe('high');
  });

  it.each([
    ['cataract', 'fundus'],
    ['diabetic-retinopathy', 'fundus'],
    ['ct-scan', 'chest_ct'],
    ['skin', 'skin'],
  ] as const)(
    'the %s test on a golden picture: triage, classes, summary and model figures in Hindi',
    async (test, model) => {
      const checklist: [string, string][] =
        test === 'skin'
          ? [
              ['checklist.sizeChange', 'yes'],
              ['checklist.irregularColour', 'yes'],
              ['checklist.oozing', 'not_sure'],
            ]
          : [];
      const body = await runInHindi(test, null, (language) => upload(test, model, checklist, language));
      const result = body.assessment.result;
      if (result.kind !== 'image') throw new Error('expected an image result');
      expect(result.triage?.why).toMatch(/[\u0900-\u097F]/);
      expect(body.assessment.model.imageMetrics?.perClass.every((c) => /[\u0900-\u097F]/.test(c.label))).toBe(true);
      if (test === 'skin') {
        expect(result.checklist?.score).toBe(4);
        expect(result.checklist?.headline).toBe('2 हफ़्ते के अंदर डॉक्टर को दिखाएँ');
        expect(result.checklist?.notSureNote).toMatch(/पक्का नहीं/);
      }
    },
  );

  it("the skin test's checklist questions in Hindi, English without the header; caches told it varies", async () => {
    const hindi = await app.inject({ method: 'GET', url: '/api/assessments/skin/checklist', headers: headersIn('hi') });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.headers.vary).toMatch(/Accept-Language/);
    const body = hindi.json() as { why: string; notSure: string; items: { question: string; help: string }[] };
    expect(untranslatedStrings({ why: body.why, notSure: body.notSure, items: body.items })).toEqual([]);
    const english = await app.inject({ method: 'GET', url: '/api/assessments/skin/checklist' });
    expect(english.body).not.toMatch(/[\u0900-\u097F]/);
  });

  it('the list of results: test names and headlines in Hindi, in English without the header', async () => {
    const hindi = AssessmentListResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/assessments', headers: headersIn('hi') })).json(),
    );
    expect(hindi.assessments.length).toBeGreaterThanOrEqual(10);
    expect(hindi.assessments.find((a) => a.test === 'kidney-stone')?.headline).toBe('STONE स्कोर 13 में से 12: ज़्यादा');
    expect(untranslatedStrings(hindi)).toEqual([]);
    const english = await app.inject({ method: 'GET', url: '/api/assessments', headers: headersIn() });
    expect(english.body).not.toMatch(/[\u0900-\u097F]/);
    expect(english.body).toBe(
      (await app.inject({ method: 'GET', url: '/api/assessments', headers: headersIn('en') })).body,
    );
  });
});
