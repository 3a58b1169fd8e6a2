import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestApp } from '../../../test/helper';

describe('feedback', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const send = (payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/feedback', payload, headers: cookie ? { cookie } : {} });
  const rows = () =>
    sql<{ user_id: string; body: string; created_at: unknown }>(app, 'select user_id, body, created_at from feedback');

  it('stores the feedback with its author and time: 201 and a thank-you', async () => {
    const account = await signUp(app);
    const before = Date.now();
    const res = await send({ feedback: '  The forms are clear.  ' }, account.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Thank you for your feedback.' });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: account.id, body: 'The forms are clear.' });
    expect(new Date(stored[0]?.created_at as string).getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it('needs sign-in (401) and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await send({ feedback: 'anonymous' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await rows()).length).toBe(before);
  });

  it.each([
    [{}, 'required'],
    [{ feedback: '   ' }, undefined],
    [{ feedback: 'x'.repeat(5001) }, undefined],
    [{ feedback: 'ok', rating: 5 }, 'unknown_field'],
  ])('refuses %j with 400 naming the field, and stores nothing', async (payload, rule) => {
    const account = await signUp(app);
    const before = (await rows()).length;
    const res = await send(payload, account.cookie);
    expect(res.statusCode).toBe(400);
    const error = res.json().errors[0];
    expect(error.field).toBe(rule === 'unknown_field' ? 'rating' : 'feedback');
    if (rule) expect(error.rule).toBe(rule);
    expect((await rows()).length).toBe(before);
  });
});
