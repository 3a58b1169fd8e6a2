import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppFromConfig } from '../../test/fault-app';
import { TEST_ORIGIN } from '../../test/helper';
import { parseSse } from '../../test/llm-servers';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../test/round-robin-proxy';
import { createScratchDatabase, type ScratchDatabase } from '../../test/throwaway-services';

const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const hasServices = Boolean(databaseServer && redisUrl);

const golden = (model: string, index = 0) =>
  readFileSync(path.resolve(import.meta.dirname, '../../models', model, 'golden', `${index}.png`));

// Outside CI the test needs a PostgreSQL and a Redis it may use; CI has both, so there a missing one is a failure.
// `npm test`'s pass on the embedded database blanks TEST_DATABASE_URL on purpose (TEST_EMBEDDED_PASS=1); the
// PostgreSQL pass that follows runs this test.
it.runIf(!hasServices && Boolean(process.env.CI) && !process.env.TEST_EMBEDDED_PASS)(
  'CI sets TEST_DATABASE_URL and TEST_REDIS_URL for the several-instances test',
  () => {
    expect.fail('TEST_DATABASE_URL and TEST_REDIS_URL must name a PostgreSQL server and a Redis server in CI');
  },
);

/**
 * Two instances on one PostgreSQL and one Redis behind a round-robin proxy (each request goes to the other
 * instance than the last, as nginx's default balancing does): sessions, rate limits, uploaded pictures (image
 * assessments' and profile pictures) and the chat work whichever instance answers. Each instance has a DATA_DIR of
 * its own, as on two machines.
 */
describe.skipIf(!hasServices)('several instances behind a proxy on PostgreSQL and Redis', () => {
  let database: ScratchDatabase;
  let proxy: RoundRobinProxy;
  const instances: FastifyInstance[] = [];
  let cookie = '';
  const email = `roundrobin-${randomBytes(4).toString('hex')}@example.org`;
  const password = 'a long enough password';

  beforeAll(async () => {
    database = await createScratchDatabase(databaseServer as string);
    // Started together on an empty database, as a fleet starts after a deploy: both migrate at once.
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl as string, TRUST_PROXY: '127.0.0.1' };
    const rateLimits = { signInPerEmail: { max: 3, windowMs: 60_000 } };
    instances.push(...(await Promise.all([0, 1].map(() => buildAppFromConfig(env, { rateLimits })))));
    const urls = await Promise.all(instances.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
    proxy = await startRoundRobinProxy(urls);
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    for (const app of instances) await app.close().catch(() => undefined);
    await database?.drop();
  });

  /** One request through the proxy, as the browser sends it (same origin, the session cookie). */
  const call = (url: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    return fetch(`${proxy.url}${url}`, {
      ...rest,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      headers: {
        origin: TEST_ORIGIN,
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
    });
  };
  /** Which instance answered the last request. */
  const lastAnswer = () => proxy.answeredBy.at(-1);

  it('keeps a session made on one instance on the other, and ends it on both', async () => {
    const up = await call('/api/auth/sign-up', { method: 'POST', json: { name: 'Robin', email, password } });
    expect(up.status).toBe(201);
    cookie = (up.headers.getSetCookie().find((c) => c.startsWith('mb_session=')) as string).split(';')[0] as string;
    const signedUpOn = lastAnswer();
    for (let i = 0; i < 4; i++) {
      const me = await call('/api/auth/me');
      expect(me.status).toBe(200);
      expect((await me.json()).user.email).toBe(email);
    }
    expect(new Set(proxy.answeredBy.slice(-4))).toEqual(new Set([0, 1]));
    expect(proxy.answeredBy.slice(-4)).toContain(1 - (signedUpOn as number));
    const consent = await call('/api/health-record/consent', {
      method: 'POST',
      json: { version: HEALTH_DATA_CONSENT_VERSION },
    });
    expect(consent.status).toBe(200);
  });

  it('counts failed sign-ins on both instances together', async () => {
    const saved = cookie;
    cookie = '';
    try {
      for (let i = 0; i < 3; i++) {
        const res = await call('/api/auth/sign-in', { method: 'POST', json: { email, password: 'wrong password' } });
        expect(res.status).toBe(401);
      }
      const limited = await call('/api/auth/sign-in', { method: 'POST', json: { email, password } });
      expect(limited.status).toBe(429);
    } finally {
      cookie = saved;
    }
  });

  it('reads a picture uploaded through one instance through either: result page, heatmap, picture, PDF', async () => {
    const form = new FormData();
    // Chest CT: the model whose heatmap is shown (heatmap-checks.json), so the heatmap is read across instances too.
    form.append('image', new Blob([new Uint8Array(golden('chest_ct'))], { type: 'image/png' }), 'picture.png');
    const res = await call('/api/assessments/ct-scan', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const { assessment } = await res.json();
    const uploadedOn = lastAnswer();

    // Each read twice in a row, so each instance answers it once: the one the upload did not reach included.
    const answered = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const page = await call(`/api/assessments/${assessment.id}`);
      expect(page.status).toBe(200);
      const { assessment: again } = await page.json();
      expect(again.image.heatmap).toMatch(/^data:image\/png;base64,/);
      expect(again.image.url).toBe(`/api/assessments/${assessment.id}/image`);
      answered.add(lastAnswer() as number);

      const picture = await call(assessment.image.url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
      answered.add(lastAnswer() as number);

      const pdf = await call(`/api/health-record/assessments/${assessment.id}/report.pdf`);
      expect(pdf.status).toBe(200);
      // The kept picture is drawn only when the instance could read it.
      expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('/Subtype /Image');
      answered.add(lastAnswer() as number);
    }
    expect(answered).toEqual(new Set([0, 1]));
    expect(answered.has(1 - (uploadedOn as number))).toBe(true);
  });

  it('serves a profile picture uploaded through one instance through either', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(golden('skin'))], { type: 'image/png' }), 'me.png');
    const res = await call('/api/profile/avatar', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const { imageUrl } = await res.json();
    const uploadedOn = lastAnswer();

    const answered = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const picture = await call(imageUrl);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
      answered.add(lastAnswer() as number);
    }
    expect(answered).toEqual(new Set([0, 1]));
    expect(answered.has(1 - (uploadedOn as number))).toBe(true);
    const me = await call('/api/auth/me');
    expect((await me.json()).user.avatarUrl).toBe(imageUrl);
  });

  it('answers the chat whichever instance gets the question, in one conversation', async () => {
    const ask = async (text: string, conversationId?: string) => {
      const res = await call('/api/chat/messages', {
        method: 'POST',
        json: { text, ...(conversationId ? { conversationId } : {}) },
      });
      expect(res.status).toBe(200);
      const events = parseSse(await res.text());
      const done = events.find((e) => e.event === 'done')?.data as { conversationId: string } | undefined;
      expect(events.some((e) => e.event === 'piece')).toBe(true);
      return { done: done as { conversationId: string }, by: lastAnswer() };
    };
    const first = await ask('what is a normal blood pressure');
    const second = await ask('and what is a normal heart rate', first.done.conversationId);
    expect(second.done.conversationId).toBe(first.done.conversationId);
    expect(second.by).not.toBe(first.by);
    const conversation = await call(`/api/chat/conversations/${first.done.conversationId}`);
    expect(conversation.status).toBe(200);
    const { messages } = await conversation.json();
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('signs out on one instance for both', async () => {
    expect((await call('/api/auth/sign-out', { method: 'POST' })).status).toBe(200);
    expect((await call('/api/auth/me')).status).toBe(401);
    expect((await call('/api/auth/me')).status).toBe(401);
  });
});
