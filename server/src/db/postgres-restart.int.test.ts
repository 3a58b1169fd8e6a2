import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppFromConfig } from '../../test/fault-app';
import { cookieValue } from '../../test/helper';
import { canRunPostgres, sleep, startPostgres, waitFor, type ThrowawayPostgres } from '../../test/throwaway-services';

describe.skipIf(!canRunPostgres())('a PostgreSQL restart', () => {
  let pg: ThrowawayPostgres;
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    pg = await startPostgres();
    app = await buildAppFromConfig({ DATABASE_URL: pg.url });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Rita Restart', email: 'rita@example.org', password: 'a long enough password' },
    });
    expect(res.statusCode).toBe(201);
    cookie = `mb_session=${cookieValue(res, 'mb_session')}`;
  }, 120_000);
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    pg?.destroy();
  });

  const me = () => app.inject({ url: '/api/auth/me', headers: { cookie } });

  it('answers 503 with Retry-After while the database is down, /readyz 503, and recovers by itself', async () => {
    // Open several pooled connections so the server's shutdown notice (57P01) reaches idle clients.
    await Promise.all(Array.from({ length: 5 }, () => me()));
    pg.stop();
    await sleep(200);
    const down = await me();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ code: 'database_unavailable' });
    expect(down.body).not.toMatch(/ECONNREFUSED|select|rita/i);
    const notReady = await app.inject('/readyz');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().checks.database).toBe('failing');

    pg.start();
    expect(await waitFor(async () => (await app.inject('/readyz')).json().checks.database === 'ok', 10_000)).toBe(true);
    const back = await me();
    expect(back.statusCode).toBe(200);
    expect(back.json().user.email).toBe('rita@example.org');
  }, 60_000);

  it('rides through a quick restart: a read sent while the server starts again is answered', async () => {
    await Promise.all(Array.from({ length: 5 }, () => me()));
    pg.stop();
    const pending = me();
    pg.start();
    const res = await pending;
    expect(res.statusCode).toBe(200);
  }, 60_000);
});
