import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_BODIES } from './deep-bodies';
import { buildTestApp, signUp, TEST_ORIGIN, type TestApp } from './helper';

type Operation = { requestBody?: { content?: Record<string, unknown> } };

/**
 * Every route that takes a JSON body refuses one nested too deeply with a 400 naming the rule, before anything
 * walks it; the specification's compat routes too. A recursive walk once answered such a body with a 500.
 */
describe('JSON nested too deeply', () => {
  let app: TestApp;
  let cookie = '';
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    // Signed in, so that routes which check the session first reach the body too (the body never reaches a handler).
    cookie = (await signUp(app)).cookie;
  });
  afterAll(() => app.close());

  it('gets 400 max_depth on every JSON route of the API and on the compat routes', async () => {
    const doc = (await app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => op.requestBody?.content?.['application/json'])
        .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, crypto.randomUUID()) })),
    );
    routes.push({ method: 'POST', url: '/compat/login' }, { method: 'POST', url: '/compat/recommend_medicines' });
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, url } of routes) {
      for (const payload of DEEP_BODIES) {
        const res = await app.inject({
          method: method as 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().errors, `${method} ${url}`).toEqual([
          { field: 'body', rule: 'max_depth', message: 'must not nest deeper than 32 levels' },
        ]);
      }
    }
  }, 120_000);

  it('still accepts a body nested as deep as a real form', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: { symptoms: ['headache'] },
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
  });
});
