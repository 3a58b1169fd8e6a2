import { readFileSync } from 'node:fs';
import { readMessage } from '../src/reading/read';
import { checkSafety } from '../src/reading/safety';

/**
 * `npm run bench:reading -w server`: the time to read a message (read.ts) and to run the whole safety check on it
 * (the reading, the rules, the red flags' patterns and the distress classifier), over the Hindi and Hinglish judged
 * sets and the English chat set, ROUNDS times. Prints p50/p95/max in ms; the target is p95 <= 5 ms for reading.
 * Figures only, never a pass/fail.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const sets = ['messages.tuning.json', 'messages.held-out.json'].flatMap((f) =>
  (
    JSON.parse(readFileSync(new URL(`../sets/reading/${f}`, import.meta.url), 'utf8')) as {
      messages: { text: string }[];
    }
  ).messages.map((m) => m.text),
);
const english = (
  JSON.parse(readFileSync(new URL('../sets/chat/judged-chat-set.json', import.meta.url), 'utf8')) as {
    questions: { question: string }[];
  }
).questions.map((q) => q.question);
const texts = [...sets, ...english];

function time(label: string, f: (t: string) => unknown) {
  for (const t of texts) f(t); // warm up
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++)
    for (const t of texts) {
      const start = performance.now();
      f(t);
      times.push(performance.now() - start);
    }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  console.log(`${label}: ${times.length} messages, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
}

time('read a message', readMessage);
time('safety check', checkSafety);
