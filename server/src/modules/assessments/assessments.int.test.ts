import {
  AssessmentListResponseSchema,
  AssessmentResponseSchema,
  CLINICAL_TEST_SLUGS,
  LIVER_COMPAT_KEYS,
  NORMALISED_VALUES_MESSAGE,
  RISK_MODEL_SLUGS,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOLDEN_PROBABILITY, VALID_INPUTS } from '../../../test/clinical-inputs';
import { buildTestApp, signUp, sql, TEST_ORIGIN, type TestAccount, type TestApp } from '../../../test/helper';

type Row = { id: string; user_id: string; test: string; model_id: string; model_version: string; inputs: unknown };

describe('assessments API', () => {
  let app: TestApp;
  let alice: TestAccount;
  let logLines: string[];
  beforeAll(async () => {
    logLines = [];
    app = await buildTestApp({}, { logStream: { write: (line) => void logLines.push(line) } });
    alice = await signUp(app, { name: 'Alice' });
  });
  afterAll(() => app.close());

  const run = (test: string, inputs: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/assessments/${test}`,
      payload: { inputs } as object,
      headers: cookie ? { cookie } : {},
    });
  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const rows = () => sql<Row>(app, 'select id, user_id, test, model_id, model_version, inputs from assessments');
  const count = async () => (await rows()).length;

  describe.each(RISK_MODEL_SLUGS)('POST /api/assessments/%s (model)', (slug) => {
    it('answers 201 with the risk, its factors, the model version and metrics, content and notices; saves it', async () => {
      const res = await run(slug, VALID_INPUTS[slug], alice.cookie);
      expect(res.statusCode).toBe(201);
      const body = AssessmentResponseSchema.parse(res.json());
      const { assessment } = body;
      expect(res.headers.location).toBe(`/api/assessments/${assessment.id}`);
      expect(assessment.test).toBe(slug);
      expect(assessment.model.kind).toBe('model');
      expect(assessment.model.version).toMatch(new RegExp(`^${slug}-lr-`));
      expect(assessment.model.metrics?.rocAuc.mean).toBeGreaterThan(0.5);
      const result = assessment.result;
      if (result.kind !== 'risk') throw new Error('expected a risk result');
      expect(Math.abs(result.probability - GOLDEN_PROBABILITY[slug])).toBeLessThan(1e-5);
      expect(result.isFlagged).toBe(result.probability >= result.threshold);
      expect(result.prediction).toBe(result.isFlagged ? 1 : 0);
      expect(result.factors).toHaveLength(Object.keys(VALID_INPUTS[slug]).length);
      const sizes = result.factors.map((f) => Math.abs(f.contribution));
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
      // a guideline threshold the values meet leads the summary, then a validated score, then the model's figure
      expect(result.summary).toMatch(/^(.+ \(.+\)\. |The WHO risk chart|Your FINDRISC|The screening model)/);
      // never the model's study-population probability shown as the person's chance
      expect(result.summary).not.toMatch(/estimated chance|estimated probability/i);
      const raw = Math.round(result.probability * 100);
      if (!(result.scores ?? []).some((s) => s.inHundred === raw)) {
        expect(result.summary).not.toMatch(new RegExp(`\\b${raw} ?%`));
      }
      expect(result.modelFigure?.kind).toBe(slug === 'diabetes' ? 'rebased' : 'study-relative');
      expect(result.nextStep?.timeframe).toMatch(/^(now|today|days|routine)$/);
      expect(body.content.map((c) => c.key)).toEqual(assessment.contentKeys);
      expect(body.content).toHaveLength(1);
      expect(body.notices.whatThisDoesNotMean).toMatch(/model trained on past records/);

      const saved = (await rows()).find((r) => r.id === assessment.id);
      expect(saved).toMatchObject({
        user_id: alice.id,
        test: slug,
        model_id: slug,
        model_version: assessment.model.version,
      });
    });
  });

  describe('validated scores lead, the model follows', () => {
    // The reviewer's case: 52, woman, 165 cm, 72 kg, 138/88, cholesterol above normal, non-smoker, active.
    const borderlineWoman = {
      age: 52,
      gender: 1,
      height: 165,
      weight: 72,
      apHigh: 138,
      apLow: 88,
      cholesterol: 2,
      glucose: 1,
      smoke: 0,
      alcohol: 0,
      physicalActivity: 1,
    };

    it('cardio: the WHO chart band her values give leads; the model is a score relative to its study, no "chance"', async () => {
      const res = await run('cardio', borderlineWoman, alice.cookie);
      expect(res.statusCode).toBe(201);
      const result = AssessmentResponseSchema.parse(res.json()).assessment.result;
      if (result.kind !== 'risk') throw new Error('expected a risk result');
      // WHO 2019, South Asia, non-laboratory: women, non-smoker, 50-54, 120-139 mm Hg, BMI 25-29 -> 4 %.
      expect(result.scores?.[0]).toMatchObject({ id: 'who-2019-non-lab', inHundred: 4, band: 'under 5 %' });
      expect(result.summary).toMatch(
        /^The WHO risk chart for South Asia puts your 10-year risk of a heart attack or stroke at 4 %/,
      );
      expect(result.summary).toContain('about 4 in 100 people like you');
      expect(result.summary).toContain('it is not your chance of having cardiovascular disease');
      expect(result.summary).not.toMatch(/estimated chance/);
      expect(result.nextStep).toMatchObject({ timeframe: 'routine' });
      expect(result.scoresNeed?.[0]?.name).toMatch(/pooled cohort/i);
    });

    it('cardio: total cholesterol and diabetes switch to the laboratory chart; both lab answers give the pooled cohort equations too', async () => {
      const res = await run(
        'cardio',
        { ...borderlineWoman, totalCholesterol: 232, hdlCholesterol: 48, diabetes: 0, bpMedicine: 0 },
        alice.cookie,
      );
      const result = AssessmentResponseSchema.parse(res.json()).assessment.result;
      if (result.kind !== 'risk') throw new Error('expected a risk result');
      expect(result.scores?.map((s) => s.id)).toEqual(['who-2019-lab', 'pce-2013']);
      const saved = (await rows()).find((r) => r.id === AssessmentResponseSchema.parse(res.json()).assessment.id);
      expect(saved?.inputs).toMatchObject({ totalCholesterol: 232, hdlCholesterol: 48 });
    });

    it('cardio: an HDL above the total, or a cholesterol out of range, is a 400 naming the field (5.2 asks its unit); nothing is saved', async () => {
      const before = await count();
      const res = await run('cardio', { ...borderlineWoman, totalCholesterol: 150, hdlCholesterol: 160 }, alice.cookie);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/hdlCholesterol.*must be (lower than the total cholesterol|between)/);
      // 5.2 is a cholesterol in mmol/L: asked about (decision 030), not taken and not refused as out of range
      const low = await run('cardio', { ...borderlineWoman, totalCholesterol: 5.2 }, alice.cookie);
      expect(low.statusCode).toBe(422);
      expect(low.json().errors).toMatchObject([{ field: 'inputs.totalCholesterol', rule: 'unit_check' }]);
      const tooLow = await run('cardio', { ...borderlineWoman, totalCholesterol: 50 }, alice.cookie);
      expect(tooLow.statusCode).toBe(400);
      expect(JSON.stringify(tooLow.json())).toContain('totalCholesterol');
      expect(await count()).toBe(before);
    });

    it('diabetes: FINDRISC and IDRS from the optional questions, the model re-based to adults in India', async () => {
      const res = await run(
        'diabetes',
        {
          ...VALID_INPUTS.diabetes,
          sex: 0,
          waist: 92,
          familyHistory: 3,
          activityLevel: 2,
          active30MinDaily: 0,
          vegetablesDaily: 1,
          bloodPressureMedicine: 0,
          highGlucoseEver: 0,
        },
        alice.cookie,
      );
      expect(res.statusCode).toBe(201);
      const result = AssessmentResponseSchema.parse(res.json()).assessment.result;
      if (result.kind !== 'risk') throw new Error('expected a risk result');
      // FINDRISC: age 50 (2) + BMI 33.6 (3) + waist 92 in a woman (4) + not active (2) + one parent (5) = 16, high.
      expect(result.scores?.map((s) => [s.id, s.points, s.band])).toEqual([
        ['findrisc', 16, 'high'],
        ['idrs', 80, 'high'],
      ]);
      expect(result.modelFigure).toMatchObject({ kind: 'rebased', population: { share: 0.114 } });
      expect(result.summary).toContain(
        'about 1 in 3 people with this score develop type 2 diabetes in the next 10 years',
      );
    });
  });

  it('heart: factors read as the form offers them (code labels, units)', async () => {
    const res = await run('heart', VALID_INPUTS.heart, alice.cookie);
    const result = AssessmentResponseSchema.parse(res.json()).assessment.result;
    if (result.kind !== 'risk') throw new Error('expected a risk result');
    const byKey = Object.fromEntries(result.factors.map((f) => [f.key, f]));
    expect(byKey.chestPainType).toMatchObject({ value: 4, displayValue: 'Asymptomatic', direction: 'up' });
    expect(byKey.bp).toMatchObject({ displayValue: '130 mm Hg', label: 'Resting blood pressure (systolic)' });
    expect(byKey.stDepression?.displayValue).toBe('2.4 mm');
    expect(result.band).toBe('high');
    expect(result.factors[0]?.key).toBe('numberOfVesselsFluro');
  });

  it("diabetes: a lab value sent as null is 'not measured'; the model uses its median", async () => {
    const res = await run('diabetes', { ...VALID_INPUTS.diabetes, skinThickness: null, bmi: null }, alice.cookie);
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.inputs).toMatchObject({ insulin: null, skinThickness: null, bmi: null });
    if (assessment.result.kind !== 'risk') throw new Error('expected a risk result');
    expect(assessment.result.factors.find((f) => f.key === 'bmi')?.displayValue).toBe('Not measured');
  });

  it('blood test: 201 with the interpretation, the class content and the rules version', async () => {
    const res = await run('blood-test', { ...VALID_INPUTS['blood-test'], hemoglobin: 10.2 }, alice.cookie);
    expect(res.statusCode).toBe(201);
    const body = AssessmentResponseSchema.parse(res.json());
    const { assessment } = body;
    expect(assessment.model).toEqual({ id: 'blood-test-rules', version: 'blood-test-rules-3', kind: 'rules' });
    if (assessment.result.kind !== 'blood-test') throw new Error('expected a blood-test result');
    expect(assessment.result).toMatchObject({ classCode: 0, label: 'Anemia' });
    expect(assessment.contentKeys).toEqual(['anemia']);
    expect(body.content[0]?.key).toBe('anemia');
    expect(body.notices.whatThisDoesNotMean).toMatch(/simple scoring rule/);
  });

  it('blood test: healthy values give the healthy_blood content', async () => {
    const res = await run('blood-test', VALID_INPUTS['blood-test'], alice.cookie);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.contentKeys).toEqual(['healthy_blood']);
  });

  it('kidney stone: 201 with the STONE assessment and the symptom total', async () => {
    const res = await run('kidney-stone', VALID_INPUTS['kidney-stone'], alice.cookie);
    expect(res.statusCode).toBe(201);
    const { assessment } = AssessmentResponseSchema.parse(res.json());
    expect(assessment.model.version).toBe('kidney-stone-stone-score-2');
    if (assessment.result.kind !== 'kidney-stone') throw new Error('expected a kidney-stone result');
    // male 2 + under 6 h 3 + other ancestry 3 + nausea 1 + blood 3 = 12
    expect(assessment.result).toMatchObject({ total: 4, score: 12, band: 'high', applies: true });
    expect(assessment.contentKeys).toEqual(['kidney_stones']);
  });

  it('GET /api/assessments/:id answers the same response to its owner', async () => {
    const created = AssessmentResponseSchema.parse((await run('liver', VALID_INPUTS.liver, alice.cookie)).json());
    const res = await get(`/api/assessments/${created.assessment.id}`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(AssessmentResponseSchema.parse(res.json())).toEqual(created);
  });

  it("another user's assessment and an unknown id answer the same 404", async () => {
    const created = AssessmentResponseSchema.parse((await run('heart', VALID_INPUTS.heart, alice.cookie)).json());
    const bob = await signUp(app, { name: 'Bob' });
    const theirs = await get(`/api/assessments/${created.assessment.id}`, bob.cookie);
    const unknown = await get('/api/assessments/00000000-0000-4000-8000-000000000000', bob.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ ...unknown.json() });
    expect(theirs.json().detail).toBe('There is no such assessment in your account.');
  });

  it('a malformed id is 400 naming id; a visitor gets 401', async () => {
    const bad = await get('/api/assessments/not-a-uuid', alice.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: 'id', message: 'must be a valid assessment id' }),
    ]);
    const visitor = await get('/api/assessments/00000000-0000-4000-8000-000000000000');
    expect(visitor.statusCode).toBe(401);
    expect((await get('/api/assessments')).statusCode).toBe(401);
  });

  it('GET /api/assessments lists only your own, newest first, with a headline', async () => {
    const carol = await signUp(app, { name: 'Carol' });
    const first = (await run('kidney-stone', VALID_INPUTS['kidney-stone'], carol.cookie)).json().assessment.id;
    const second = (await run('cardio', VALID_INPUTS.cardio, carol.cookie)).json().assessment.id;
    const res = await get('/api/assessments', carol.cookie);
    expect(res.statusCode).toBe(200);
    const { assessments } = AssessmentListResponseSchema.parse(res.json());
    expect(assessments.map((a) => a.id)).toEqual([second, first]);
    expect(assessments[0]).toMatchObject({
      test: 'cardio',
      testName: 'CardioDisease',
      headline: expect.stringMatching(/^WHO chart: about \d+ in 100 in 10 years \(.+\)$/),
    });
    expect(assessments[1]?.headline).toBe('STONE score 12 of 13: high');
  });

  describe('refusals: named fields, nothing saved', () => {
    it.each(CLINICAL_TEST_SLUGS)('%s: a visitor gets 401 "Please sign in to run a test."', async (slug) => {
      const before = await count();
      const res = await run(slug, VALID_INPUTS[slug]);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Please sign in to run a test.');
      expect(await count()).toBe(before);
    });

    it('an unknown test is 404 naming it', async () => {
      const res = await run('spleen', {}, alice.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toContain('"spleen"');
    });

    type Case = [
      string,
      ClinicalTestSlug,
      Record<string, unknown>,
      { field: string; rule: string; message?: RegExp }[],
    ];
    const without = <T extends object>(o: T, key: keyof T) =>
      Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
    const cases: Case[] = [
      ['missing', 'heart', without(VALID_INPUTS.heart, 'bp'), [{ field: 'inputs.bp', rule: 'required' }]],
      [
        'non-numeric',
        'heart',
        { ...VALID_INPUTS.heart, age: 'seventy' },
        [{ field: 'inputs.age', rule: 'invalid_type', message: /must be a number/ }],
      ],
      [
        'not whole',
        'heart',
        { ...VALID_INPUTS.heart, age: 70.5 },
        [{ field: 'inputs.age', rule: 'invalid_type', message: /whole number/ }],
      ],
      [
        'out of range',
        'heart',
        { ...VALID_INPUTS.heart, bp: 400 },
        [{ field: 'inputs.bp', rule: 'too_big', message: /between 70 and 250 mm Hg/ }],
      ],
      [
        'bad code',
        'heart',
        { ...VALID_INPUTS.heart, thallium: 3 },
        [
          {
            field: 'inputs.thallium',
            rule: 'custom',
            message: /0 \(Normal\), 1 \(Fixed Defect\), 2 \(Reversible Defect\)/,
          },
        ],
      ],
      [
        'extra field',
        'heart',
        { ...VALID_INPUTS.heart, weight: 80 },
        [{ field: 'inputs.weight', rule: 'unknown_field' }],
      ],
      [
        'null where not allowed',
        'diabetes',
        { ...VALID_INPUTS.diabetes, age: null },
        [{ field: 'inputs.age', rule: 'invalid_type' }],
      ],
      [
        'below range',
        'diabetes',
        { ...VALID_INPUTS.diabetes, glucose: 0 },
        [{ field: 'inputs.glucose', rule: 'too_small', message: /between 40 and 300 mg\/dL/ }],
      ],
      [
        'diastolic not below systolic',
        'cardio',
        { ...VALID_INPUTS.cardio, apLow: 150 },
        [{ field: 'inputs.apLow', rule: 'custom' }],
      ],
      [
        'bad code',
        'cardio',
        { ...VALID_INPUTS.cardio, gender: 0 },
        [{ field: 'inputs.gender', rule: 'custom', message: /1 \(Female\), 2 \(Male\)/ }],
      ],
      [
        'direct above total bilirubin',
        'liver',
        { ...VALID_INPUTS.liver, directBilirubin: 2 },
        [{ field: 'inputs.directBilirubin', rule: 'custom' }],
      ],
      [
        'kidney answers that disagree',
        'kidney-stone',
        { ...VALID_INPUTS['kidney-stone'], painOnset: 3 },
        [{ field: 'inputs.painOnset', rule: 'custom' }],
      ],
      [
        'blood out of range',
        'blood-test',
        // 135 would be asked about as g/L (lab-units.int.test.ts); 0.5 is no haemoglobin in either unit
        { ...VALID_INPUTS['blood-test'], hemoglobin: 0.5 },
        [{ field: 'inputs.hemoglobin', rule: 'too_small' }],
      ],
    ];
    it.each(cases)('%s (%s): 400 naming each field', async (_name, slug, inputs, expected) => {
      const before = await count();
      const res = await run(slug, inputs, alice.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const errors = res.json().errors as { field: string; rule: string; message: string }[];
      expect(errors).toHaveLength(expected.length);
      expected.forEach((e, i) => {
        expect(errors[i]).toMatchObject({ field: e.field, rule: e.rule });
        if (e.message) expect(errors[i]?.message).toMatch(e.message);
      });
      expect(await count()).toBe(before);
    });

    it('names every bad field at once', async () => {
      const res = await run(
        'liver',
        { ...VALID_INPUTS.liver, age: 'x', albumin: 9, gender: 2, Extra: 1 },
        alice.cookie,
      );
      expect(res.statusCode).toBe(400);
      const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
      expect(fields).toEqual(['inputs.Extra', 'inputs.age', 'inputs.albumin', 'inputs.gender']);
    });

    it('a body without inputs, or not an object, is 400', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/assessments/heart',
        payload: VALID_INPUTS.heart,
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'inputs', rule: 'required' })]),
      );
    });

    it('blood values scaled to 0-1 get the lab-units message naming the scaled fields', async () => {
      const before = await count();
      const scaled = Object.fromEntries(
        Object.entries(VALID_INPUTS['blood-test']).map(([k, v]) => [k, k === 'sex' ? v : 0.42]),
      );
      const res = await run('blood-test', scaled, alice.cookie);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.detail).toBe(NORMALISED_VALUES_MESSAGE);
      expect(body.errors).toHaveLength(17);
      expect(body.errors[0]).toEqual({
        field: 'inputs.glucose',
        rule: 'lab_units',
        message: 'looks scaled to 0-1; enter it in mg/dL',
      });
      expect(await count()).toBe(before);
    });
  });

  it('documents every route and body in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const slug of CLINICAL_TEST_SLUGS) {
      const op = doc.paths[`/api/assessments/${slug}`]?.post;
      expect(op?.requestBody, slug).toBeDefined();
      expect(op?.responses['201'], slug).toBeDefined();
    }
    expect(doc.paths['/api/assessments/{id}']?.get.responses['200']).toBeDefined();
    expect(doc.paths['/compat/predict1']?.post.responses['200']).toBeDefined();
    const heartBody = doc.paths['/api/assessments/heart'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(heartBody)).toContain('chestPainType');
  });

  it('GET /readyz includes the models', async () => {
    const res = await get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({
      database: 'ok',
      models: 'ok',
      'models.heart': 'ok',
      'models.diabetes': 'ok',
      'models.cardio': 'ok',
      'models.liver': 'ok',
    });
  });

  it('logs say which test, model version and time, never inputs or results', async () => {
    logLines.length = 0;
    await run('heart', { ...VALID_INPUTS.heart, cholesterol: 377 }, alice.cookie);
    await run('blood-test', { ...VALID_INPUTS['blood-test'], platelets: 977 }, alice.cookie);
    const text = logLines.join('\n');
    const evaluated = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'assessment evaluated');
    expect(evaluated).toHaveLength(2);
    expect(evaluated[0]).toMatchObject({
      test: 'heart',
      modelVersion: expect.stringMatching(/^heart-lr-/),
      latencyMs: expect.any(Number),
    });
    expect(text).not.toMatch(/:(377|977)[,}]/);
    for (const secret of ['inputs', 'cholesterol', 'platelets', 'probability', 'Healthy', 'summary', 'factors']) {
      expect(text).not.toContain(secret);
    }
  });
});

/** What a save costs the database: docs/performance.md, "API: what a saved assessment costs". */
describe('what a signed-in save sends to the database', () => {
  let app: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp();
    alice = await signUp(app, { name: 'Alice' });
  });
  afterAll(() => app.close());

  const save = (cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/assessments/diabetes',
      payload: { inputs: VALID_INPUTS.diabetes },
      headers: { cookie },
    });

  /** The SQL the app sends while `send` runs (both drivers call their client's query at call time). */
  async function statementsOf(send: () => Promise<unknown>): Promise<string[]> {
    const client = (app.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      statements.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
      return query.apply(this, args);
    };
    try {
      await send();
    } finally {
      client.query = query;
    }
    return statements;
  }

  it('reads the session and the consent and inserts the row; it never reads the user row', async () => {
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await save(alice.cookie)).statusCode;
    });
    expect(status).toBe(201);
    expect(statements.filter((s) => /from "users"/.test(s))).toEqual([]);
    expect(statements.filter((s) => /from "sessions"/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /from "health_data_consents"/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /insert into "assessments"/.test(s))).toHaveLength(1);
  });

  it('a page that shows the user still reads its row', async () => {
    let name = '';
    const statements = await statementsOf(async () => {
      name = (await app.inject({ url: '/api/auth/me', headers: { cookie: alice.cookie } })).json().user.name;
    });
    expect(name).toBe('Alice');
    expect(statements.some((s) => /from "users"/.test(s))).toBe(true);
  });

  it('a signed-out session saves nothing: 401, read from the database on every request', async () => {
    const bob = await signUp(app, { name: 'Bob' });
    expect((await save(bob.cookie)).statusCode).toBe(201);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: bob.cookie, origin: TEST_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await save(bob.cookie)).statusCode).toBe(401);
    const [{ n }] = (await sql<{ n: number }>(
      app,
      `select count(*)::int as n from assessments where user_id = '${bob.id}'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('keeps the saved row in the table page: no TOAST row, though the row is over the default 2 kB threshold', async () => {
    const [{ toast }] = (await sql<{ toast: string }>(
      app,
      "select reltoastrelid::regclass::text as toast from pg_class where relname = 'assessments'",
    )) as [{ toast: string }];
    const toastRows = async () => (await sql<{ n: number }>(app, `select count(*)::int as n from ${toast}`))[0]!.n;
    const before = await toastRows();
    const id = (await save(alice.cookie)).json().assessment.id as string;
    expect(await toastRows()).toBe(before);
    const [{ size }] = (await sql<{ size: number }>(
      app,
      `select pg_column_size(a.*)::int as size from assessments a where id = '${id}'`,
    )) as [{ size: number }];
    expect(size).toBeGreaterThan(2100);
  });
});

describe('assessments when the models are missing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ MODELS_DIR: '/nonexistent/medibuddy-models' });
  });
  afterAll(() => app.close());

  it('the app starts; /readyz is 503 and names each failing model', async () => {
    await app.models.settled;
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: {
        database: 'ok',
        'data-dir': 'ok',
        models: 'failing',
        'models.heart': 'failing',
        'models.diabetes': 'failing',
        'models.cardio': 'failing',
        'models.liver': 'failing',
        'image-models': 'failing',
        'models.fundus': 'failing',
        'models.chest_ct': 'failing',
        'models.skin': 'failing',
        'models.image_gate': 'failing',
      },
    });
  });

  it('a model test answers 503 not_ready with a clear message and saves nothing; the rules tests still work', async () => {
    const account = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments/heart',
      payload: { inputs: VALID_INPUTS.heart },
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'not_ready',
      detail: 'The Heart Disease model is not available right now, so this test cannot run. Please try again later.',
    });
    expect(await sql(app, 'select id from assessments')).toHaveLength(0);
    const blood = await app.inject({
      method: 'POST',
      url: '/api/assessments/blood-test',
      payload: { inputs: VALID_INPUTS['blood-test'] },
      headers: { cookie: account.cookie },
    });
    expect(blood.statusCode).toBe(201);
  });

  it('a compat model prediction answers 503 with message and error', async () => {
    const legacyLiver = Object.fromEntries(
      Object.entries(LIVER_COMPAT_KEYS).map(([name, key]) => [
        name,
        VALID_INPUTS.liver[key as keyof typeof VALID_INPUTS.liver],
      ]),
    );
    const res = await app.inject({ method: 'POST', url: '/compat/predict6', payload: [legacyLiver] });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'not_ready',
      message: expect.stringContaining('LiverDisease model is not available'),
    });
  });
});
