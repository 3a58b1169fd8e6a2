import { detectDistress, detectRedFlags } from '@medibuddy/contracts';
import { crisisScore, CRISIS_CLASSIFIER_THRESHOLDS } from '@medibuddy/contracts/crisis-classifier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helper';
import { withLineFirst } from './chat.service';
import { parseSse, startFakeOpenAi, type FakeLlmServer } from '../../../test/llm-servers';

/**
 * The distress safety net: a message that sounds like distress but raises no crisis red flag gets its ordinary
 * answer, preceded by a line naming the crisis helplines of the user's country. A model provider (a real local
 * server speaking the OpenAI protocol) still answers the question, and the line survives its failure part-way.
 */
describe('chat: the helpline line before the answer to distress the crisis patterns miss', () => {
  let fake: FakeLlmServer;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await buildTestApp({
      RATE_LIMITS: 'off',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: 'sk-test-openai-key',
      CHAT_MODEL: 'llama-test',
      CHAT_TIMEOUT_MS: '800',
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  /** The text as the web shows it: a reset forgets the pieces before it. */
  const ask = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/chat/messages', payload });
    expect(res.statusCode).toBe(200);
    let text = '';
    const events = parseSse(res.body);
    for (const e of events) {
      if (e.event === 'reset') text = '';
      if (e.event === 'piece') text += (e.data as { text: string }).text;
    }
    const done = events.find((e) => e.event === 'done')?.data as {
      kind: string;
      provider: string;
      helplineFirst?: boolean;
    };
    const sources = (events.find((e) => e.event === 'sources')?.data as { sources: { url: string }[] }).sources;
    return { text, done, sources };
  };

  it.each([
    [
      'IN',
      'i have sorted my will and said sorry to everyone',
      ['[14416](tel:14416)', '[1-800-891-4416](tel:18008914416)'],
      'telemanas.mohfw.gov.in',
    ],
    ['US', 'whats even the point anymore', ['[988](tel:988)'], '988lifeline.org'],
    ['GB', 'soon it wont matter anymore', ['[116 123](tel:116123)'], 'samaritans.org'],
  ])(
    'from %s, an indirect message the crisis patterns miss gets that country’s crisis lines first, then the answer',
    async (country, message, numbers, sourceHost) => {
      // The point of the net: this wording is not a crisis red flag.
      expect(detectRedFlags(message).filter((m) => m.flag.kind === 'crisis')).toEqual([]);
      fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
      const { text, done, sources } = await ask({ text: message, country });
      const [first] = text.split('\n\n');
      expect(first).toMatch(
        /^\*\*If you are having thoughts of ending your life or harming yourself, you can call .* now, any time\./,
      );
      for (const n of numbers) expect(first).toContain(n);
      expect(done.helplineFirst).toBe(true);
      expect(done.kind).not.toBe('emergency');
      expect(sources.some((s) => s.url.includes(sourceHost))).toBe(true);
    },
  );

  it('a message both pattern layers miss but the learned classifier scores over its threshold gets the line too', async () => {
    const message = 'ive been feeling really low and empty';
    expect(detectRedFlags(message)).toEqual([]);
    expect(detectDistress(message)).toEqual([]);
    expect(crisisScore(message)).toBeGreaterThanOrEqual(CRISIS_CLASSIFIER_THRESHOLDS.line);
    fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
    const { text, done } = await ask({ text: message, country: 'US' });
    expect(text).toMatch(/^\*\*If you are having thoughts .*\[988\]\(tel:988\) now, any time\./);
    expect(done.helplineFirst).toBe(true);
    expect(done.kind).not.toBe('emergency');
  });

  it.each([
    ['IN', 'honestly i dont see the point of waking up anymore', '[112](tel:112)'],
    ['GB', 'soon it wont matter anymore', '[999](tel:999)'],
    ['US', 'whats even the point anymore', '[911](tel:911)'],
  ])(
    'from %s, distress with no question a source answers (%s) gets words that listen after the line, not "no reliable source"',
    async (country, message, emergency) => {
      fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
      const { text, done, sources } = await ask({ text: message, country });
      const [line, ...rest] = text.split('\n\n');
      expect(line).toMatch(/^\*\*If you are having thoughts of ending your life/);
      const answer = rest.join('\n\n');
      expect(answer).toMatch(/^It sounds like things are very hard for you right now/);
      expect(answer).toContain(`If you are in danger now, call ${emergency} now.`);
      expect(answer).not.toMatch(/no reliable source|gout|A model answer/);
      expect(done.helplineFirst).toBe(true);
      expect(sources.some((s) => s.url.includes('help-for-suicidal-thoughts'))).toBe(true);
    },
  );

  it('with no country, the line names the local emergency number', async () => {
    fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
    const { text, done } = await ask({ text: 'i feel like a ghost, nobody would notice if i vanished' });
    expect(text).toMatch(
      /^\*\*If you are having thoughts .* your local emergency number \[112\]\(tel:112\) now, any time\./,
    );
    expect(done.helplineFirst).toBe(true);
  });

  it('a signed-in user’s saved reply keeps the line first, so the conversation shows it again', async () => {
    fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
    const alice = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'soon it wont matter anymore', country: 'IN' },
      headers: { cookie: alice.cookie },
    });
    const { conversationId } = parseSse(res.body).find((e) => e.event === 'done')?.data as { conversationId: string };
    const saved = await app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversationId}`,
      headers: { cookie: alice.cookie },
    });
    const reply = (saved.json() as { messages: { role: string; text: string }[] }).messages.find(
      (m) => m.role === 'assistant',
    );
    expect(reply?.text).toMatch(/^\*\*If you are having thoughts .*\[14416\]\(tel:14416\)/);
  });

  it('later replies of a conversation that held a crisis message keep the line; another user’s ordinary chat does not get it', async () => {
    fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
    const alice = await signUp(app);
    const send = async (text: string, conversationId?: string, cookie = alice.cookie) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        payload: { text, country: 'GB', conversationId },
        headers: { cookie },
      });
      const events = parseSse(res.body);
      const text_ = events
        .filter((e) => e.event === 'piece')
        .map((e) => (e.data as { text: string }).text)
        .join('');
      return {
        text: text_,
        done: events.find((e) => e.event === 'done')?.data as {
          conversationId: string;
          kind: string;
          helplineFirst: boolean;
        },
      };
    };
    const first = await send('i cant go on like this');
    expect(first.done.kind).toBe('emergency');
    const next = await send('What are the symptoms of type 2 diabetes?', first.done.conversationId);
    expect(next.done.helplineFirst).toBe(true);
    expect(next.text).toMatch(/^\*\*If you are having thoughts .*\[116 123\]\(tel:116123\)/);
    const bob = await signUp(app);
    const other = await send('What are the symptoms of type 2 diabetes?', undefined, bob.cookie);
    expect(other.done.helplineFirst).toBe(false);
    expect(other.text).not.toMatch(/If you are having thoughts/);
  });

  it('the line is sent first and again after a reset, so the web never forgets it with a failed model’s pieces', () => {
    const events: string[] = [];
    const out = withLineFirst(
      {
        piece: (t) => events.push(`piece:${t}`),
        notice: (t) => events.push(`notice:${t}`),
        reset: () => events.push('reset'),
      },
      'LINE',
    );
    out.piece('half an ans');
    out.reset();
    out.notice('offline');
    out.piece('answer');
    expect(events).toEqual([
      'piece:LINE',
      'piece:half an ans',
      'reset',
      'piece:LINE',
      'notice:offline',
      'piece:answer',
    ]);
  });

  it.each([
    'my knee is killing me',
    'how do i end a migraine',
    'when does the flu end',
    'tired all the time, could it be anaemia',
  ])('plain physical wording (%s) gets no line', async (message) => {
    fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
    const { text, done } = await ask({ text: message, country: 'IN' });
    expect(text).not.toMatch(/If you are having thoughts|14416/);
    expect(done.helplineFirst).toBe(false);
  });
});
