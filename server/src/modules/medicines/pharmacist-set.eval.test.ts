import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SYMPTOM_MAX, type HealthCondition, type RecommendationsResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasDataset } from '../../../test/datasets';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedicinesCsv } from './csv-import';
import { medicinesCsvPath } from './dataset-path';
import { ingredientKeyOf } from './ingredients';

/**
 * The pharmacist's held-out set (server/sets/medicines/held-out-pharmacist.json): 80 queries written blind, from a
 * brief, before this finder was changed (decision 028), with the person (age, pregnancy, breastfeeding, own medicines,
 * conditions, country) and a pharmacist's good and unsafe ingredients. Measured, never tuned on: the figures are
 * printed with every run; the test fails only on a product unsafe for the person in a top 5.
 */
// PHARMACIST_SET=<file> measures another set of the same shape (the second blind set, held-out-pharmacist-2.json).
const SET = process.env.PHARMACIST_SET
  ? pathToFileURL(path.resolve(process.env.PHARMACIST_SET))
  : new URL('../../../sets/medicines/held-out-pharmacist.json', import.meta.url);

const QuerySchema = z.object({
  id: z.string(),
  language: z.enum(['en', 'hi', 'hi-Latn']),
  text: z.string(),
  person: z.object({
    age: z.number(),
    ageMonths: z.number().optional(),
    sex: z.string().optional(),
    pregnant: z.boolean().optional(),
    breastfeeding: z.boolean().optional(),
    medicines: z.array(z.string()).optional(),
    conditions: z.array(z.string()).optional(),
    // ISO 3166 writes the UK as GB (the third set does); the API's code is UK.
    country: z.preprocess((c) => (c === 'GB' ? 'UK' : c), z.enum(['IN', 'UK', 'US'])),
  }),
  complaint: z.string(),
  goodIngredients: z.array(z.string()),
  unsafeIngredients: z.array(z.string()),
  referInstead: z.boolean(),
});
type Query = z.infer<typeof QuerySchema>;
const QUERIES = z.object({ queries: z.array(QuerySchema) }).parse(JSON.parse(readFileSync(SET, 'utf8'))).queries;

/** The set's words for conditions, as the finder's form offers them; others are not sent (reported). */
const CONDITION_OF: Record<string, HealthCondition> = {
  'chronic kidney disease': 'kidney-disease',
  'kidney disease': 'kidney-disease',
  hypertension: 'high-blood-pressure',
  'high blood pressure': 'high-blood-pressure',
  asthma: 'asthma',
  'nsaid-sensitive asthma': 'asthma',
  diabetes: 'diabetes',
  'coronary heart disease': 'heart-disease',
  angina: 'heart-disease',
  'atrial fibrillation': 'heart-disease',
  'heart failure': 'heart-failure',
  'stomach ulcer': 'stomach-ulcer',
  // Offered by the form, not mapped before the second set was looked at (type 2 diabetes, liver disease, a past
  // peptic ulcer); glaucoma and an enlarged prostate were added to the form after it.
  'type 1 diabetes': 'diabetes',
  'type 2 diabetes': 'diabetes',
  'liver disease': 'liver-disease',
  'peptic ulcer history': 'stomach-ulcer',
  'angle-closure glaucoma': 'angle-closure-glaucoma',
  glaucoma: 'angle-closure-glaucoma',
  'benign prostatic hyperplasia': 'enlarged-prostate',
  // The third set's words for the form's conditions (mapped before it was run).
  'enlarged prostate': 'enlarged-prostate',
  'liver cirrhosis': 'liver-disease',
  cirrhosis: 'liver-disease',
};

/** The request the medicines page would send for this person. */
export function requestOf(q: Query) {
  const p = q.person;
  const person = p.pregnant
    ? { kind: 'pregnant' as const }
    : p.breastfeeding
      ? { kind: 'breastfeeding' as const }
      : p.age < 2
        ? { kind: 'child' as const, ageMonths: p.ageMonths ?? Math.round(p.age * 12) }
        : p.age < 16
          ? { kind: 'child' as const, ageYears: Math.floor(p.age) }
          : { kind: 'adult' as const, ageYears: Math.floor(p.age) };
  const conditions = [...new Set((p.conditions ?? []).flatMap((c) => CONDITION_OF[c.toLowerCase()] ?? []))];
  return {
    symptoms: [q.text.slice(0, SYMPTOM_MAX)],
    person,
    ...(p.medicines?.length ? { medicines: p.medicines } : {}),
    ...(conditions.length ? { conditions } : {}),
    country: p.country,
  };
}

const nameOf = (raw: string) => ingredientKeyOf([raw]);
const matches = (names: readonly string[], raw: string) => {
  const name = nameOf(raw);
  return names.some((n) => {
    const judged = nameOf(n);
    return judged === name || judged === name.split(' ')[0] || name.startsWith(`${judged} `);
  });
};

/**
 * Where a set's "unsafe" is stricter than the source it cites, corrected here in the open (each with its source), so
 * the test fails on what is unsafe for the person, not on a judge's slip. Listed by set file and query id.
 */
const CORRECTIONS: Record<string, Record<string, { ingredient: string; reason: string }>> = {
  'held-out-pharmacist.json': {
    // NHS Period pain: "You can take ibuprofen and aspirin … Do not take aspirin if you're under 16"; p23 is 17.
    p23: { ingredient: 'aspirin', reason: 'aspirin is for 16 and over (NHS Period pain); the person is 17' },
  },
};
const corrections = CORRECTIONS[path.basename(SET.pathname)] ?? {};
const corrected = (q: Query, raw: string) => {
  const c = corrections[q.id];
  return c !== undefined && nameOf(raw) === nameOf(c.ingredient);
};

type Outcome = {
  id: string;
  precision: number | null;
  abstained: boolean;
  unsafe: string[];
  referral: 'right' | 'products-shown' | null;
  guided: boolean;
  misses: string[];
};

function score(q: Query, body: RecommendationsResponse): Outcome {
  const top = body.results.slice(0, 5);
  const unsafe = top
    .filter((r) => r.ingredients.some((i) => matches(q.unsafeIngredients, i) && !corrected(q, i)))
    .map((r) => `${q.id} ${r.name}`);
  const guided = body.guidance.length > 0 || body.emergency !== null;
  if (q.referInstead) {
    const right = top.length === 0;
    return {
      id: q.id,
      precision: null,
      abstained: false,
      unsafe,
      referral: right ? 'right' : 'products-shown',
      guided,
      misses: right ? [] : [`${q.id} (referral): ${top.map((r) => r.name).join(', ')}`],
    };
  }
  if (top.length === 0) {
    return {
      id: q.id,
      precision: null,
      abstained: true,
      unsafe,
      referral: null,
      guided,
      misses: [`${q.id}: nothing listed`],
    };
  }
  const relevant = top.filter((r) => r.ingredients.every((i) => matches(q.goodIngredients, i)));
  return {
    id: q.id,
    precision: relevant.length / top.length,
    abstained: false,
    unsafe,
    referral: null,
    guided,
    misses: top.filter((r) => !relevant.includes(r)).map((r) => `${q.id} → ${r.name} (${r.ingredients.join(' + ')})`),
  };
}

const dataset = medicinesCsvPath();
const isPresent = hasDataset('the pharmacist set on the full catalogue', dataset, 'run on the starter catalogue only');

describe(`pharmacist's held-out set, written blind (${isPresent ? 'full catalogue' : 'starter catalogue only'})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    if (isPresent) await importMedicinesCsv(app.database.db, readFileSync(dataset.file, 'utf8'));
  }, 240_000);
  afterAll(() => app?.close());

  it('no product unsafe for the person in any top 5; P@5, abstentions, referrals and guidance reported', async () => {
    const outcomes: Outcome[] = [];
    for (const q of QUERIES) {
      const res = await app.inject({ method: 'POST', url: '/api/medicines/recommendations', payload: requestOf(q) });
      expect(res.statusCode, `${q.id}: ${res.body}`).toBe(200);
      outcomes.push(score(q, res.json() as RecommendationsResponse));
    }
    const answered = outcomes.filter((o) => o.precision !== null);
    const pAt5 = answered.reduce((s, o) => s + (o.precision ?? 0), 0) / Math.max(1, answered.length);
    const referrals = outcomes.filter((o) => o.referral !== null);
    const unsafe = outcomes.flatMap((o) => o.unsafe);
    const unguided = outcomes.filter((o) => !o.guided).map((o) => o.id);
    console.log(
      `Pharmacist's held-out set (${QUERIES.length} queries, blind)\n` +
        `  P@5 ${pAt5.toFixed(3)} over ${answered.length} answered; ${outcomes.filter((o) => o.abstained).length} abstentions (nothing listed)\n` +
        `  referrals: ${referrals.filter((o) => o.referral === 'right').length} of ${referrals.length} with no product\n` +
        `  unsafe for the person in a top 5: ${unsafe.length}${unsafe.length ? ` (${unsafe.join('; ')})` : ''}\n` +
        `  no guidance: ${unguided.length}${unguided.length ? ` (${unguided.join(', ')})` : ''}\n` +
        `  misses:\n    ${outcomes.flatMap((o) => o.misses).join('\n    ')}`,
    );
    // Safety is the bar; a referral answered with products that are not unsafe for the person is reported above.
    expect(unsafe).toEqual([]);
  }, 240_000);
});
