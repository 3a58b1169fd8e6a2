import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, type ChatReply } from '../../../test/chat';
import { hasDataset } from '../../../test/datasets';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedquad, medquadPath } from '../knowledge';

/**
 * The held-out first-aid questions (first-aid-questions.held-out.json): ordinary first-aid and self-care questions
 * in patients' words, each with the topic a right answer is about. Asked through the API with MedQuAD imported;
 * each reply is on topic (a source title or the first line names the topic), a red-flag reply (the emergency
 * layer answered first: reported apart), an abstention, or off topic (an answer about something else).
 */
const HeldOutSchema = z.strictObject({
  note: z.string(),
  questions: z.array(z.strictObject({ question: z.string().min(3), about: z.string().min(1) })).min(30),
});
const heldOut = HeldOutSchema.parse(
  JSON.parse(readFileSync(new URL('../../../sets/chat/first-aid-questions.held-out.json', import.meta.url), 'utf8')),
);

type Verdict = 'on_topic' | 'emergency' | 'abstained' | 'off_topic';
export function judgeFirstAid(about: string, reply: ChatReply): Verdict {
  if (reply.kind === 'emergency') return 'emergency';
  if (reply.kind !== 'answer') return 'abstained';
  const re = new RegExp(about, 'i');
  const isAbout = re.test(reply.sources.map((s) => s.title).join(' | ')) || re.test(reply.text.split('\n')[0] ?? '');
  return isAbout ? 'on_topic' : 'off_topic';
}

/**
 * At least this many of the 30 answered on topic (a red-flag reply counts as neither right nor wrong): 5 before the
 * first-aid content, 19 with it. Most of the rest name no topic word ("spilt hot tea on his arm") or a word the
 * question analysis keeps as subject ("him", "daughters"), which no passage mentions.
 */
const ON_TOPIC_AT_LEAST = 19;

const dataset = medquadPath();
const isPresent = hasDataset('first-aid questions, MedQuAD imported', dataset, 'set MEDQUAD_JSON or ML_DATA_DIR');

describe.skipIf(!isPresent)('first-aid questions, MedQuAD imported', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    const report = await importMedquad(app.database.db, readFileSync(dataset.file, 'utf8'));
    expect(report.written).toBeGreaterThan(16_000);
  }, 600_000);
  afterAll(() => app?.close());

  it(`answers at least ${ON_TOPIC_AT_LEAST} of the held-out first-aid questions on topic, none off topic`, async () => {
    const tally: Record<Verdict, number> = { on_topic: 0, emergency: 0, abstained: 0, off_topic: 0 };
    const notRight: string[] = [];
    for (const q of heldOut.questions) {
      const reply = await askChat(app, q.question);
      expect(reply.status).toBe(200);
      const verdict = judgeFirstAid(q.about, reply);
      tally[verdict] += 1;
      if (verdict !== 'on_topic')
        notRight.push(
          `  ${verdict}: wanted /${q.about}/, got ${reply.sources.map((s) => s.title).join(' | ') || reply.text.slice(0, 60).replace(/\n/g, ' ')}`,
        );
    }
    const summary =
      `first-aid questions (held out, n=${heldOut.questions.length}): on topic ${tally.on_topic}, red-flag replies ${tally.emergency}, ` +
      `abstained ${tally.abstained}, OFF-TOPIC ${tally.off_topic}`;
    // Printed on purpose: the figures this set is here to give. Questions are not shown (held out).
    console.log(`${summary}\n${notRight.join('\n')}`);
    expect(tally.off_topic, summary).toBe(0);
    expect(tally.on_topic, summary).toBeGreaterThanOrEqual(ON_TOPIC_AT_LEAST);
  }, 600_000);
});
