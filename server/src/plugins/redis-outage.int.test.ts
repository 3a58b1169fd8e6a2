import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { canRunRedis, startRedis, waitFor, type ThrowawayRedis } from '../../test/throwaway-services';

const minute = 60_000;

describe.skipIf(!canRunRedis())('rate limits while Redis is away', () => {
  let redis: ThrowawayRedis;
  let app: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    app = await buildTestApp(
      { REDIS_URL: redis.url },
      { rateLimits: { signInPerIp: { max: 3, windowMs: minute }, signUpPerIp: { max: 2, windowMs: minute } } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await redis?.stop();
  });

  const signIn = (ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nobody@example.org', password: 'a wrong password' },
      remoteAddress: ip,
    });
  const readiness = async () => (await app.inject('/readyz')).json();

  it('counts per process instead of letting every attempt through, and /readyz says degraded', async () => {
    expect(await waitFor(async () => (await readiness()).checks['rate-limit-store'] === 'ok', 5000)).toBe(true);
    // Shared counters while Redis answers.
    for (let i = 0; i < 3; i++) expect((await signIn('10.1.0.1')).statusCode).toBe(401);
    expect((await signIn('10.1.0.1')).statusCode).toBe(429);

    await redis.stop();
    for (let i = 0; i < 3; i++) expect((await signIn('10.1.0.2')).statusCode).toBe(401);
    const limited = await signIn('10.1.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'degraded',
      checks: { 'rate-limit-store': 'degraded', database: 'ok' },
    });

    // Redis comes back: the instance reconnects by itself and the shared counters are used again.
    await redis.start();
    expect(await waitFor(async () => (await readiness()).status === 'ok', 10_000)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await signIn('10.1.0.3')).statusCode).toBe(401);
    expect((await signIn('10.1.0.3')).statusCode).toBe(429);
  }, 30_000);

  it('limits sign-ups per client address (existence probes)', async () => {
    const signUp = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { name: 'Probe', email: `probe${n}@example.org`, password: 'a long enough password' },
        remoteAddress: '10.1.1.1',
      });
    expect((await signUp(1)).statusCode).toBe(201);
    expect((await signUp(1)).statusCode).toBe(409);
    const limited = await signUp(2);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many sign-ups from your network\. Please wait/);
    const compat = await app.inject({
      method: 'POST',
      url: '/compat/signup',
      payload: { name: 'Probe', email: 'probe3@example.org', password: 'a long enough password' },
      remoteAddress: '10.1.1.1',
    });
    expect(compat.statusCode).toBe(429);
  });
});
