import type { TriageSession } from '@medibuddy/contracts';
import { loadTriageAdvice } from '../src/content/triage/advice';
import { createEngine } from '../src/modules/triage/engine';
import { loadKnowledgeBase } from '../src/content/triage/knowledge-base';
import { answerFor, loadVignettes } from '../src/modules/triage/vignettes/vignettes';

/**
 * `npm run bench:triage -w server`: the time to choose each next question (or the result). Walks every
 * vignette (tuning and held-out) through the engine, answering from its facts, ROUNDS times, and also a
 * worst case (every answer "I don't know", so the candidates never narrow). Prints p50/p95/max in ms for the
 * engine step; the target is p95 <= 50 ms. Figures only, never a pass/fail.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TARGET_P95_MS = 50;

const kb = loadKnowledgeBase();
const engine = createEngine(kb, loadTriageAdvice());
const kinds = new Map(kb.features.map((f) => [f.id, f.kind]));
const vignettes = [...loadVignettes('tuning'), ...loadVignettes('holdout')];

function walk(session: TriageSession, answer: (questionId: string) => 'yes' | 'no' | 'dont_know', times: number[]) {
  let s = session;
  for (;;) {
    const t = performance.now();
    const step = engine.assess(s);
    times.push(performance.now() - t);
    if (!step.question) return;
    s = { ...s, answers: [...s.answers, { questionId: step.question.id, answer: answer(step.question.id) }] };
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function report(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = quantile(sorted, 0.95);
  console.log(
    `${name}: ${times.length} steps, p50 ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms ` +
      `(target p95 <= ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'})`,
  );
}

// Warm-up: one pass, not counted.
for (const v of vignettes)
  walk({ profile: v.profile, complaint: v.complaint, answers: [] }, (id) => answerFor(v, id, kinds.get(id)), []);

const times: number[] = [];
for (let r = 0; r < ROUNDS; r++)
  for (const v of vignettes)
    walk({ profile: v.profile, complaint: v.complaint, answers: [] }, (id) => answerFor(v, id, kinds.get(id)), times);
report(`vignettes (${vignettes.length} x ${ROUNDS})`, times);

const worst: number[] = [];
for (let r = 0; r < ROUNDS * 10; r++)
  walk({ profile: { age: 40, sex: 'female' }, complaint: 'i feel unwell', answers: [] }, () => 'dont_know', worst);
report('worst case (every answer "I don\'t know")', worst);
console.log(`knowledge base ${kb.version}: ${kb.conditions.length} conditions, ${kb.features.length} questions`);
