import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyedHash } from '../../plugins/session';
import { buildTestApp, cookieValue, signUp, sql, type TestApp } from '../../../test/helper';
import { codeIn, startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp';
import { multipartBody, picture } from '../../../test/uploads';

const PUBLIC = 'http://localhost:3000';
const LEGACY = 'http://legacy.example:5173';

/** A compat error: problem+json whose detail is repeated in message and error for the legacy client. */
function expectLegacyProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = res.json();
  expect(body.status).toBe(status);
  expect(body.detail).toEqual(expect.any(String));
  expect(body.message).toBe(body.detail);
  expect(body.error).toBe(body.detail);
  return body;
}

describe('compatibility API (/compat, docs/product.md#compat-api)', () => {
  let app: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    app = await buildTestApp({ SMTP_URL: smtp.url, CORS_ORIGINS: LEGACY });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  it('POST /signup answers {user: {name, email, profileImage}, message} and signs in', async () => {
    const res = await post('/compat/signup', {
      name: 'Legacy Lou',
      email: 'Lou@Example.org',
      password: 'legacy password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { name: 'Legacy Lou', email: 'lou@example.org', profileImage: null },
      message: 'Welcome to MediBuddy, Legacy Lou!',
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `mb_session=${cookieValue(res, 'mb_session')}` },
    });
    expect(me.json().user.email).toBe('lou@example.org');
  });

  it('POST /signup errors carry message and error (a taken address, a short password)', async () => {
    await signUp(app, { email: 'dupe@example.org' });
    const taken = expectLegacyProblem(
      await post('/compat/signup', { name: 'X', email: 'DUPE@example.org', password: 'long enough' }),
      409,
    );
    expect(taken.code).toBe('email_taken');
    const short = expectLegacyProblem(
      await post('/compat/signup', { name: 'X', email: 'x@example.org', password: 'short' }),
      400,
    );
    expect(short.errors[0]).toMatchObject({ field: 'password' });
    expect(short.message).toContain('password must be at least 8 characters');
  });

  it('POST /login answers {user, message}; a wrong password answers 401 with message', async () => {
    const account = await signUp(app, { name: 'Lena', password: 'lena password' });
    const res = await post('/compat/login', { email: account.email, password: 'lena password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { name: 'Lena', email: account.email, profileImage: null },
      message: 'Signed in successfully.',
    });
    expect(cookieValue(res, 'mb_session')).toBeTruthy();
    const wrong = expectLegacyProblem(
      await post('/compat/login', { email: account.email, password: 'nope nope' }),
      401,
    );
    expect(wrong.message).toBe('The email or password is incorrect.');
  });

  it('GET /logout refuses a cross-site request (a link on another site), and the session lives on', async () => {
    const account = await signUp(app);
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const res = await app.inject({
        method: 'GET',
        url: '/compat/logout',
        headers: { cookie: account.cookie, ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'csrf_rejected' });
    }
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: account.cookie } });
    expect(me.statusCode).toBe(200);
    // From its own page (same origin), the specification's client still signs out.
    const own = await app.inject({
      method: 'GET',
      url: '/compat/logout',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('GET /logout ends the session and answers {message}', async () => {
    const account = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/compat/logout', headers: { cookie: account.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been signed out.' });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: account.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('sendOTP -> verifyOTP (vOTP as a string) -> changePassword with the grant', async () => {
    const account = await signUp(app, { password: 'before reset' });
    const sent = await post('/compat/sendOTP', { email: account.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      message: 'If an account exists for that address, we have sent a 6-digit code to it. It expires in 10 minutes.',
    });
    const code = codeIn(await smtp.nextMessage());
    const verified = await post('/compat/verifyOTP', { email: account.email, vOTP: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Code verified. Choose a new password.' });
    const grant = `mb_reset=${cookieValue(verified, 'mb_reset')}`;

    const changed = await app.inject({
      method: 'PUT',
      url: '/compat/changePassword',
      payload: { newPassword: 'after reset' },
      headers: { cookie: grant },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Your password has been changed.' });
    expect((await post('/compat/login', { email: account.email, password: 'after reset' })).statusCode).toBe(200);
    expect((await post('/compat/login', { email: account.email, password: 'before reset' })).statusCode).toBe(401);
  });

  it('verifyOTP accepts vOTP as a number, leading zeros lost', async () => {
    const account = await signUp(app);
    expect((await post('/compat/sendOTP', { email: account.email })).statusCode).toBe(200);
    await smtp.nextMessage();
    // Pin the live code to one with a leading zero, as the server would have stored it.
    const hash = keyedHash(app.testConfig.sessionSecret, `${account.id}:012345`);
    await sql(app, `update password_reset_codes set code_hash = '${hash}' where user_id = '${account.id}'`);
    const res = await post('/compat/verifyOTP', { email: account.email, vOTP: 12345 });
    expect(res.statusCode).toBe(200);
    expect(cookieValue(res, 'mb_reset')).toBeTruthy();
  });

  it('verifyOTP errors name vOTP and carry message and error', async () => {
    const account = await signUp(app);
    await post('/compat/sendOTP', { email: account.email });
    const code = codeIn(await smtp.nextMessage());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = expectLegacyProblem(await post('/compat/verifyOTP', { email: account.email, vOTP: wrong }), 400);
    expect(bad.errors[0]).toMatchObject({ field: 'vOTP', rule: 'invalid' });
    expect(bad.message).toMatch(/request a new code/i);
    for (const vOTP of [1234567, 12.5, 'abc', '12345']) {
      const malformed = expectLegacyProblem(await post('/compat/verifyOTP', { email: account.email, vOTP }), 400);
      expect(malformed.errors[0].field).toBe('vOTP');
    }
  });

  it('sendOTP errors carry error (the field the legacy client reads)', async () => {
    const res = expectLegacyProblem(await post('/compat/sendOTP', { email: 'not-an-email' }), 400);
    expect(res.error).toContain('email');
  });

  it('changePassword needs the reset grant: a signed-in session alone is refused with 401', async () => {
    const account = await signUp(app, { password: 'session only pw' });
    const res = await app.inject({
      method: 'PUT',
      url: '/compat/changePassword',
      payload: { newPassword: 'hijacked password' },
      headers: { cookie: account.cookie },
    });
    const problem = expectLegacyProblem(res, 401);
    expect(problem.message).toMatch(/verify the code we e-mailed you/);
    expect((await post('/compat/login', { email: account.email, password: 'session only pw' })).statusCode).toBe(200);
  });

  it('handleFileUpload stores the avatar and answers {imageUrl, message} with an absolute URL', async () => {
    const account = await signUp(app, { password: 'avatar person' });
    const body = multipartBody('image', 'me.jpg', 'image/jpeg', await picture('jpeg', 300, 200));
    const res = await app.inject({
      method: 'POST',
      url: '/compat/handleFileUpload',
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl, message } = res.json();
    expect(message).toBe('Profile picture updated.');
    expect(imageUrl).toMatch(new RegExp(`^${PUBLIC}/uploads/avatars/[a-z0-9-]+\\.webp$`));
    expect((await app.inject(new URL(imageUrl).pathname)).statusCode).toBe(200);
    const login = await post('/compat/login', { email: account.email, password: 'avatar person' });
    expect(login.json().user.profileImage).toBe(imageUrl);

    const notImage = multipartBody('image', 'x.png', 'image/png', Buffer.from('plain text'));
    const refused = await app.inject({
      method: 'POST',
      url: '/compat/handleFileUpload',
      payload: notImage.payload,
      headers: { ...notImage.headers, cookie: account.cookie },
    });
    expect(expectLegacyProblem(refused, 400).errors[0]).toMatchObject({ field: 'image' });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/compat/handleFileUpload',
      payload: body.payload,
      headers: body.headers,
    });
    expectLegacyProblem(anonymous, 401);
  });

  it('submit stores feedback and answers {message}; needs sign-in', async () => {
    const account = await signUp(app);
    const res = await post('/compat/submit', { feedback: 'Works with my old client.' }, account.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you for your feedback.' });
    expect(await sql(app, `select 1 from feedback where user_id = '${account.id}'`)).toHaveLength(1);
    expectLegacyProblem(await post('/compat/submit', { feedback: 'anon' }), 401);
    expectLegacyProblem(await post('/compat/submit', { feedback: '' }, account.cookie), 400);
  });

  it('answers an unknown compat path with a legacy-shaped 404', async () => {
    expectLegacyProblem(await app.inject('/compat/predict_everything'), 404);
  });

  it('allows credentialed cross-origin calls from a configured origin', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/compat/login',
      headers: {
        origin: LEGACY,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(LEGACY);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const account = await signUp(app, { password: 'cross origin pw' });
    const res = await app.inject({
      method: 'POST',
      url: '/compat/login',
      payload: { email: account.email, password: 'cross origin pw' },
      headers: { origin: LEGACY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(LEGACY);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it("refuses another origin's POST (403 csrf_rejected, no CORS grant) and stores nothing", async () => {
    const evil = 'https://evil.example';
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/compat/signup',
      headers: { origin: evil, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const res = await app.inject({
      method: 'POST',
      url: '/compat/signup',
      payload: { name: 'Evil', email: 'evil@example.org', password: 'evil password' },
      headers: { origin: evil },
    });
    const problem = expectLegacyProblem(res, 403);
    expect(problem.code).toBe('csrf_rejected');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(await sql(app, "select 1 from users where email = 'evil@example.org'")).toHaveLength(0);
    const api = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Evil', email: 'evil@example.org', password: 'evil password' },
      headers: { origin: evil },
    });
    expect(api.statusCode).toBe(403);
  });
});
