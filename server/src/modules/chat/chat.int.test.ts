import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestAccount, type TestApp } from '../../../test/helper';
import { parseSse } from '../../../test/llm-servers';
import { deleteAllForUser } from './chat.repository';

describe('MediBuddy chat (offline assistant, no key configured)', () => {
  let app: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;
  beforeAll(async () => {
    // This file asks more than a client may in a minute; the limit has its own test below.
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    alice = await signUp(app);
    bob = await signUp(app);
  });
  afterAll(() => app?.close());

  const ask = async (payload: object, cookie?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload,
      headers: cookie ? { cookie } : {},
    });
    return { res, events: res.statusCode === 200 ? parseSse(res.body) : [] };
  };
  const doneOf = (events: { event: string; data: unknown }[]) =>
    events.find((e) => e.event === 'done')?.data as {
      conversationId: string | null;
      messageId: string | null;
      kind: string;
      provider: string;
    };
  const textOf = (events: { event: string; data: unknown }[]) =>
    events
      .filter((e) => e.event === 'piece')
      .map((e) => (e.data as { text: string }).text)
      .join('');

  it('answers a visitor from its own disease content, in pieces, with sources, and stores nothing', async () => {
    const { res, events } = await ask({ text: 'What are the symptoms of type 2 diabetes?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.filter((e) => e.event === 'piece').length).toBeGreaterThan(1);
    expect(textOf(events)).toMatch(/\*\*Type 2 diabetes\*\*/);
    const sources = (
      events.find((e) => e.event === 'sources')?.data as { sources: { title: string; url: string | null }[] }
    ).sources;
    expect(sources[0]?.title).toMatch(/Type 2 diabetes/);
    expect(sources[0]?.url).toMatch(/^https?:\/\/\S+$/);
    expect(doneOf(events)).toEqual({
      conversationId: null,
      messageId: null,
      kind: 'answer',
      provider: 'offline',
      helplineFirst: false,
    });
    expect(events.at(-1)?.event).toBe('done');
    expect(await sql(app, 'select id from chat_messages')).toHaveLength(0);
  });

  it('answers about a medicine from the starter catalogue', async () => {
    const { events } = await ask({ text: 'What is ibuprofen used for?' });
    expect(textOf(events)).toMatch(/Ibuprofen/);
    expect(doneOf(events).kind).toBe('answer');
  });

  it('says so when no source is found, rather than guessing', async () => {
    const { events } = await ask({ text: 'zxqv blorptang' });
    expect(textOf(events)).toMatch(
      /^I have no reliable source that answers this question, so I would rather not guess\. A doctor can answer it/,
    );
    expect(doneOf(events).kind).toBe('no_source');
    expect((events.find((e) => e.event === 'sources')?.data as { sources: unknown[] }).sources).toEqual([]);
  });

  it('gives the emergency answer for red flags, and the crisis line for self-harm', async () => {
    const chest = await ask({ text: 'I have chest pain and I am short of breath' });
    expect(doneOf(chest.events).kind).toBe('emergency');
    expect(textOf(chest.events)).toMatch(/Call your local emergency number now/);
    const crisis = await ask({ text: 'i want to end my life' });
    expect(textOf(crisis.events)).toMatch(/crisis line/);
  });

  it('refuses bad input with a problem naming the field and the rule', async () => {
    for (const [payload, rule] of [
      [{ text: '' }, /empty|at least/],
      [{ text: '   ' }, /empty|at least/],
      [{ text: 'a'.repeat(4001) }, /4000/],
      [{}, /required|text/],
      [{ text: 'hi', conversationId: 'not-a-uuid' }, /conversation id/],
    ] as const) {
      const { res } = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      const problem = res.json();
      expect(problem.errors[0].field).toMatch(/text|conversationId/);
      expect(problem.errors[0].message).toMatch(rule);
    }
  });

  it('stores a signed-in user’s conversation: list, reopen, continue, and nobody else’s', async () => {
    const first = await ask({ text: 'How can I prevent kidney stones?' }, alice.cookie);
    const { conversationId, messageId } = doneOf(first.events);
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);

    const second = await ask({ text: 'And what are the symptoms?', conversationId }, alice.cookie);
    expect(doneOf(second.events).conversationId).toBe(conversationId);
    // A follow-up that names no topic is searched with the conversation's last prompt.
    expect(doneOf(second.events).kind).toBe('answer');
    expect(textOf(second.events)).toMatch(/kidney stone/i);

    const list = await app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: alice.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().conversations).toEqual([
      expect.objectContaining({ id: conversationId, title: 'How can I prevent kidney stones?' }),
    ]);

    const opened = await app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversationId}`,
      headers: { cookie: alice.cookie },
    });
    expect(opened.statusCode).toBe(200);
    const messages = opened.json().messages as { role: string; text: string; sources: unknown[]; kind: string }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[0]?.text).toBe('How can I prevent kidney stones?');
    expect(messages[1]?.text).toBe(textOf(first.events));
    expect(messages[1]?.sources.length).toBeGreaterThan(0);

    // Bob sees none of it, cannot open, continue or delete it: 404, as if it did not exist.
    const bobList = await app.inject({
      method: 'GET',
      url: '/api/chat/conversations',
      headers: { cookie: bob.cookie },
    });
    expect(bobList.json().conversations).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/chat/conversations/${conversationId}`],
      ['DELETE', `/api/chat/conversations/${conversationId}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: { cookie: bob.cookie, origin: 'http://localhost:3000' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const hijack = await ask({ text: 'hello', conversationId: conversationId as string }, bob.cookie);
    expect(hijack.res.statusCode).toBe(404);
    expect(hijack.res.json().detail).toMatch(/start a new chat/);
    // A visitor cannot continue a stored conversation.
    expect((await ask({ text: 'hello', conversationId: conversationId as string })).res.statusCode).toBe(401);
    // Still all there for Alice.
    expect(await sql(app, `select id from chat_messages where conversation_id = '${conversationId}'`)).toHaveLength(4);
  });

  it('lists conversations only to signed-in users', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/chat/conversations' });
    expect(res.statusCode).toBe(401);
  });

  it('deletes one conversation, then all of a user’s', async () => {
    const a = doneOf((await ask({ text: 'What is glaucoma?' }, alice.cookie)).events).conversationId;
    const b = doneOf((await ask({ text: 'What is anemia?' }, alice.cookie)).events).conversationId;
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/chat/conversations/${a}`,
      headers: { cookie: alice.cookie },
    });
    expect(del.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/chat/conversations/${a}`,
      headers: { cookie: alice.cookie },
    });
    expect(again.statusCode).toBe(404);
    const ids = (await app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: alice.cookie } }))
      .json()
      .conversations.map((c: { id: string }) => c.id);
    expect(ids).toContain(b);
    expect(ids).not.toContain(a);

    await ask({ text: 'What is gout?' }, bob.cookie);
    const all = await app.inject({
      method: 'DELETE',
      url: '/api/chat/conversations',
      headers: { cookie: alice.cookie },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().deleted).toBe(ids.length);
    expect(
      (await app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: alice.cookie } })).json()
        .conversations,
    ).toEqual([]);
    // Bob's are untouched.
    expect(
      (await app.inject({ method: 'GET', url: '/api/chat/conversations', headers: { cookie: bob.cookie } })).json()
        .conversations,
    ).toHaveLength(1);
  });

  it('removes a user’s conversations with the account (foreign keys cascade), and deleteAllForUser works alone', async () => {
    const carol = await signUp(app);
    await ask({ text: 'What is melanoma?' }, carol.cookie);
    expect(await deleteAllForUser(app.database.db, carol.id)).toBe(1);
    await ask({ text: 'What is a cataract?' }, carol.cookie);
    await sql(app, `delete from users where id = '${carol.id}'`);
    expect(await sql(app, `select id from chat_conversations where user_id = '${carol.id}'`)).toHaveLength(0);
    expect(
      await sql(
        app,
        `select m.id from chat_messages m left join chat_conversations c on c.id = m.conversation_id where c.id is null`,
      ),
    ).toHaveLength(0);
  });

  it('refuses a cross-site post', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'hi' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('may be framed by its own site only (the home page widget embeds it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/chat/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'offline',
      model: null,
      knowledge: { disease: expect.any(Number), medicine: expect.any(Number) },
    });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'/);
  });
});

describe('chat rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { rateLimits: { chatPerIp: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => app?.close());

  it('answers 429 with Retry-After, before any stream, once a client sends too many messages', async () => {
    for (let i = 0; i < 2; i += 1) {
      const ok = await app.inject({ method: 'POST', url: '/api/chat/messages', payload: { text: 'What is gout?' } });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'POST', url: '/api/chat/messages', payload: { text: 'What is gout?' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Too many chat messages/);
  });
});
