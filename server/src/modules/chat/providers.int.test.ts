import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, sql, type TestApp } from '../../../test/helper';
import { parseSse, startFakeGemini, startFakeOpenAi, type FakeLlmServer } from '../../../test/llm-servers';
import { BLOCKED_NOTICE, FALLBACK_NOTICE } from './compose';

/** The request body a provider received, in both protocols' shapes (each test reads its own). */
type SentBody = {
  generationConfig: unknown;
  safetySettings: unknown;
  systemInstruction: { parts: [{ text: string }] };
  contents: unknown[];
  messages: [{ role: string; content: string }, ...{ role: string; content: string }[]];
};

const QUESTION = 'What are the symptoms of type 2 diabetes?';

type Case = {
  name: 'gemini' | 'openai';
  start: () => Promise<FakeLlmServer>;
  env: (url: string) => Record<string, string>;
};

const cases: Case[] = [
  {
    name: 'gemini',
    start: startFakeGemini,
    env: (url) => ({
      GEMINI_API_KEY: 'test-gemini-key',
      GEMINI_BASE_URL: url,
      CHAT_MODEL: 'gemini-test',
      CHAT_TIMEOUT_MS: '800',
    }),
  },
  {
    name: 'openai',
    start: startFakeOpenAi,
    env: (url) => ({
      OPENAI_BASE_URL: `${url}/v1`,
      OPENAI_API_KEY: 'sk-test-openai-key',
      CHAT_MODEL: 'llama-test',
      CHAT_TIMEOUT_MS: '800',
    }),
  },
];

describe.each(cases)('chat through the $name protocol (a real local server)', ({ name, start, env }) => {
  let fake: FakeLlmServer;
  let app: TestApp;
  beforeAll(async () => {
    fake = await start();
    app = await buildTestApp(env(fake.url));
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const ask = async (text: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/chat/messages', payload: { text } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    return { events: parseSse(res.body), body: res.body };
  };
  const pieces = (events: { event: string; data: unknown }[]) =>
    events.filter((e) => e.event === 'piece').map((e) => (e.data as { text: string }).text);
  const done = (events: { event: string; data: unknown }[]) =>
    events.find((e) => e.event === 'done')?.data as Record<string, unknown>;

  it('streams the model’s pieces in order, grounded on the retrieved sources, with the default generation settings', async () => {
    fake.behave({
      kind: 'stream',
      pieces: ['Type 2 diabetes ', 'often causes **thirst** ', 'and tiredness [1].'],
      delayMs: 20,
    });
    const before = fake.requests.length;
    const { events, body } = await ask(QUESTION);
    expect(pieces(events)).toEqual(['Type 2 diabetes ', 'often causes **thirst** ', 'and tiredness [1].']);
    expect(done(events)).toMatchObject({ kind: 'answer', provider: name });
    const sources = events.find((e) => e.event === 'sources')?.data as { sources: { title: string }[] };
    expect(sources.sources.length).toBeGreaterThan(0);
    expect(sources.sources.map((s) => s.title).join(' ')).toMatch(/diabetes/i);
    expect(body).not.toContain('test-gemini-key');
    expect(body).not.toContain('sk-test-openai-key');

    expect(fake.requests.length).toBe(before + 1);
    const request = fake.requests.at(-1)!;
    const sent = request.body as SentBody;
    if (name === 'gemini') {
      expect(request.url).toMatch(/^\/v1(beta)?\/models\/gemini-test:streamGenerateContent\?alt=sse$/);
      expect(request.headers['x-goog-api-key']).toBe('test-gemini-key');
      expect(sent.generationConfig).toMatchObject({ temperature: 0.9, topK: 1, topP: 1, maxOutputTokens: 2048 });
      expect(sent.safetySettings).toEqual(
        [
          'HARM_CATEGORY_HARASSMENT',
          'HARM_CATEGORY_HATE_SPEECH',
          'HARM_CATEGORY_SEXUALLY_EXPLICIT',
          'HARM_CATEGORY_DANGEROUS_CONTENT',
        ].map((category) => ({ category, threshold: 'BLOCK_MEDIUM_AND_ABOVE' })),
      );
      const system = sent.systemInstruction.parts[0].text;
      expect(system).toMatch(/not a doctor/);
      expect(system).toMatch(/\[1\] .*diabetes/i);
      expect(sent.contents.at(-1)).toEqual({ role: 'user', parts: [{ text: QUESTION }] });
    } else {
      expect(request.headers.authorization).toBe('Bearer sk-test-openai-key');
      expect(sent).toMatchObject({ model: 'llama-test', stream: true, temperature: 0.9, top_p: 1, max_tokens: 2048 });
      expect(sent.messages[0].role).toBe('system');
      expect(sent.messages[0].content).toMatch(/\[1\] .*diabetes/i);
      expect(sent.messages.at(-1)).toEqual({ role: 'user', content: QUESTION });
    }
  });

  it('falls back to the offline assistant with a short notice when the provider answers an error', async () => {
    fake.behave({ kind: 'error', status: 500 });
    const { events, body } = await ask(QUESTION);
    expect(events.find((e) => e.event === 'notice')?.data).toEqual({ text: FALLBACK_NOTICE });
    expect(pieces(events).join('')).toMatch(/^From MediBuddy, on \*\*.*diabetes/i);
    expect(done(events)).toMatchObject({ kind: 'answer', provider: 'offline' });
    expect(body).not.toMatch(/unavailable|server had an error|500/i);
  });

  it('falls back when the provider does not finish within the timeout, discarding what it had sent', async () => {
    fake.behave({ kind: 'hang', pieces: ['Partial answer that never ends'] });
    const started = Date.now();
    const { events } = await ask(QUESTION);
    expect(Date.now() - started).toBeLessThan(5_000);
    const order = events.map((e) => e.event);
    expect(order.indexOf('reset')).toBeGreaterThan(order.indexOf('piece'));
    expect(order.indexOf('notice')).toBeGreaterThan(order.indexOf('reset'));
    expect(events.find((e) => e.event === 'notice')?.data).toEqual({ text: FALLBACK_NOTICE });
    const afterReset = events.slice(order.indexOf('reset')).filter((e) => e.event === 'piece');
    expect(afterReset.map((e) => (e.data as { text: string }).text).join('')).toMatch(/^From MediBuddy, on \*\*/);
    expect(done(events)).toMatchObject({ provider: 'offline' });
  });

  it('stops asking the provider when the user closes the page mid-answer, and keeps nothing of it', async () => {
    // Its own app with a long timeout, so only the closed page can end the provider's request.
    const patient = await buildTestApp({ ...env(fake.url), CHAT_TIMEOUT_MS: '60000' });
    try {
      const address = await patient.listen({ port: 0, host: '127.0.0.1' });
      const user = await signUp(patient);
      fake.behave({ kind: 'hang', pieces: ['The first words of an answer'] });
      const asked = fake.requests.length;
      const page = new AbortController();
      const res = await fetch(`${address}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        body: JSON.stringify({ text: QUESTION }),
        signal: page.signal,
      });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let received = '';
      while (!received.includes('event: piece')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before a piece: ${received}`);
        received += new TextDecoder().decode(value);
      }
      expect(fake.requests[asked]?.closedEarly).toBe(false);
      page.abort();
      await vi.waitFor(() => expect(fake.requests[asked]?.closedEarly).toBe(true), { timeout: 10_000, interval: 50 });
      await new Promise((r) => setTimeout(r, 200));
      expect(await sql(patient, 'select id from chat_messages')).toHaveLength(0);
    } finally {
      // The aborted fetch's keep-alive socket would hold close() open for its 72 s keep-alive.
      patient.server.closeAllConnections();
      await patient.close();
    }
  });

  it('falls back with its own notice when the provider blocks the reply', async () => {
    fake.behave({ kind: 'blocked' });
    const { events } = await ask(QUESTION);
    expect(events.find((e) => e.event === 'notice')?.data).toEqual({ text: BLOCKED_NOTICE });
    expect(done(events)).toMatchObject({ kind: 'answer', provider: 'offline' });
    fake.behave({ kind: 'blocked', pieces: ['Some words before the block'] });
    const second = await ask(QUESTION);
    expect(second.events.map((e) => e.event)).toContain('reset');
    expect(second.events.find((e) => e.event === 'notice')?.data).toEqual({ text: BLOCKED_NOTICE });
  });

  it('gives the provider the earlier turns of a signed-in user’s conversation', async () => {
    const user = await signUp(app);
    fake.behave({ kind: 'stream', pieces: ['Kidney stones are hard deposits [1].'] });
    const first = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'What are kidney stones?' },
      headers: { cookie: user.cookie },
    });
    const { conversationId } = done(parseSse(first.body)) as { conversationId: string };
    fake.behave({ kind: 'stream', pieces: ['Rest and ice [1].'] });
    await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'How is it treated?', conversationId },
      headers: { cookie: user.cookie },
    });
    const sent = fake.requests.at(-1)!.body as SentBody;
    if (name === 'gemini') {
      expect(sent.contents).toEqual([
        { role: 'user', parts: [{ text: 'What are kidney stones?' }] },
        { role: 'model', parts: [{ text: 'Kidney stones are hard deposits [1].' }] },
        { role: 'user', parts: [{ text: 'How is it treated?' }] },
      ]);
    } else {
      expect(sent.messages.slice(1)).toEqual([
        { role: 'user', content: 'What are kidney stones?' },
        { role: 'assistant', content: 'Kidney stones are hard deposits [1].' },
        { role: 'user', content: 'How is it treated?' },
      ]);
    }
  });

  it('never sends a red-flag message to the provider: the emergency answer comes at once', async () => {
    fake.behave({ kind: 'stream', pieces: ['should never be asked'] });
    const before = fake.requests.length;
    for (const text of ['I have crushing chest pain and my left arm is numb', 'I want to kill myself']) {
      const { events } = await ask(text);
      expect(done(events)).toMatchObject({ kind: 'emergency', provider: 'offline' });
      expect(pieces(events).join('')).toMatch(/emergency number|crisis line/);
    }
    expect(fake.requests.length).toBe(before);
  });
});
