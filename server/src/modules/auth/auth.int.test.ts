import { UserSchema } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieValue, signUp, sql, type TestApp } from '../../../test/helper';

describe('accounts: sign up, sign in, sign out, current user', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const signUpReq = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: payload as object });
  const signInReq = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: payload as object });
  const me = (cookie?: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
  const userCount = async () => Number((await sql<{ n: string }>(app, 'select count(*) as n from users'))[0]?.n);

  it('signs up: 201, the user, a welcome message and a session cookie; the password is stored as argon2id', async () => {
    const res = await signUpReq({ name: '  Ann Lee ', email: ' Ann.Lee@Example.ORG ', password: 'long enough pw' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Welcome to MediBuddy, Ann Lee!');
    expect(UserSchema.strict().parse(body.user)).toMatchObject({
      name: 'Ann Lee',
      email: 'ann.lee@example.org',
      avatarUrl: null,
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
    expect(res.body).not.toMatch(/argon|password|hash/i);
    expect(cookieValue(res, 'mb_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await sql<{ password_hash: string }>(
      app,
      "select password_hash from users where email = 'ann.lee@example.org'",
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers /session with the user when signed in and null for a visitor (never 401)', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    const res = await signUpReq({ name: 'Sam', email: 'session@example.org', password: 'long enough pw' });
    const cookie = `mb_session=${cookieValue(res, 'mb_session')}`;
    const signedIn = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(signedIn.json().user).toMatchObject({ name: 'Sam', email: 'session@example.org' });
    const stale = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'mb_session=not-a-session' },
    });
    expect(stale.json()).toEqual({ user: null });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, path /, 30 days, not Secure over http', async () => {
    const res = await signUpReq({ name: 'Cookie', email: 'cookie@example.org', password: 'long enough pw' });
    const cookie = res.cookies.find((c) => c.name === 'mb_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
  });

  it('stores the session only as a keyed hash of the cookie token', async () => {
    const res = await signUpReq({ name: 'Hashy', email: 'hashy@example.org', password: 'long enough pw' });
    const token = cookieValue(res, 'mb_session') as string;
    const rows = await sql<{ token_hash: string }>(
      app,
      `select s.token_hash from sessions s join users u on u.id = s.user_id where u.email = 'hashy@example.org'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('answers 409 email_taken naming email, also for the same address in other case and spacing', async () => {
    await signUp(app, { email: 'taken@example.org' });
    const before = await userCount();
    for (const email of ['taken@example.org', ' TAKEN@Example.org']) {
      const res = await signUpReq({ name: 'Other', email, password: 'another password' });
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'email_taken',
        errors: [{ field: 'email', rule: 'taken' }],
      });
      expect(res.cookies).toHaveLength(0);
    }
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ email: 'a@example.org', password: 'long enough pw' }, 'name', 'required'],
    [{ name: 'A', password: 'long enough pw' }, 'email', 'required'],
    [{ name: 'A', email: 'a@example.org' }, 'password', 'required'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough pw' }, 'email', undefined],
    [{ name: 'A', email: 'a@example.org', password: 'short' }, 'password', undefined],
    [{ name: 'A', email: 'a@example.org', password: 'x'.repeat(129) }, 'password', undefined],
    [{ name: '   ', email: 'a@example.org', password: 'long enough pw' }, 'name', undefined],
    [{ name: 'A', email: 'a@example.org', password: 'long enough pw', isAdmin: true }, 'isAdmin', 'unknown_field'],
  ])('refuses a bad sign-up %j with 400 naming %s, and stores nothing', async (payload, field, rule) => {
    const before = await userCount();
    const res = await signUpReq(payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem.code).toBe('validation_failed');
    const error = problem.errors.find((e: { field: string }) => e.field === field);
    expect(error, JSON.stringify(problem)).toBeDefined();
    if (rule) expect(error.rule).toBe(rule);
    expect(error.message).toEqual(expect.any(String));
    expect(await userCount()).toBe(before);
    expect(res.cookies).toHaveLength(0);
  });

  it('explains the password length rule in words', async () => {
    const res = await signUpReq({ name: 'A', email: 'a@example.org', password: 'short' });
    expect(res.json().detail).toContain('password must be at least 8 characters');
  });

  it('accepts any 8+ characters: no composition rules', async () => {
    const res = await signUpReq({ name: 'Plain', email: 'plain@example.org', password: 'aaaaaaaa' });
    expect(res.statusCode).toBe(201);
  });

  it('signs in with any case of the address; the cookie then opens /me', async () => {
    const account = await signUp(app, { email: 'sara@example.org', password: 'sara password 1' });
    const res = await signInReq({ email: ' SARA@example.org', password: 'sara password 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Signed in successfully.',
      user: { id: account.id, email: 'sara@example.org' },
    });
    const token = cookieValue(res, 'mb_session');
    expect(token).toBeTruthy();
    const who = await me(`mb_session=${token}`);
    expect(who.statusCode).toBe(200);
    expect(who.json().user).toMatchObject({ id: account.id, name: account.name, email: 'sara@example.org' });
    expect(who.body).not.toMatch(/hash|password/i);
  });

  it('answers a wrong password and an unknown address identically (401 invalid_credentials), no cookie', async () => {
    await signUp(app, { email: 'known@example.org', password: 'known password' });
    const wrong = await signInReq({ email: 'known@example.org', password: 'not the password' });
    const unknown = await signInReq({ email: 'nobody@example.org', password: 'not the password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.cookies).toHaveLength(0);
    }
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials', detail: 'The email or password is incorrect.' });
  });

  it('spends about as long on an unknown address as on a wrong password (a dummy hash is verified)', async () => {
    await signUp(app, { email: 'timed@example.org', password: 'timed password' });
    const time = async (email: string) => {
      const start = performance.now();
      await signInReq({ email, password: 'not the password' });
      return performance.now() - start;
    };
    await time('warm-up@example.org');
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time('timed@example.org'));
      unknown.push(await time(`ghost${i}@example.org`));
    }
    // Without the dummy verify an unknown address answers in ~1 ms against ~20+ ms for argon2.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('refuses sign-in without a password (400 naming password)', async () => {
    const res = await signInReq({ email: 'known@example.org' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'password', rule: 'required' })]);
  });

  it('answers /me with 401 problem+json without a cookie, with a junk cookie and with an unknown token', async () => {
    for (const cookie of [undefined, 'mb_session=junk', `mb_session=${'A'.repeat(43)}`]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'unauthenticated', detail: 'Please sign in to continue.' });
    }
  });

  it('treats an expired session as absent', async () => {
    const account = await signUp(app);
    expect((await me(account.cookie)).statusCode).toBe(200);
    await sql(app, `update sessions set expires_at = now() - interval '1 minute' where user_id = '${account.id}'`);
    expect((await me(account.cookie)).statusCode).toBe(401);
  });

  it('signs out: deletes the session, clears the cookie, and the old cookie no longer works', async () => {
    const account = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: account.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been signed out.' });
    const cleared = res.cookies.find((c) => c.name === 'mb_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
    expect((await me(account.cookie)).statusCode).toBe(401);
    const rows = await sql(app, `select 1 from sessions where user_id = '${account.id}'`);
    expect(rows).toHaveLength(0);
  });

  it('signs out fine when not signed in', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('You have been signed out.');
  });

  it('keeps other sessions of the same user when one signs out', async () => {
    const account = await signUp(app, { password: 'two devices pw' });
    const second = await signInReq({ email: account.email, password: 'two devices pw' });
    const secondCookie = `mb_session=${cookieValue(second, 'mb_session')}`;
    await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: account.cookie } });
    expect((await me(secondCookie)).statusCode).toBe(200);
  });

  it('documents every auth route in the OpenAPI document', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    for (const path of [
      '/api/auth/sign-up',
      '/api/auth/sign-in',
      '/api/auth/sign-out',
      '/api/auth/me',
      '/api/auth/password-reset/code',
      '/api/auth/password-reset/verify',
      '/api/auth/password',
      '/api/profile/avatar',
      '/api/feedback',
      '/compat/signup',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/api/auth/sign-up'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/auth/sign-up'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409']),
    );
  });
});

describe('session cookie over https', () => {
  it('is Secure when PUBLIC_ORIGIN is https', async () => {
    const app = await buildTestApp({ PUBLIC_ORIGIN: 'https://medibuddy.example' });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { origin: 'https://medibuddy.example' },
        payload: { name: 'Sec', email: 'sec@example.org', password: 'long enough pw' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === 'mb_session')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await app.close();
    }
  });
});
