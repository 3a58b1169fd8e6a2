import { readFileSync } from 'node:fs';
import type { RecommendationsResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDataset } from '../../../test/datasets';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedicinesCsv } from './csv-import';
import { medicinesCsvPath } from './dataset-path';
import { ingredientKeyOf } from './ingredients';
import { HELD_OUT, TUNING, unsafeIngredientsFor, type JudgedSafetyQuery } from './judged-safety-queries';

const dataset = medicinesCsvPath();
const { file } = dataset;
// Without the CSV the set still runs, on the starter catalogue alone; CI must run it on the full catalogue.
const isPresent = hasDataset(
  'the judged set on the full imported catalogue',
  dataset,
  'set MEDICINES_CSV or ML_DATA_DIR; run here on the starter catalogue only',
);
const P_AT_5_BAR = 0.9;

type Outcome = { precision: number | null; isAbstention: boolean; unsafe: string[]; misses: string[] };

/**
 * One query's score. A product is relevant when every active ingredient is one the judge accepts for this
 * person. `noProducts` queries score 1 only when nothing is listed and the guidance says why; an empty answer
 * elsewhere is an abstention (reported apart), or right when the judge says nothing may be the answer.
 */
function score(query: JudgedSafetyQuery, body: RecommendationsResponse): Outcome {
  const top = body.results.slice(0, 5);
  const label = `${query.symptoms.join(' + ')} [${JSON.stringify(query.person ?? 'adult')}]`;
  const unsafeSet = unsafeIngredientsFor(query.person);
  const unsafe = top
    .filter((r) => r.ingredients.some((i) => unsafeSet.has(ingredientKeyOf([i]))))
    .map((r) => `${label} → ${r.name}`);
  if (query.noProducts) {
    const isRight = top.length === 0 && body.guidance.some((g) => !g.isSelfCareAppropriate);
    return {
      precision: isRight ? 1 : 0,
      isAbstention: false,
      unsafe,
      misses: isRight ? [] : [`${label}: products or no "see a doctor" guidance`],
    };
  }
  if (top.length === 0) {
    return query.mayBeEmpty
      ? { precision: 1, isAbstention: false, unsafe, misses: [] }
      : { precision: null, isAbstention: true, unsafe, misses: [`${label}: nothing listed`] };
  }
  const acceptable = new Set(query.acceptable);
  // The same substance under its salt's name ("chlorhexidine gluconate") is the one the judge named.
  const isAcceptable = (raw: string) => {
    const name = ingredientKeyOf([raw]);
    return acceptable.has(name) || acceptable.has(name.split(' ')[0] as string);
  };
  const relevant = top.filter((r) => r.ingredients.every(isAcceptable));
  const misses = top
    .filter((r) => !relevant.includes(r))
    .map((r) => `${label} → ${r.name} (${r.ingredients.join(' + ')})`);
  return { precision: relevant.length / top.length, isAbstention: false, unsafe, misses };
}

function summary(name: string, outcomes: Outcome[]) {
  const answered = outcomes.filter((o) => o.precision !== null);
  const pAt5 = answered.reduce((s, o) => s + (o.precision as number), 0) / Math.max(1, answered.length);
  const abstentions = outcomes.filter((o) => o.isAbstention).length;
  const unsafe = outcomes.flatMap((o) => o.unsafe);
  return {
    pAt5,
    abstentions,
    unsafe,
    line: `${name}: P@5 ${pAt5.toFixed(3)} over ${answered.length} answered of ${outcomes.length} queries; ${abstentions} abstentions (nothing listed where something was expected); ${unsafe.length} unsafe-for-the-person products in the top 5`,
    misses: outcomes.flatMap((o) => o.misses),
  };
}

describe(`judged set for the person-aware finder (${isPresent ? 'starter catalogue + imported Medicine_Details.csv' : 'starter catalogue only: Medicine_Details.csv not found'})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    if (isPresent) await importMedicinesCsv(app.database.db, readFileSync(file, 'utf8'));
  }, 240_000);
  afterAll(() => app?.close());

  const run = async (queries: JudgedSafetyQuery[]) => {
    const outcomes: Outcome[] = [];
    for (const q of queries) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/medicines/recommendations',
        payload: { symptoms: q.symptoms, ...(q.person ? { person: q.person } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      outcomes.push(score(q, res.json() as RecommendationsResponse));
    }
    return outcomes;
  };

  it(`has at least 80 queries, about 30 % held out; tuning P@5 ≥ ${P_AT_5_BAR} and no unsafe product in any top 5`, async () => {
    expect(TUNING.length + HELD_OUT.length).toBeGreaterThanOrEqual(80);
    expect(HELD_OUT.length / (TUNING.length + HELD_OUT.length)).toBeGreaterThanOrEqual(0.25);
    const tuning = summary('tuning', await run(TUNING));
    const heldOut = summary('held-out', await run(HELD_OUT));
    // Printed on purpose: both figures are reported with every run.
    console.log(
      `Person-aware medicine finder\n  ${tuning.line}\n  ${heldOut.line}` +
        (tuning.misses.length ? `\n  Tuning misses:\n    ${tuning.misses.join('\n    ')}` : '') +
        (tuning.unsafe.length || heldOut.unsafe.length
          ? `\n  UNSAFE:\n    ${[...tuning.unsafe, ...heldOut.unsafe].join('\n    ')}`
          : ''),
    );
    expect([...tuning.unsafe, ...heldOut.unsafe]).toEqual([]);
    expect(tuning.pAt5).toBeGreaterThanOrEqual(P_AT_5_BAR);
  }, 240_000);
});
