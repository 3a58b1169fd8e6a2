import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../test/helper';

describe('a NUL character in a text field, and database errors in the log', () => {
  const lines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => app.close());

  const email = 'nul.person@example.org';
  const feedback = 'marker feedback about my rash';

  it('is refused as a 400 naming the field, on /api and /compat, and nothing is saved', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Pat\u0000', email, password: 'a long enough password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'name', rule: 'no_nul_character' })]);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Pat', email, password: 'a long enough password' },
    });
    expect(taken.statusCode).toBe(201);

    const { cookie } = await signUp(app);
    const fb = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { feedback: `${feedback}\u0000` },
      headers: { cookie },
    });
    expect(fb.statusCode).toBe(400);
    expect(fb.json().errors[0]).toMatchObject({ field: 'feedback', rule: 'no_nul_character' });

    const compat = await app.inject({
      method: 'POST',
      url: '/compat/submit',
      payload: { feedback: `${feedback}\u0000` },
      headers: { cookie },
    });
    expect(compat.statusCode).toBe(400);
    expect(compat.json().message).toMatch(/feedback must not contain a NUL character/);

    const query = await app.inject({ url: '/api/medicines/symptoms?q=a%00b' });
    expect(query.statusCode).toBeLessThan(500);
  });

  it('logs a database error by its code, never its message, parameters or detail', async () => {
    const marker = 'marker-param-7Q2';
    let caught: unknown;
    try {
      await app.database.db.execute(sql`select ${marker}::int`);
    } catch (err) {
      caught = err;
    }
    expect(String((caught as Error).message)).toContain(marker);
    app.log.error({ err: caught }, 'query failed');
    const text = lines.join('\n');
    expect(text).toContain('database error 22P02');
    for (const secret of [marker, email, feedback, 'argon2']) expect(text, secret).not.toContain(secret);
  });
});
