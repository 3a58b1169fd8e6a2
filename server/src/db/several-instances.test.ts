import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppFromConfig } from '../../test/fault-app';
import { cookieValue } from '../../test/helper';
import { canRunPostgres, canRunRedis, startPostgres, startRedis, type ThrowawayPostgres, type ThrowawayRedis } from '../../test/throwaway-services';

/**
 * Two instances on one PostgreSQL and one Redis, as behind a round-robin proxy: each request goes to the
 * other instance than the last, and sessions, rate limits and the chat still work.
 */
describe.skipIf(!canRunPostgres() || !canRunRedis())('several instances on PostgreSQL and Redis', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  const instances: FastifyInstance[] = [];
  let turn = 0;
  beforeAll(async () => {
    pg = await startPostgres();
    redis = await startRedis();
    for (let i = 0; i < 2; i++) {
      instances.push(
        await buildAppFromConfig(
          { DATABASE_URL: pg.url, REDIS_URL: redis.url },
          { rateLimits: { signInPerEmail: { max: 3, windowMs: 60_000 } } },
        ),
      );
    }
  }, 180_000);
  afterAll(async () => {
    for (const app of instances) await app.close().catch(() => undefined);
    await redis?.stop();
    pg?.destroy();
  });

  /** The next instance in turn, as a round-robin proxy picks. */
  const next = () => instances[turn++ % instances.length] as FastifyInstance;

  it('keeps the session, the limits and the chat whichever instance answers', async () => {
    const email = 'roundrobin@example.org';
    const up = await next().inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Robin', email, password: 'a long enough password' } });
    expect(up.statusCode).toBe(201);
    const cookie = `mb_session=${cookieValue(up, 'mb_session')}`;
    for (let i = 0; i < 4; i++) {
      const me = await next().inject({ url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
    }

    // One counter for both: three wrong passwords spread over the two, then the fourth attempt is refused.
    for (let i = 0; i < 3; i++) {
      const res = await next().inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'wrong password' } });
      expect(res.statusCode).toBe(401);
    }
    const limited = await next().inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'a long enough password' } });
    expect(limited.statusCode).toBe(429);

    const asked = await next().inject({ method: 'POST', url: '/api/chat/messages', payload: { text: 'what is a normal blood pressure' }, headers: { cookie } });
    expect(asked.statusCode).toBe(200);
    const listed = await next().inject({ url: '/api/chat/conversations', headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('blood pressure');

    const out = await next().inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await next().inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  }, 60_000);
});
