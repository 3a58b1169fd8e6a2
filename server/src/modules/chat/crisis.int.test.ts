import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helper';
import { parseSse, startFakeOpenAi, type FakeLlmServer } from '../../../test/llm-servers';

/**
 * Crisis and emergencies come first: the reply names the helplines of the user's country, and a configured
 * model provider (a real local server speaking the OpenAI protocol) never receives the message.
 */
describe('chat: crisis and emergency replies with local helplines', () => {
  let fake: FakeLlmServer;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.behave({ kind: 'stream', pieces: ['A model answer.'] });
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

  const ask = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/chat/messages', payload });
    const events = res.statusCode === 200 ? parseSse(res.body) : [];
    const text = events
      .filter((e) => e.event === 'piece')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    const done = events.find((e) => e.event === 'done')?.data as { kind: string; provider: string } | undefined;
    const sources =
      (events.find((e) => e.event === 'sources')?.data as { sources: { url: string }[] } | undefined)?.sources ?? [];
    return { res, text, done, sources };
  };

  it.each([
    ['IN', ['[14416](tel:14416)', '[1-800-891-4416](tel:18008914416)', '[112](tel:112)'], 'telemanas.mohfw.gov.in'],
    ['US', ['[988](tel:988)', '[911](tel:911)'], '988lifeline.org'],
    ['GB', ['[116 123](tel:116123)', '[999](tel:999)'], 'samaritans.org'],
    ['IE', ['[116 123](tel:116123)', '[112 or 999](tel:112)'], 'samaritans.org/ireland'],
    ['gb', ['[116 123](tel:116123)'], 'samaritans.org'],
  ])(
    'an indirect crisis message from %s gets that country’s crisis line and emergency number',
    async (country, numbers, sourceHost) => {
      const before = fake.requests.length;
      const { res, text, done, sources } = await ask({ text: 'i feel hopeless and want to end it', country });
      expect(res.statusCode).toBe(200);
      expect(done).toMatchObject({ kind: 'emergency', provider: 'offline' });
      expect(text).toMatch(/You do not have to face this alone/);
      for (const n of numbers) expect(text).toContain(n);
      expect(sources.some((s) => s.url.includes(sourceHost))).toBe(true);
      expect(fake.requests.length).toBe(before);
    },
  );

  it('with no country or one without its own lines, names the local emergency number', async () => {
    for (const payload of [
      { text: 'everyone would be better off without me' },
      { text: 'i dont want to wake up tomorrow', country: 'FR' },
    ]) {
      const { text, done } = await ask(payload);
      expect(done?.kind).toBe('emergency');
      expect(text).toMatch(/your local emergency number/i);
      expect(text).toContain('[112](tel:112)');
      expect(text).not.toMatch(/988|14416/);
    }
  });

  it('an overdose gets the poison-centre advice of the country, and never reaches the model', async () => {
    const before = fake.requests.length;
    const us = await ask({ text: 'I took about 30 paracetamol tablets an hour ago', country: 'US' });
    expect(us.done?.kind).toBe('emergency');
    expect(us.text).toContain('[1-800-222-1222](tel:18002221222)');
    expect(us.text).toMatch(/Do not make them sick/);
    const uk = await ask({ text: 'my child ate some pills', country: 'GB' });
    expect(uk.text).toContain('[111](tel:111)');
    expect(uk.text).toContain('[999](tel:999)');
    const india = await ask({ text: 'he drank antifreeze', country: 'IN' });
    expect(india.text).toMatch(/call 112/);
    expect(fake.requests.length).toBe(before);
  });

  it('an ordinary question still reaches the model', async () => {
    const before = fake.requests.length;
    const { done } = await ask({ text: 'What are the symptoms of type 2 diabetes?', country: 'IN' });
    expect(done?.kind).toBe('answer');
    expect(fake.requests.length).toBe(before + 1);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toMatch(/country/);
  });

  it('a crisis message earlier in a conversation is not in the history a model later gets', async () => {
    const alice = await signUp(app);
    const first = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'i cant go on like this', country: 'GB' },
      headers: { cookie: alice.cookie },
    });
    const conversationId = (parseSse(first.body).find((e) => e.event === 'done')?.data as { conversationId: string })
      .conversationId;
    expect(conversationId).toBeTruthy();
    const before = fake.requests.length;
    const next = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'What are the symptoms of type 2 diabetes?', conversationId },
      headers: { cookie: alice.cookie },
    });
    expect(next.statusCode).toBe(200);
    expect(fake.requests.length).toBe(before + 1);
    const sent = JSON.stringify(fake.requests.at(-1)?.body);
    expect(sent).toContain('type 2 diabetes');
    expect(sent).not.toMatch(/cant go on|Samaritans|116 123/);
  });

  it.each(['India', 'I', 12, 'U1'])('refuses a bad country (%j) with a problem naming the field', async (country) => {
    const { res } = await ask({ text: 'i want to end it all', country });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    const problem = res.json();
    expect(problem.errors[0].field).toBe('country');
    expect(problem.errors[0].message).toMatch(/two-letter country code|must be text/);
  });

  it('the medicine finder gives the emergency notice for an overdose, not medicines', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: { symptoms: ['took too many sleeping pills'] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toEqual([]);
    expect(body.emergency.flags.map((f: { id: string }) => f.id)).toContain('poisoning');
  });
});
