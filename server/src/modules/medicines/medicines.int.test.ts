import {
  CRISIS_MESSAGE,
  EMERGENCY_MESSAGE,
  NO_MEDICINES_MESSAGE,
  SYMPTOM_MAX,
  type MedicineRecommendation,
} from '@medibuddy/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestApp } from '../../../test/helper';
import { importMedicinesCsv } from './csv-import';
import { createSafetyFacts } from './medicine-safety-facts';
import { createMedicinesService } from './medicines.service';
import { STARTER_CATALOGUE } from '../../content/starter-catalogue';

const HEADER =
  'Medicine Name,Composition,Uses,Side_effects,Image URL,Manufacturer,Excellent Review %,Average Review %,Poor Review %';
/**
 * Imported products: a paracetamol and a cetirizine brand (they fold into our generic entries) and a cold
 * remedy with no generic twin, with a product photo.
 */
const SMALL_CSV = [
  HEADER,
  'Sinarest Tablet,Paracetamol (500mg) + Phenylephrine (10mg) + Chlorpheniramine Maleate (2mg),Treatment of Common cold,Nausea Sleepiness,https://cdn.example.com/sinarest.jpg,Centaur Pharmaceuticals,35,45,20',
  'Dolo 650 Tablet,Paracetamol (650mg),Pain reliefTreatment of Fever,Nausea Vomiting,https://cdn.example.com/dolo.jpg,Micro Labs Ltd,40,40,20',
  'Cetzine 10 Tablet,Cetirizine (10mg),Treatment of Sneezing and runny nose due to allergies,Sleepiness,https://cdn.example.com/cetzine.jpg,Dr Reddys,30,50,20',
  'Combiflam Tablet,Ibuprofen (400mg) + Paracetamol (325mg),Pain relief,Nausea,https://cdn.example.com/combiflam.jpg,Sanofi India Ltd,40,40,20',
].join('\n');

describe('medicines API', () => {
  let app: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({}, { logStream: { write: (line) => void logs.push(line) } });
    await importMedicinesCsv(app.database.db, SMALL_CSV);
  });
  afterAll(() => app.close());

  const recommend = (payload: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const resultsOf = (res: LightMyRequestResponse) => res.json().results as MedicineRecommendation[];

  it('a fresh app has the starter catalogue (at least 150 sourced medicines), seeded once', async () => {
    expect(STARTER_CATALOGUE.length).toBeGreaterThanOrEqual(150);
    const [row] = await sql<{ count: string | number; sourced: string | number }>(
      app,
      "select count(*) as count, count(*) filter (where source <> '' and source_url like 'https://%') as sourced from medicines where source_kind = 'starter'",
    );
    expect(Number(row?.count)).toBe(STARTER_CATALOGUE.length);
    expect(Number(row?.sourced)).toBe(STARTER_CATALOGUE.length);
    // Every start seeds again; that changes nothing.
    const again = await createMedicinesService({
      db: app.database.db,
      log: app.log,
      facts: createSafetyFacts(),
    }).seedStarterCatalogue();
    expect(again).toEqual({ inserted: 0, updated: 0, unchanged: STARTER_CATALOGUE.length });
  });

  it('is open to visitors, and signed-in users get the same answer', async () => {
    const visitor = await recommend({ symptoms: ['heartburn'] });
    expect(visitor.statusCode).toBe(200);
    const account = await signUp(app);
    const signedIn = await recommend({ symptoms: ['heartburn'] }, account.cookie);
    expect(signedIn.json()).toEqual(visitor.json());
  });

  it('explains every result: which symptom matched which of its uses', async () => {
    const res = await recommend({ symptoms: ['heartburn', 'runny nose'], person: { kind: 'adult' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.emergency).toBeNull();
    const results = resultsOf(res);
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(10);
    for (const r of results) {
      expect(r.matches.length).toBeGreaterThan(0);
      for (const m of r.matches) {
        expect(['heartburn', 'runny nose']).toContain(m.symptom);
        expect(r.uses).toContain(m.use);
      }
    }
    const forHeartburn = results.filter((r) => r.matches.some((m) => m.symptom === 'heartburn'));
    expect(forHeartburn.length).toBeGreaterThan(0);
    for (const r of forHeartburn) {
      expect(r.matches.find((m) => m.symptom === 'heartburn')?.use).toMatch(/heartburn|reflux|acid|indigestion/i);
    }
    // Both symptoms are answered, not ten antacids.
    expect(results.some((r) => r.matches.some((m) => m.symptom === 'runny nose'))).toBe(true);
    expect(body.unmatched).toEqual([]);
  });

  it('never suggests prescription-only medicines for self-treatment; over-the-counter ones come first', async () => {
    const results = resultsOf(await recommend({ symptoms: ['cough with phlegm', 'sneezing', 'diarrhoea', 'fever'] }));
    expect(results.length).toBeGreaterThan(0);
    const order = { otc: 0, unknown: 1, prescription: 2 };
    const ranks = results.map((r) => order[r.prescriptionStatus]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(results[0]?.prescriptionStatus).toBe('otc');
    for (const r of results) expect(r.isPrescriptionOnly).not.toBe(true);
    for (const r of results.filter((x) => x.prescriptionStatus === 'otc')) expect(r.isPrescriptionOnly).toBe(false);
  });

  it('folds near-identical products into one result and names the others', async () => {
    const results = resultsOf(await recommend({ symptoms: ['fever'] }));
    const names = results.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paracetamol = results.find((r) => r.name === 'Paracetamol (acetaminophen)');
    expect(paracetamol?.similarProducts).toContain('Dolo 650 Tablet');
    expect(names).not.toContain('Dolo 650 Tablet');
    expect(results.every((r) => !r.matches.some((m) => /hay fever/i.test(m.use)))).toBe(true);
  });

  it('gives nothing rather than unrelated medicines for nonsense, with a clear message', async () => {
    for (const symptoms of [['asdfgh qwerty'], ['zzz'], ['the and of'], ['pain']]) {
      const res = await recommend({ symptoms });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      if (symptoms[0] === 'pain') {
        // A real, if vague, symptom: pain relievers only.
        expect(resultsOf(res).every((r) => r.matches.every((m) => /pain|ache/i.test(m.use)))).toBe(true);
        continue;
      }
      expect(body).toMatchObject({
        emergency: null,
        results: [],
        unmatched: symptoms,
        message: NO_MEDICINES_MESSAGE,
        guidance: [],
      });
    }
  });

  it('says which symptoms matched nothing when others did', async () => {
    const body = (await recommend({ symptoms: ['headache', 'xylophone knees'] })).json();
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.unmatched).toEqual(['xylophone knees']);
    expect(body.message).toBe(
      'We found no medicine in our catalogue for: xylophone knees. A pharmacist can advise you.',
    );
  });

  it.each([
    [['chest pain'], EMERGENCY_MESSAGE, ['chest pain']],
    [['headache', 'Coughing up blood'], EMERGENCY_MESSAGE, ['Coughing up blood']],
    [['fever', 'stiff neck'], EMERGENCY_MESSAGE, ['fever', 'stiff neck']],
    [['I want to kill myself'], CRISIS_MESSAGE, ['I want to kill myself']],
  ])('red flags %j get the emergency notice instead of medicines', async (symptoms, message, matched) => {
    const res = await recommend({ symptoms });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toEqual([]);
    expect(body.emergency).toMatchObject({ message, matched });
    expect(body.emergency.message).toMatch(
      message === CRISIS_MESSAGE
        ? /crisis line or your local emergency number/
        : /call your local emergency number now/i,
    );
  });

  it.each([
    [{}, 'symptoms', 'required'],
    [{ symptoms: [] }, 'symptoms', undefined],
    [{ symptoms: 'headache' }, 'symptoms', undefined],
    [{ symptoms: ['a'] }, 'symptoms.0', undefined],
    [{ symptoms: ['headache', ' x '] }, 'symptoms.1', undefined],
    [{ symptoms: ['x'.repeat(SYMPTOM_MAX + 1)] }, 'symptoms.0', undefined],
    [{ symptoms: [42] }, 'symptoms.0', undefined],
    [{ symptoms: Array.from({ length: 11 }, (_, i) => `symptom ${i}`) }, 'symptoms', undefined],
    [{ symptoms: ['headache'], age: 40 }, 'age', 'unknown_field'],
  ])('refuses %j with a 400 naming %s', async (payload, field, rule) => {
    const res = await recommend(payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const error = res.json().errors[0];
    expect(error.field).toBe(field);
    if (rule) expect(error.rule).toBe(rule);
    expect(res.json().detail).toContain(field);
  });

  it('never sends the third-party image URL to the browser API', async () => {
    const res = await recommend({ symptoms: ['sneezing'], person: { kind: 'adult' } });
    expect(res.body).not.toContain('cdn.example.com');
    const cetzine = resultsOf(res).find(
      (r) => r.similarProducts.includes('Cetzine 10 Tablet') || r.name === 'Cetzine 10 Tablet',
    );
    expect(cetzine).toBeDefined();
    for (const r of resultsOf(res)) expect(r).not.toHaveProperty('imageUrl');
  });

  it('suggests symptoms in plain words, naming the synonym typed', async () => {
    const get = (q: string) => app.inject({ method: 'GET', url: `/api/medicines/symptoms?q=${encodeURIComponent(q)}` });
    expect((await get('rhin')).json().suggestions).toContainEqual({ label: 'Runny nose', matchedName: 'rhinitis' });
    expect((await get('heart')).json().suggestions[0]).toEqual({ label: 'Heartburn' });
    expect((await get('acid')).json().suggestions).toContainEqual({ label: 'Heartburn', matchedName: 'acid reflux' });
    expect((await get('pyrex')).json().suggestions).toEqual([{ label: 'Fever', matchedName: 'pyrexia' }]);
    expect((await get('')).json().suggestions.length).toBe(8);
    expect((await get('qqqq')).json().suggestions).toEqual([]);
    const tooLong = await get('x'.repeat(SYMPTOM_MAX + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].field).toBe('q');
  });

  it('never logs the symptoms', () => {
    const text = logs.join('\n');
    expect(text).toContain('/api/medicines/recommendations');
    for (const secret of ['heartburn', 'runny nose', 'kill myself', 'rhin', 'pyrex', 'xylophone'])
      expect(text).not.toContain(secret);
  });
});

describe('compatibility API: POST /compat/recommend_medicines', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await importMedicinesCsv(app.database.db, SMALL_CSV);
  });
  afterAll(() => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/compat/recommend_medicines', payload: payload as object });

  it('answers {recommended_medicines} with the legacy item fields, image URL included', async () => {
    const res = await post({ symptoms: ['sneezing'], extra: 'dropped' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.emergency).toBeNull();
    expect(body.recommended_medicines.length).toBeGreaterThan(0);
    for (const m of body.recommended_medicines) {
      expect(Object.keys(m).sort()).toEqual([
        'Composition',
        'Image URL',
        'Manufacturer',
        'Medicine Name',
        'Prescription',
        'Side_effects',
        'Uses',
      ]);
    }
    const imported = (await post({ symptoms: ['toothache'] })).json().recommended_medicines;
    expect(imported).toContainEqual(
      expect.objectContaining({
        'Medicine Name': 'Combiflam Tablet',
        'Image URL': 'https://cdn.example.com/combiflam.jpg',
        Manufacturer: 'Sanofi India Ltd',
        Prescription: 'Over the counter',
      }),
    );
  });

  it('answers red flags with an empty list and the emergency notice', async () => {
    const body = (await post({ symptoms: ['vomiting blood'] })).json();
    expect(body.recommended_medicines).toEqual([]);
    expect(body.emergency.message).toBe(EMERGENCY_MESSAGE);
  });

  it('answers errors as problem+json that also carry message and error', async () => {
    const res = await post({ symptoms: [] });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.errors[0].field).toBe('symptoms');
    expect(body.message).toBe(body.detail);
    expect(body.error).toBe(body.detail);
    // The rest of /compat keeps its own not-found handler.
    const missing = await app.inject({ method: 'GET', url: '/compat/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(missing.json().detail);
  });
});
