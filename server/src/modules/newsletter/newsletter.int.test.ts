import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sql, type TestApp } from '../../../test/helper';

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('newsletter subscriptions (home page footer)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { rateLimits: { subscribePerIp: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => app.close());

  const subscribe = (payload: object, remoteAddress = freshIp(), headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload, remoteAddress, headers });
  const rows = () =>
    sql<{ email: string; created_at: unknown }>(
      app,
      'select email, created_at from newsletter_subscriptions order by created_at',
    );

  it('stores the address normalised and thanks the subscriber', async () => {
    const res = await subscribe({ email: '  Grace.Hopper@Example.ORG ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Thank you for subscribing to MediBuddy news. You can unsubscribe at any time from the Contact page.',
    });
    const stored = await rows();
    expect(stored.map((r) => r.email)).toContain('grace.hopper@example.org');
  });

  it('answers the same for an address already on the list, and keeps one row for it', async () => {
    const first = await subscribe({ email: 'twice@example.org' });
    const second = await subscribe({ email: 'TWICE@example.org' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect((await rows()).filter((r) => r.email === 'twice@example.org')).toHaveLength(1);
  });

  it.each([
    [{}, 'email', 'required'],
    [{ email: '' }, 'email', undefined],
    [{ email: 'not an address' }, 'email', undefined],
    [{ email: `${'a'.repeat(250)}@example.org` }, 'email', undefined],
    [{ email: 'ok@example.org', name: 'Ann' }, 'name', 'unknown_field'],
  ])(
    'refuses %j with a 400 problem naming the field and the rule, and stores nothing',
    async (payload, field, rule) => {
      const before = (await rows()).length;
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const error = res.json().errors[0];
      expect(error.field).toBe(field);
      expect(typeof error.rule).toBe('string');
      if (rule) expect(error.rule).toBe(rule);
      expect((await rows()).length).toBe(before);
    },
  );

  it('unsubscribes an address (any spelling of it), answering the same when it was not on the list', async () => {
    await subscribe({ email: 'leaving@example.org' });
    const unsubscribe = (email: string) =>
      app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { email }, remoteAddress: freshIp() });
    const res = await unsubscribe(' Leaving@Example.org');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Done. That address is not on the MediBuddy news list (any more).' });
    expect((await rows()).some((r) => r.email === 'leaving@example.org')).toBe(false);
    const again = await unsubscribe('leaving@example.org');
    expect(again.json()).toEqual(res.json());
    const bad = await unsubscribe('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('email');
  });

  it('refuses a cross-site form post (CSRF) and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await subscribe({ email: 'csrf@example.org' }, freshIp(), {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect((await rows()).length).toBe(before);
  });

  it('limits one network to a few subscriptions an hour, with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1)
      expect((await subscribe({ email: `many${i}@example.org` }, ip)).statusCode).toBe(200);
    const blocked = await subscribe({ email: 'many9@example.org' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(
      /^Too many subscriptions from your network\. Please wait .+ and try again\.$/,
    );
    expect((await rows()).some((r) => r.email === 'many9@example.org')).toBe(false);
  });
});
