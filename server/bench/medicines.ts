import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../src/db/client';
import { importMedicinesCsv } from '../src/modules/medicines/csv-import';
import { medicinesCsvPath } from '../src/modules/medicines/dataset-path';
import { createSafetyFacts } from '../src/modules/medicines/medicine-safety-facts';
import { createMedicinesService } from '../src/modules/medicines/medicines.service';
import { SYMPTOM_VOCABULARY } from '../src/content/symptom-vocabulary';

/**
 * `npm run bench:medicines -w server`: the medicine search on the full catalogue. Imports Medicine_Details.csv
 * (see dataset-path.ts) into a new embedded database in a temp dir, then times QUERIES searches of three
 * symptoms each, drawn with a fixed seed from the symptom vocabulary (labels and other names, as people type
 * them), through the service. Prints p50/p95/p99 in ms; the target is p95 < 20 ms. Figures only.
 */

const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const WARM_UP = 20;
const TARGET_P95_MS = 20;

/** mulberry32: the same "random" queries on every run, so runs compare. */
function seededRandom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function main() {
  const { file, isPresent } = medicinesCsvPath();
  if (!isPresent) {
    console.error(`Medicine_Details.csv not found at ${file}; set MEDICINES_CSV or ML_DATA_DIR.`);
    process.exitCode = 1;
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'medibuddy-bench-medicines-'));
  const database = openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    let started = performance.now();
    await database.migrate();
    const service = createMedicinesService({
      db: database.db,
      log: pino({ level: 'silent' }),
      facts: createSafetyFacts(),
    });
    await service.seedStarterCatalogue();
    const migrated = performance.now() - started;
    started = performance.now();
    const report = await importMedicinesCsv(database.db, readFileSync(file, 'utf8'));
    const imported = performance.now() - started;
    console.log(
      `Embedded PostgreSQL (PGlite) in ${dir}: migrated and seeded in ${(migrated / 1000).toFixed(1)} s; ` +
        `imported ${report.inserted} products from ${path.basename(file)} in ${(imported / 1000).toFixed(1)} s ` +
        `(${report.duplicates} repeated, ${report.problems.length} malformed rows skipped).`,
    );

    const names = SYMPTOM_VOCABULARY.flatMap((e) => [e.label, ...e.synonyms.slice(0, 2)]);
    const random = seededRandom(20240501);
    const pick = () => names[Math.floor(random() * names.length)] as string;
    const queries = Array.from({ length: WARM_UP + QUERIES }, () => [pick(), pick(), pick()]);

    const times: number[] = [];
    let results = 0;
    for (const [i, symptoms] of queries.entries()) {
      const t = performance.now();
      const answer = await service.recommend(symptoms);
      const elapsed = performance.now() - t;
      if (i >= WARM_UP) {
        times.push(elapsed);
        results += answer.results.length;
      }
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((s, t) => s + t, 0) / times.length;
    const p95 = percentile(times, 95);
    console.log(
      `${QUERIES} searches of 3 symptoms (after ${WARM_UP} warm-up), ${(results / QUERIES).toFixed(1)} results each on average:\n` +
        `  p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms   ` +
        `mean ${mean.toFixed(1)} ms   max ${(times.at(-1) as number).toFixed(1)} ms\n` +
        `  target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
