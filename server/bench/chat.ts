import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createChatService } from '../src/modules/chat/chat.service';
import { JUDGED_QUESTIONS } from '../src/modules/chat/judged-questions';
import { medquadPath } from '../src/modules/knowledge/dataset-path';
import { createKnowledgeService } from '../src/modules/knowledge/knowledge.service';
import { importMedquad } from '../src/modules/knowledge/medquad';

/**
 * `npm run bench:chat -w server`: the offline assistant's time to the first piece of its reply, with MedQuAD
 * imported (see dataset-path.ts) into a new embedded database in a temp dir. Each question of the judged set is
 * asked in turn (QUERIES in all, after a warm-up) through the chat service, as a visitor: red-flag check,
 * full-text retrieval, composition, up to the first piece handed to the stream. Prints p50/p95/p99 in ms; the
 * target is p95 < 100 ms. Figures only.
 */

const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const WARM_UP = 30;
const TARGET_P95_MS = 100;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function main() {
  const { file, isPresent } = medquadPath();
  if (!isPresent) {
    console.error(`medquad.json not found at ${file}; set MEDQUAD_JSON or ML_DATA_DIR.`);
    process.exitCode = 1;
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'medibuddy-bench-chat-'));
  const database = openDatabase({ pgliteDir: path.join(dir, 'pglite') });
  try {
    const log = pino({ level: 'silent' });
    let started = performance.now();
    await database.migrate();
    const knowledge = createKnowledgeService({ db: database.db, log });
    await knowledge.seedOwnContent();
    const migrated = performance.now() - started;
    started = performance.now();
    const report = await importMedquad(database.db, readFileSync(file, 'utf8'));
    const imported = performance.now() - started;
    console.log(
      `Embedded PostgreSQL (PGlite) in ${dir}: migrated and seeded in ${(migrated / 1000).toFixed(1)} s; ` +
        `imported ${report.written} MedQuAD passages in ${(imported / 1000).toFixed(1)} s (${report.skipped.length} malformed items skipped).`,
    );

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0' }).chat;
    const chat = createChatService({ db: database.db, log, config, knowledge, provider: null });
    const times: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < WARM_UP + QUERIES; i += 1) {
      const { question } = JUDGED_QUESTIONS[i % JUDGED_QUESTIONS.length] as { question: string };
      const t = performance.now();
      let first: number | null = null;
      await chat.reply(
        null,
        { text: question },
        {
          piece: () => {
            first ??= performance.now() - t;
          },
          notice: () => {},
          reset: () => {},
        },
        new AbortController().signal,
      );
      if (i >= WARM_UP) {
        times.push(first ?? Number.NaN);
        totals.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    totals.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `${QUERIES} questions (${JUDGED_QUESTIONS.length} distinct, after ${WARM_UP} warm-up), offline assistant, time to the first piece:\n` +
        `  p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms   max ${(times.at(-1) as number).toFixed(1)} ms\n` +
        `  whole reply: p50 ${percentile(totals, 50).toFixed(1)} ms   p95 ${percentile(totals, 95).toFixed(1)} ms\n` +
        `  target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
