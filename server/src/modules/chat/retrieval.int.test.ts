import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat, type ChatReply } from '../../../test/chat';
import { hasDataset } from '../../../test/datasets';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { importMedquad, medquadPath } from '../knowledge';
import { checkSafety } from '../../reading/safety';
import { safetyReply } from '../../reading/safety-reply';
import { JUDGED_QUESTIONS, RED_FLAG_MESSAGES } from './judged-questions';

const dataset = medquadPath();
const { file } = dataset;
const isPresent = hasDataset('chat retrieval on the imported MedQuAD', dataset, 'set MEDQUAD_JSON or ML_DATA_DIR');
const TOP3_BAR = 0.8;
const OFF_TOPIC_BAR = 0.03;

async function ask(app: TestApp, text: string): Promise<ChatReply> {
  const reply = await askChat(app, text);
  expect(reply.status).toBe(200);
  return reply;
}

describe.skipIf(!isPresent)(
  isPresent
    ? 'chat retrieval on the imported MedQuAD'
    : `chat retrieval on MedQuAD (skipped: ${file} not found; set MEDQUAD_JSON or ML_DATA_DIR)`,
  () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildTestApp({ RATE_LIMITS: 'off' });
      const started = performance.now();
      const report = await importMedquad(app.database.db, readFileSync(file, 'utf8'));
      console.log(
        `MedQuAD import: ${report.written} passages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(report.written).toBeGreaterThan(16_000);
    }, 600_000); // 16k rows: ~20 s on an idle 2-core machine, several times that when it is busy
    afterAll(() => app?.close());

    it(`regression set in MedQuAD's own wording: the right topic for at least ${TOP3_BAR * 100}%, an unrelated one for at most ${OFF_TOPIC_BAR * 100}%`, async () => {
      expect(JUDGED_QUESTIONS.length).toBeGreaterThanOrEqual(50);
      const offTopic: string[] = [];
      const abstained: string[] = [];
      for (const { question, topic } of JUDGED_QUESTIONS) {
        const reply = await ask(app, question);
        if (reply.kind !== 'answer') {
          abstained.push(question);
          continue;
        }
        const top = reply.sources.slice(0, 3).map((s) => s.title);
        if (!top.some((t) => topic.test(t))) offTopic.push(`${question} → ${top.join(' | ') || '(none)'}`);
      }
      const n = JUDGED_QUESTIONS.length;
      const right = (n - offTopic.length - abstained.length) / n;
      console.log(
        `Chat retrieval (regression set): right topic ${(right * 100).toFixed(1)}%, abstained ${abstained.length}, off-topic ${offTopic.length} of ${n}` +
          (offTopic.length ? `\nOff-topic:\n  ${offTopic.join('\n  ')}` : '') +
          (abstained.length ? `\nAbstained:\n  ${abstained.join('\n  ')}` : ''),
      );
      expect(right).toBeGreaterThanOrEqual(TOP3_BAR);
      expect(offTopic.length / n).toBeLessThanOrEqual(OFF_TOPIC_BAR);
    }, 120_000);

    it('credits MedQuAD (CC BY 4.0) on the sources that come from it', async () => {
      const reply = await ask(app, 'What is Marfan syndrome?');
      const body = JSON.stringify(reply.sources);
      expect(body).toMatch(/Ben Abacha/);
      expect(body).toMatch(/CC BY 4\.0/);
    });

    it('re-importing the same items writes nothing', async () => {
      const again = JSON.stringify((JSON.parse(readFileSync(file, 'utf8')) as unknown[]).slice(0, 2000));
      const report = await importMedquad(app.database.db, again);
      expect(report.total).toBe(2000);
      expect(report.written).toBe(0);
    }, 120_000);
  },
);

describe('red-flag messages in the judged set', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => app?.close());

  it(`gives all ${RED_FLAG_MESSAGES.length} of them the emergency answer`, async () => {
    for (const message of RED_FLAG_MESSAGES) {
      const reply = await ask(app, message);
      expect(reply.kind, message).toBe('emergency');
      expect(reply.text, message).toMatch(/local emergency number|crisis line/);
      // An emergency reply cites the pages behind its numbers and advice, never a retrieved passage.
      expect(reply.sources).toEqual(safetyReply(checkSafety(message)).sources);
    }
  });
});
