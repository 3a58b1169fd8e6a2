import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TYPING_MS_PER_WORD } from '@medibuddy/contracts';
import pino from 'pino';
import { openDatabase } from '../src/db/client';
import { medquadPath } from '../src/modules/knowledge/dataset-path';
import { createKnowledgeService } from '../src/modules/knowledge/knowledge.service';
import { importMedquad } from '../src/modules/knowledge/medquad';
import { withBenchApp } from './app';

/**
 * `npm run bench:chat -w server`: how long a visitor waits for the offline assistant, over HTTP, with MedQuAD
 * imported (see dataset-path.ts) into the app's new embedded database. The real app runs in a child process;
 * each question of the judged chat set (judged-chat-set.json: patients' wording, every category) is sent in
 * turn, ROUNDS times after a warm-up round, and timed from the request to the first `piece` event and to the end
 * of the stream. Also printed: how long the client's typing effect (TYPING_MS_PER_WORD a word) takes to show
 * the whole reply, which is what a user sees as "the answer takes N seconds". Target: first piece p95 < 300 ms.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET_P95_MS = 300;

type Timing = { first: number; total: number; words: number };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

async function ask(base: string, text: string): Promise<Timing> {
  const started = performance.now();
  const res = await fetch(`${base}/api/chat/messages`, {
    method: 'POST',
    // No Origin: the bench app listens on a port chosen at start, which its PUBLIC_ORIGIN cannot name.
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!res.ok || !res.body) throw new Error(`chat answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let received = '';
  let first: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    received += decoder.decode(value, { stream: true });
    if (first === null && received.includes('event: piece')) first = performance.now() - started;
  }
  const total = performance.now() - started;
  const text_ = [...received.matchAll(/^event: piece\ndata: (.*)$/gm)]
    .map((m) => (JSON.parse(m[1] as string) as { text: string }).text)
    .join('');
  return { first: first ?? Number.NaN, total, words: (text_.match(/\S+/g) ?? []).length };
}

function line(label: string, values: number[], unit = 'ms', digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(digits);
  return `  ${label.padEnd(34)} p50 ${f(percentile(sorted, 50))} ${unit}   p95 ${f(percentile(sorted, 95))} ${unit}   max ${f(sorted.at(-1) as number)} ${unit}`;
}

async function main() {
  const { file, isPresent } = medquadPath();
  if (!isPresent) {
    console.error(`medquad.json not found at ${file}; set MEDQUAD_JSON or ML_DATA_DIR.`);
    process.exitCode = 1;
    return;
  }
  const questions = (
    JSON.parse(readFileSync(new URL('../sets/chat/judged-chat-set.json', import.meta.url), 'utf8')) as {
      questions: { question: string }[];
    }
  ).questions.map((q) => q.question);
  await withBenchApp(
    async (base) => {
      for (const q of questions) await ask(base, q); // warm-up round
      const timings: Timing[] = [];
      for (let round = 0; round < ROUNDS; round += 1) for (const q of questions) timings.push(await ask(base, q));
      const firsts = timings.map((t) => t.first);
      const p95 = percentile(
        [...firsts].sort((a, b) => a - b),
        95,
      );
      console.log(
        `${timings.length} replies (${questions.length} questions of the judged chat set × ${ROUNDS}, after a warm-up round), offline assistant, over HTTP:\n` +
          `${line('time to the first piece', firsts)}\n` +
          `${line(
            'whole reply (server)',
            timings.map((t) => t.total),
          )}\n` +
          `${line(
            'words in a reply',
            timings.map((t) => t.words),
            'words',
          )}\n` +
          `${line(
            `typing it at ${TYPING_MS_PER_WORD} ms a word (client)`,
            timings.map((t) => (t.words * TYPING_MS_PER_WORD) / 1000),
            's',
            1,
          )}\n` +
          `  target: first piece p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`,
      );
    },
    {
      async prepare(dataDir) {
        const database = openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
        try {
          await database.migrate();
          const started = performance.now();
          const report = await importMedquad(database.db, readFileSync(file, 'utf8'));
          await createKnowledgeService({ db: database.db, log: pino({ level: 'silent' }) }).seedOwnContent();
          console.log(
            `Imported ${report.written} MedQuAD passages in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
          );
        } finally {
          await database.close();
        }
      },
    },
  );
}

await main();
