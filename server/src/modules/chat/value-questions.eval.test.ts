import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, type ChatReply } from '../../../test/chat';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { loadReferenceValues, ValueTimeframeSchema, type ValueTimeframe } from '../../content/reference-values';

/**
 * The held-out value questions (value-questions.held-out.json): numbers patients give, in their words, each with
 * how soon to act. Asked through the API; each reply is judged right, too calm (a later timeframe than wanted, or
 * no reading at all of a number that needs action), too alarming, or no answer. A reply's timeframe is read from
 * the bands it names (each band's label is printed in bold) and the red-flag layer's emergency reply.
 */
const HeldOutSchema = z.strictObject({
  note: z.string(),
  questions: z.array(z.strictObject({ question: z.string().min(3), expect: ValueTimeframeSchema })).min(25),
});
const heldOut = HeldOutSchema.parse(
  JSON.parse(readFileSync(new URL('../../../sets/chat/value-questions.held-out.json', import.meta.url), 'utf8')),
);
const values = loadReferenceValues();
const RANK: Record<ValueTimeframe, number> = { routine: 0, days: 1, today: 2, now: 3 };

export function timeframeOf(reply: ChatReply): ValueTimeframe | null {
  if (reply.kind === 'emergency' || reply.text.startsWith('**This needs attention now.**')) return 'now';
  if (reply.kind !== 'answer') return null;
  const named = values.measures.flatMap((m) => m.bands).filter((b) => reply.text.includes(`**${b.label}**`));
  if (named.length === 0) return null;
  return named.map((b) => b.timeframe).reduce((a, b) => (RANK[b] > RANK[a] ? b : a));
}

describe('held-out value questions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => app?.close());

  it('reads each number with the timeframe its sources give, and never too calmly', async () => {
    const tally = { right: 0, too_calm: 0, too_alarming: 0, no_answer: 0 };
    const wrong: string[] = [];
    for (const q of heldOut.questions) {
      const reply = await askChat(app, q.question);
      expect(reply.status).toBe(200);
      const got = timeframeOf(reply);
      const verdict =
        got === null
          ? 'no_answer'
          : got === q.expect
            ? 'right'
            : RANK[got] < RANK[q.expect]
              ? 'too_calm'
              : 'too_alarming';
      tally[verdict] += 1;
      if (verdict !== 'right') wrong.push(`${verdict}: "${q.question}" wanted ${q.expect}, got ${got ?? 'no reading'}`);
    }
    console.info(
      `value questions (held out, n=${heldOut.questions.length}): right ${tally.right}, too calm ${tally.too_calm}, too alarming ${tally.too_alarming}, no answer ${tally.no_answer}\n${wrong.join('\n')}`,
    );
    expect(tally.too_calm, wrong.join('\n')).toBe(0);
    expect(tally.no_answer, wrong.join('\n')).toBe(0);
  });
});
