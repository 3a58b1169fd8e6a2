import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/helper';

describe('the CSRF check and sign-out', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('refuses an Origin that only matches the Host header the client chose', async () => {
    const { cookie } = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { feedback: 'hello' },
      headers: { cookie, origin: 'https://evil.example', host: 'evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_rejected');
  });

  it('accepts the configured origin and its loopback twins', async () => {
    const { cookie } = await signUp(app);
    for (const origin of [TEST_ORIGIN, 'http://127.0.0.1:3000']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: { feedback: 'hello' },
        headers: { cookie, origin },
      });
      expect(res.statusCode, origin).toBe(201);
    }
    const otherPort = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { feedback: 'x' },
      headers: { cookie, origin: 'http://localhost:4000' },
    });
    expect(otherPort.statusCode).toBe(403);
  });

  it('signs out on an empty JSON body, and the session no longer works', async () => {
    const { cookie } = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    // A route that needs a body still says so, naming it.
    const empty = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { cookie: (await signUp(app)).cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'body' });
  });
});
