import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../test/helper';
import { describeWait, type RateLimits } from './rate-limit';

const minute = 60_000;
const small: Partial<RateLimits> = {
  signInPerEmail: { max: 3, windowMs: minute },
  signInPerIp: { max: 5, windowMs: minute },
  sendCodePerEmail: { max: 2, windowMs: 15 * minute },
  sendCodePerIp: { max: 4, windowMs: 60 * minute },
  verifyCodePerEmail: { max: 2, windowMs: minute },
  verifyCodePerIp: { max: 4, windowMs: minute },
  changePasswordPerUser: { max: 2, windowMs: minute },
};

let ipCounter = 0;
/** Each test its own client address, so one test's counters never leak into another's. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The wait in a one-minute window: 'wait 1 minute', or '59 seconds' when the attempts before it took a second. */
const A_MINUTE = /wait (1 minute|[1-5]?\d seconds) and/;

function expectLimited(res: LightMyRequestResponse, wait: RegExp, field?: string) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  const problem = res.json();
  expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(problem.detail).toMatch(/^Too many .+\. Please wait .+ and try again\.$/);
  expect(problem.detail).toMatch(wait);
  if (field) expect(problem.errors).toEqual([expect.objectContaining({ field, rule: 'rate_limited' })]);
  else expect(problem.errors).toBeUndefined();
}

describe('rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { rateLimits: small });
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress });

  it('limits sign-in per e-mail (any spelling of it) across addresses, with Retry-After and a wait in words', async () => {
    const account = await signUp(app, { password: 'right password' });
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/api/auth/sign-in', { email: account.email, password: 'wrong password' }, freshIp());
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      '/api/auth/sign-in',
      { email: ` ${account.email.toUpperCase()}`, password: 'right password' },
      freshIp(),
    );
    expectLimited(blocked, A_MINUTE, 'email');
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.cookies).toHaveLength(0);
    // Another account is not affected.
    const other = await signUp(app, { password: 'other password' });
    expect(
      (await post('/api/auth/sign-in', { email: other.email, password: 'other password' }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('limits sign-in per client address across e-mails', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/auth/sign-in', { email: `spray${i}@example.org`, password: 'guess guess' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await post('/api/auth/sign-in', { email: 'spray9@example.org', password: 'guess guess' }, ip),
      A_MINUTE,
    );
    expect(
      (await post('/api/auth/sign-in', { email: 'spray9@example.org', password: 'guess guess' }, freshIp())).statusCode,
    ).toBe(401);
  });

  it('limits code requests per e-mail and per address', async () => {
    const email = `limit-${randomBytes(3).toString('hex')}@example.org`;
    for (let i = 0; i < 2; i += 1)
      expect((await post('/api/auth/password-reset/code', { email }, freshIp())).statusCode).toBe(202);
    expectLimited(await post('/api/auth/password-reset/code', { email }, freshIp()), /wait 15 minutes/, 'email');

    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      expect((await post('/api/auth/password-reset/code', { email: `n${i}-${email}` }, ip)).statusCode).toBe(202);
    }
    expectLimited(await post('/api/auth/password-reset/code', { email: `n9-${email}` }, ip), /wait 1 hour/);
  });

  it('limits code verification per e-mail and per address', async () => {
    const email = `verify-${randomBytes(3).toString('hex')}@example.org`;
    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/auth/password-reset/verify', { email, code: '123456' }, freshIp())).statusCode).toBe(
        400,
      );
    }
    expectLimited(
      await post('/api/auth/password-reset/verify', { email, code: '123456' }, freshIp()),
      A_MINUTE,
      'email',
    );

    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await post('/api/auth/password-reset/verify', { email: `n${i}-${email}`, code: '123456' }, ip)).statusCode,
      ).toBe(400);
    }
    expectLimited(
      await post('/api/auth/password-reset/verify', { email: `n9-${email}`, code: '123456' }, ip),
      A_MINUTE,
    );
  });

  it('limits current-password guesses per signed-in user', async () => {
    const account = await signUp(app);
    const attempt = () =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: { cookie: account.cookie },
        payload: { newPassword: 'whatever new', currentPassword: 'a wrong guess' },
        remoteAddress: freshIp(),
      });
    for (let i = 0; i < 2; i += 1) expect((await attempt()).statusCode).toBe(400);
    expectLimited(await attempt(), A_MINUTE);
  });

  it('shares the counters with the compat API, whose 429 also carries message and error', async () => {
    const account = await signUp(app, { password: 'right password' });
    for (let i = 0; i < 3; i += 1)
      await post('/api/auth/sign-in', { email: account.email, password: 'wrong password' }, freshIp());
    const res = await post('/compat/login', { email: account.email, password: 'right password' }, freshIp());
    expectLimited(res, A_MINUTE, 'email');
    expect(res.json().message).toBe(res.json().detail);
    expect(res.json().error).toBe(res.json().detail);
  });
});

describe('rate limits switched off', () => {
  it('lets every attempt through when RATE_LIMITS=off', async () => {
    const app = await buildTestApp(
      { RATE_LIMITS: 'off' },
      { rateLimits: { signInPerEmail: { max: 1, windowMs: minute } } },
    );
    try {
      for (let i = 0; i < 4; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'off@example.org', password: 'whatever pw' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  it('counts attempts made on two instances together', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL as string };
    const rateLimits = { signInPerEmail: { max: 2, windowMs: minute } };
    const one = await buildTestApp(env, { rateLimits });
    const two = await buildTestApp(env, { rateLimits });
    try {
      const email = `redis-${randomBytes(4).toString('hex')}@example.org`;
      const attempt = (app: TestApp) =>
        app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'whatever pw' } });
      expect((await attempt(one)).statusCode).toBe(401);
      expect((await attempt(two)).statusCode).toBe(401);
      expect((await attempt(one)).statusCode).toBe(429);
      expect((await attempt(two)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, '1 hour'],
    [5400, '2 hours'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(describeWait(seconds)).toBe(words);
  });
});
