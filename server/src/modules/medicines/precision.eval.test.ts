import { readFileSync } from 'node:fs';
import type { MedicineRecommendation } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDataset } from '../../../test/datasets';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedicinesCsv } from './csv-import';
import { medicinesCsvPath } from './dataset-path';
import { JUDGED_QUERIES, RED_FLAG_QUERIES, type JudgedQuery } from './judged-queries';

const dataset = medicinesCsvPath();
const { file } = dataset;
const isPresent = hasDataset(
  'search quality on the full imported catalogue',
  dataset,
  'set MEDICINES_CSV or ML_DATA_DIR',
);
const P_AT_5_BAR = 0.8;

/** A result is relevant when a use it matched is one the judged query asks for, and not a look-alike. */
function isRelevant(result: MedicineRecommendation, query: JudgedQuery): boolean {
  return result.matches.some((m) => query.relevant.test(m.use) && !query.wrong?.test(m.use));
}

describe.skipIf(!isPresent)(
  isPresent
    ? 'search quality on the full imported catalogue'
    : `search quality (skipped: ${file} not found; set MEDICINES_CSV or ML_DATA_DIR)`,
  () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildTestApp();
      const report = await importMedicinesCsv(app.database.db, readFileSync(file, 'utf8'));
      expect(report.inserted).toBeGreaterThan(11_000);
    }, 180_000);
    afterAll(() => app?.close());

    const search = async (symptoms: string[]) => {
      const res = await app.inject({ method: 'POST', url: '/api/medicines/recommendations', payload: { symptoms } });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        emergency: unknown;
        results: MedicineRecommendation[];
        guidance: { isSelfCareAppropriate: boolean }[];
      };
    };

    it(`has precision at 5 of at least ${P_AT_5_BAR} over the answered ones of ${JUDGED_QUERIES.length} judged queries`, async () => {
      expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(40);
      let precisionSum = 0;
      let answered = 0;
      const misses: string[] = [];
      // Nothing listed: the guidance says see a doctor (by design), or no product suits (an abstention, counted apart).
      const doctorFirst: string[] = [];
      const abstentions: string[] = [];
      for (const query of JUDGED_QUERIES) {
        const { emergency, results, guidance } = await search(query.symptoms);
        expect(emergency, query.symptoms.join(', ')).toBeNull();
        const top = results.slice(0, 5);
        const label = query.symptoms.join(' + ');
        if (top.length === 0) {
          (guidance.some((g) => !g.isSelfCareAppropriate) ? doctorFirst : abstentions).push(label);
          continue;
        }
        answered += 1;
        const relevant = top.filter((r) => isRelevant(r, query));
        precisionSum += relevant.length / top.length;
        for (const r of top.filter((x) => !isRelevant(x, query))) {
          misses.push(`${label} → ${r.name} (${r.matches.map((m) => m.use).join('; ')})`);
        }
      }
      const pAt5 = precisionSum / Math.max(1, answered);
      // Printed on purpose: the figure is reported with every run.
      console.log(
        `Medicine search P@5 = ${pAt5.toFixed(3)} over ${answered} answered of ${JUDGED_QUERIES.length} judged queries; ` +
          `${doctorFirst.length} answered "see a doctor" with no product (${doctorFirst.join(', ')}); ` +
          `${abstentions.length} abstentions (${abstentions.join(', ')})` +
          (misses.length ? `\nNot relevant:\n  ${misses.join('\n  ')}` : ''),
      );
      expect(pAt5).toBeGreaterThanOrEqual(P_AT_5_BAR);
      // Most complaints still get an answer: an empty page is not a way to be precise.
      expect(abstentions.length).toBeLessThanOrEqual(Math.floor(JUDGED_QUERIES.length / 4));
    }, 60_000);

    it(`answers all ${RED_FLAG_QUERIES.length} red-flag queries with the emergency notice and no medicine`, async () => {
      for (const symptoms of RED_FLAG_QUERIES) {
        const { emergency, results } = await search(symptoms);
        expect(emergency, symptoms.join(', ')).not.toBeNull();
        expect(results).toEqual([]);
      }
    });
  },
);
