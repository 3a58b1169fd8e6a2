import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, type ChatReply } from '../../../test/chat';
import { hasDataset } from '../../../test/datasets';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedquad, medquadPath } from '../knowledge';
import { DECLINE_ANSWER } from './respond';

/**
 * The judged set (judged-chat-set.json): questions written in patients' words, each with what a right reply does
 * (answer with its key facts, honestly abstain, or decline) — asked through the API with MedQuAD imported. Each
 * reply is judged as on-topic (the right subject and its key facts), incomplete (the right subject without the
 * key facts), an abstention or decline, or off-topic (about something else, or an answer where there should be
 * none: the wrong answer this set is here to catch). The held-out part was written first and is reported apart.
 */
const JudgedSetSchema = z.strictObject({
  note: z.string(),
  questions: z
    .array(
      z.strictObject({
        question: z.string().min(3),
        category: z.enum([
          'what_is',
          'symptoms',
          'causes',
          'treatment',
          'prevention',
          'dose',
          'interaction',
          'alcohol',
          'pregnancy',
          'children',
          'normal_value',
          'value',
          'out_of_scope',
          'unanswerable',
        ]),
        expect: z.enum(['answer', 'abstain', 'decline', 'any']),
        about: z.string().optional(),
        facts: z.array(z.string()).optional(),
        heldOut: z.boolean(),
      }),
    )
    .min(150),
});
const judged = JudgedSetSchema.parse(
  JSON.parse(readFileSync(new URL('../../../sets/chat/judged-chat-set.json', import.meta.url), 'utf8')),
);
const OFF_TOPIC_BAR = 0.03;

type Verdict = 'on_topic' | 'incomplete' | 'abstained' | 'declined' | 'emergency' | 'off_topic';
async function ask(app: TestApp, text: string): Promise<ChatReply> {
  const reply = await askChat(app, text);
  expect(reply.status).toBe(200);
  return reply;
}

export function judge(q: (typeof judged.questions)[number], reply: ChatReply): Verdict {
  const isDeclined = reply.text === DECLINE_ANSWER;
  // The red-flag layer runs first and errs towards safety: reported apart, neither right nor off-topic.
  if (reply.kind === 'emergency') return 'emergency';
  if (reply.kind !== 'answer') return isDeclined ? 'declined' : 'abstained';
  if (q.expect === 'abstain' || q.expect === 'decline') return 'off_topic';
  const about = new RegExp(q.about ?? '.', 'i');
  const isAbout =
    about.test(reply.sources.map((s) => s.title).join(' | ')) || about.test(reply.text.split('\n')[0] ?? '');
  if (!isAbout) return 'off_topic';
  const hasFacts = (q.facts ?? []).every((f) => new RegExp(f, 'i').test(reply.text));
  return hasFacts ? 'on_topic' : 'incomplete';
}

/** Whether a verdict is what the question wanted (an abstention is honest, but not what an answerable question wanted). */
const isRight = (q: (typeof judged.questions)[number], v: Verdict) =>
  q.expect === 'answer' || q.expect === 'any'
    ? v === 'on_topic' || (q.expect === 'any' && v === 'abstained')
    : q.expect === 'decline'
      ? v === 'declined'
      : v === 'abstained' || v === 'declined';

const dataset = medquadPath();
const { file } = dataset;

describe('the judged set itself', () => {
  it('has at least 150 questions, about 30% held out, in every category, and no MedQuAD template wording', () => {
    const { questions } = judged;
    const heldOut = questions.filter((q) => q.heldOut).length / questions.length;
    expect(heldOut).toBeGreaterThan(0.25);
    expect(heldOut).toBeLessThan(0.4);
    expect(new Set(questions.map((q) => q.category)).size).toBe(14);
    for (const q of questions) {
      expect(q.question, q.question).not.toMatch(
        /^(What is \(are\)|What are the symptoms of .+ \?$|What are the treatments for|How to diagnose|Is .+ inherited \?)/,
      );
      if (q.expect === 'answer') expect(q.about, q.question).toBeDefined();
    }
  });
});

const isPresent = hasDataset(
  'chat answers on the judged set, MedQuAD imported',
  dataset,
  'set MEDQUAD_JSON or ML_DATA_DIR',
);

describe.skipIf(!isPresent)('chat answers on the judged set, MedQuAD imported', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    const report = await importMedquad(app.database.db, readFileSync(file, 'utf8'));
    expect(report.written).toBeGreaterThan(16_000);
  }, 600_000);
  afterAll(() => app?.close());

  it(`answers on topic or abstains honestly; off-topic answers stay at or under ${OFF_TOPIC_BAR * 100}%, held-out part too`, async () => {
    const rows: { q: (typeof judged.questions)[number]; verdict: Verdict; reply: ChatReply }[] = [];
    for (const q of judged.questions) {
      const reply = await ask(app, q.question);
      rows.push({ q, verdict: judge(q, reply), reply });
    }
    const lines: string[] = [];
    for (const [label, part] of [
      ['held-out', rows.filter((r) => r.q.heldOut)],
      ['tuning', rows.filter((r) => !r.q.heldOut)],
      ['all', rows],
    ] as const) {
      const count = (v: Verdict) => part.filter((r) => r.verdict === v).length;
      const pct = (n: number) => `${((n / part.length) * 100).toFixed(1)}%`;
      lines.push(
        `${label} (${part.length}): right ${pct(part.filter((r) => isRight(r.q, r.verdict)).length)}; on-topic answers ${count('on_topic')}, ` +
          `incomplete ${count('incomplete')}, honest abstentions ${count('abstained')}, declines ${count('declined')}, red-flag replies ${count('emergency')}, ` +
          `OFF-TOPIC ${count('off_topic')} (${pct(count('off_topic'))})`,
      );
    }
    const categories = [...new Set(rows.map((r) => r.q.category))];
    for (const c of categories) {
      const part = rows.filter((r) => r.q.category === c);
      lines.push(
        `  ${c}: ${part.filter((r) => isRight(r.q, r.verdict)).length}/${part.length} right, ${part.filter((r) => r.verdict === 'off_topic').length} off-topic`,
      );
    }
    const show = (r: (typeof rows)[number]) =>
      `  [${r.q.heldOut ? 'held-out' : 'tuning'}] ${r.q.heldOut ? '(not shown: held out)' : r.q.question} → ${r.verdict}: ${r.reply.sources.map((s) => s.title).join(' | ') || r.reply.text.slice(0, 80).replace(/\n/g, ' ')}`;
    const offTopic = rows.filter((r) => r.verdict === 'off_topic');
    const notRight = rows.filter((r) => !isRight(r.q, r.verdict) && r.verdict !== 'off_topic');
    console.log(
      `Judged chat set:\n${lines.join('\n')}` +
        (offTopic.length ? `\nOff-topic:\n${offTopic.map(show).join('\n')}` : '') +
        (notRight.length
          ? `\nAbstained or incomplete where an answer was expected:\n${notRight.map(show).join('\n')}`
          : ''),
    );
    const rate = (part: typeof rows) => part.filter((r) => r.verdict === 'off_topic').length / part.length;
    expect(rate(rows)).toBeLessThanOrEqual(OFF_TOPIC_BAR);
    expect(rate(rows.filter((r) => r.q.heldOut))).toBeLessThanOrEqual(OFF_TOPIC_BAR);
    // Every reference-value and medicine-fact question of the tuning part has its facts in the data: those must be right.
    for (const r of rows.filter(
      (x) => !x.q.heldOut && ['value', 'normal_value', 'dose', 'alcohol', 'out_of_scope'].includes(x.q.category),
    )) {
      expect(isRight(r.q, r.verdict), `${r.q.question} → ${r.verdict}`).toBe(true);
    }
  }, 600_000);
});
