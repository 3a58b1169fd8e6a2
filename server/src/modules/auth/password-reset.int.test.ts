import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  cookieValue,
  ROOMY_IP_LIMITS,
  signUp,
  sql,
  type TestAccount,
  type TestApp,
} from '../../../test/helper';
import { closedPort, codeIn, startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp';

const SENT = 'If an account exists for that address, we have sent a 6-digit code to it. It expires in 10 minutes.';

describe('password recovery by e-mailed code (real SMTP server)', () => {
  let app: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    app = await buildTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'MediBuddy <no-reply@medibuddy.test>' },
      { rateLimits: ROOMY_IP_LIMITS },
    );
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const sendCode = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/password-reset/code', payload: { email } });
  const verify = (email: string, code: string) =>
    app.inject({ method: 'POST', url: '/api/auth/password-reset/verify', payload: { email, code } });
  const changePassword = (payload: object, cookie?: string) =>
    app.inject({ method: 'PUT', url: '/api/auth/password', payload, headers: cookie ? { cookie } : {} });
  const signIn = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  /** Sends a code and reads it from the e-mail. */
  async function codeFor(account: TestAccount): Promise<string> {
    const res = await sendCode(account.email);
    expect(res.statusCode).toBe(202);
    const mail = await smtp.nextMessage();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(account.email);
    return codeIn(mail);
  }

  /** Goes through code and verify; returns the mb_reset cookie header. */
  async function grantFor(account: TestAccount): Promise<string> {
    const res = await verify(account.email, await codeFor(account));
    expect(res.statusCode).toBe(200);
    return `mb_reset=${cookieValue(res, 'mb_reset')}`;
  }

  it('e-mails a 6-digit code and answers 202 with the neutral message; the code is stored only hashed', async () => {
    const account = await signUp(app, { name: 'Mia' });
    const res = await sendCode(` ${account.email.toUpperCase()} `);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SENT });
    const mail = await smtp.nextMessage();
    expect(mail.from?.text).toContain('no-reply@medibuddy.test');
    expect(mail.subject).toBe('Your MediBuddy password reset code');
    expect(mail.text).toContain('Hello Mia');
    expect(mail.text).toContain('expires in 10 minutes');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(code);
    const rows = await sql<{ code_hash: string; attempts: number }>(
      app,
      `select code_hash, attempts from password_reset_codes where user_id = '${account.id}'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });

  it('answers an unknown address exactly like a known one, sends nothing and stores nothing', async () => {
    const before = smtp.messages.length;
    const res = await sendCode('nobody-here@example.org');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SENT });
    await new Promise((r) => setTimeout(r, 150));
    expect(smtp.messages.length).toBe(before);
    expect(
      await sql(
        app,
        "select 1 from password_reset_codes pc join users u on u.id = pc.user_id where u.email = 'nobody-here@example.org'",
      ),
    ).toHaveLength(0);
  });

  it('refuses a malformed address with 400 naming email', async () => {
    const res = await sendCode('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'email' });
  });

  it('verifies the right code: 200, an httpOnly mb_reset cookie for 15 minutes, a hashed grant; the code is spent', async () => {
    const account = await signUp(app);
    const code = await codeFor(account);
    const res = await verify(account.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Code verified. Choose a new password.' });
    const cookie = res.cookies.find((c) => c.name === 'mb_reset');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 15 * 60 });
    const grants = await sql<{ token_hash: string }>(
      app,
      `select token_hash from password_reset_grants where user_id = '${account.id}'`,
    );
    expect(grants).toHaveLength(1);
    expect(grants[0]?.token_hash).not.toContain(cookie?.value);
    expect(await sql(app, `select 1 from password_reset_codes where user_id = '${account.id}'`)).toHaveLength(0);

    const again = await verify(account.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([expect.objectContaining({ field: 'code', rule: 'invalid' })]);
    expect(again.json().detail).toMatch(/request a new code/i);
  });

  it('counts wrong codes: after 5 wrong tries even the right code fails with too_many_attempts', async () => {
    const account = await signUp(app);
    const code = await codeFor(account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await verify(account.email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'code', rule: 'invalid' });
      expect(res.json().detail).toContain(`${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`);
      expect(res.json().detail).toMatch(/request a new code/i);
    }
    const fifth = await verify(account.email, wrong);
    expect(fifth.json().errors[0]).toMatchObject({ field: 'code', rule: 'too_many_attempts' });
    const right = await verify(account.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().errors[0]).toMatchObject({ field: 'code', rule: 'too_many_attempts' });
    expect(right.json().detail).toMatch(/request a new code/i);
    expect(right.cookies.find((c) => c.name === 'mb_reset')).toBeUndefined();
  });

  it('accepts the right code on the fifth try after four wrong ones', async () => {
    const account = await signUp(app);
    const code = await codeFor(account);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await verify(account.email, wrong);
    expect((await verify(account.email, code)).statusCode).toBe(200);
  });

  it('refuses an expired code with rule expired', async () => {
    const account = await signUp(app);
    const code = await codeFor(account);
    await sql(
      app,
      `update password_reset_codes set expires_at = now() - interval '1 second' where user_id = '${account.id}'`,
    );
    const res = await verify(account.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'code', rule: 'expired' });
    expect(res.json().detail).toMatch(/expired.*request a new code/i);
  });

  it('replaces the old code when a new one is requested, with fresh tries', async () => {
    const account = await signUp(app);
    const first = await codeFor(account);
    const wrong = first === '000000' ? '111111' : '000000';
    await verify(account.email, wrong);
    let second = await codeFor(account);
    // Two random codes can match (1 in a million); ask once more rather than flake.
    if (second === first) second = await codeFor(account);
    const rows = await sql<{ attempts: number }>(
      app,
      `select attempts from password_reset_codes where user_id = '${account.id}'`,
    );
    expect(rows).toEqual([{ attempts: 0 }]);
    expect((await verify(account.email, first)).json().errors[0]).toMatchObject({ field: 'code', rule: 'invalid' });
    expect((await verify(account.email, second)).statusCode).toBe(200);
  });

  it('answers a code for an unknown address like a wrong code, and a malformed code with 400 naming code', async () => {
    const unknown = await verify('ghost@example.org', '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'code', rule: 'invalid' });
    const short = await verify('ghost@example.org', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: 'code' });
  });

  it('changes the password with the grant: ends every session, clears the cookies, and the grant works once', async () => {
    const account = await signUp(app, { password: 'old password 1' });
    const phone = await signIn(account.email, 'old password 1');
    const phoneCookie = `mb_session=${cookieValue(phone, 'mb_session')}`;
    const grant = await grantFor(account);

    const res = await changePassword({ newPassword: 'brand new password' }, `${grant}; ${account.cookie}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed.' });
    expect(cookieValue(res, 'mb_reset')).toBe('');
    expect(cookieValue(res, 'mb_session')).toBe('');

    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await me(phoneCookie)).statusCode).toBe(401);
    expect(await sql(app, `select 1 from sessions where user_id = '${account.id}'`)).toHaveLength(0);
    expect(await sql(app, `select 1 from password_reset_grants where user_id = '${account.id}'`)).toHaveLength(0);
    expect((await signIn(account.email, 'old password 1')).statusCode).toBe(401);
    expect((await signIn(account.email, 'brand new password')).statusCode).toBe(200);

    const replay = await changePassword({ newPassword: 'a third password' }, grant);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/expired or was already used/);
    expect((await signIn(account.email, 'brand new password')).statusCode).toBe(200);
  });

  it('refuses an expired grant with 401 and leaves the password alone', async () => {
    const account = await signUp(app, { password: 'keep this one' });
    const grant = await grantFor(account);
    await sql(
      app,
      `update password_reset_grants set expires_at = now() - interval '1 second' where user_id = '${account.id}'`,
    );
    const res = await changePassword({ newPassword: 'never applied' }, grant);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await signIn(account.email, 'keep this one')).statusCode).toBe(200);
  });

  it("cross-account: A's grant changes only A's password, whatever the body says", async () => {
    const a = await signUp(app, { password: 'password of a' });
    const b = await signUp(app, { password: 'password of b' });
    const grant = await grantFor(a);

    const named = await changePassword({ newPassword: 'attacker chose', email: b.email }, grant);
    expect(named.statusCode).toBe(400);
    expect(named.json().errors[0]).toMatchObject({ field: 'email', rule: 'unknown_field' });
    const byId = await changePassword({ newPassword: 'attacker chose', userId: b.id }, grant);
    expect(byId.statusCode).toBe(400);

    expect((await changePassword({ newPassword: 'attacker chose' }, grant)).statusCode).toBe(200);
    expect((await signIn(b.email, 'password of b')).statusCode).toBe(200);
    expect((await signIn(b.email, 'attacker chose')).statusCode).toBe(401);
    expect((await me(b.cookie)).statusCode).toBe(200);
    expect((await signIn(a.email, 'attacker chose')).statusCode).toBe(200);
  });

  it("cross-account: a signed-in A cannot change B's password", async () => {
    const a = await signUp(app, { password: 'password of a' });
    const b = await signUp(app, { password: 'password of b' });
    const res = await changePassword({ newPassword: 'attacker chose', currentPassword: 'password of b' }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'currentPassword', rule: 'incorrect' });
    expect((await signIn(b.email, 'password of b')).statusCode).toBe(200);
    expect((await signIn(a.email, 'password of a')).statusCode).toBe(200);
    expect((await signIn(b.email, 'attacker chose')).statusCode).toBe(401);
    expect((await signIn(a.email, 'attacker chose')).statusCode).toBe(401);
  });

  it('needs a grant or a session: 401 with a message saying what to do', async () => {
    const res = await changePassword({ newPassword: 'some new password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    expect(res.json().detail).toMatch(/sign in first, or request a code/);
    const junk = await changePassword({ newPassword: 'some new password' }, 'mb_reset=junk');
    expect(junk.statusCode).toBe(401);
  });

  it('signed in: needs the current password, ends the other sessions, rotates this one', async () => {
    const account = await signUp(app, { password: 'current password' });
    const laptop = await signIn(account.email, 'current password');
    const laptopCookie = `mb_session=${cookieValue(laptop, 'mb_session')}`;

    const missing = await changePassword({ newPassword: 'next password 1' }, account.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ field: 'currentPassword', rule: 'required' });
    const wrong = await changePassword(
      { newPassword: 'next password 1', currentPassword: 'not it at all' },
      account.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: 'currentPassword', rule: 'incorrect' });
    const short = await changePassword({ newPassword: 'short', currentPassword: 'current password' }, account.cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: 'newPassword' });
    expect((await me(laptopCookie)).statusCode).toBe(200);

    const res = await changePassword(
      { newPassword: 'next password 1', currentPassword: 'current password' },
      account.cookie,
    );
    expect(res.statusCode).toBe(200);
    const rotated = cookieValue(res, 'mb_session');
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(`mb_session=${rotated}`)).statusCode).toBe(200);
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await me(laptopCookie)).statusCode).toBe(401);
    expect(await sql(app, `select 1 from sessions where user_id = '${account.id}'`)).toHaveLength(1);
    expect((await signIn(account.email, 'next password 1')).statusCode).toBe(200);
  });

  it('never puts a code, a token or a password hash in any response body', async () => {
    const account = await signUp(app, { password: 'secret words here' });
    const code = await codeFor(account);
    const responses = [
      await verify(account.email, code),
      await signIn(account.email, 'secret words here'),
      await me(account.cookie),
    ];
    for (const res of responses) {
      expect(res.body).not.toContain(code);
      expect(res.body).not.toMatch(/argon2|secret words here|token_hash|code_hash/);
    }
  });
});

describe('password recovery when the mail server is down', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => app.close());

  it('answers 503 mail_unavailable asking to retry in a few minutes, and leaves no live code behind', async () => {
    const account = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/code',
      payload: { email: account.email },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'mail_unavailable' });
    expect(res.json().detail).toMatch(/try again in a few minutes/);
    expect(await sql(app, `select 1 from password_reset_codes where user_id = '${account.id}'`)).toHaveLength(0);
  });

  it('answers an unknown address the same 503, on the API and on the compat route, so no account is told apart', async () => {
    const account = await signUp(app);
    for (const [url, field] of [
      ['/api/auth/password-reset/code', 'email'],
      ['/compat/sendOTP', 'email'],
    ] as const) {
      const known = await app.inject({ method: 'POST', url, payload: { [field]: account.email } });
      const unknown = await app.inject({ method: 'POST', url, payload: { [field]: 'ghost@example.org' } });
      expect(unknown.statusCode, url).toBe(known.statusCode);
      expect(unknown.statusCode, url).toBe(503);
      expect(unknown.json(), url).toEqual(known.json());
    }
  });
});

describe('password recovery without SMTP: the outbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('writes the e-mail as an .eml file to DATA_DIR/outbox, and its code works', async () => {
    const account = await signUp(app, { name: 'Outbox Olga' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/code',
      payload: { email: account.email },
    });
    expect(res.statusCode).toBe(202);
    const outbox = path.join(app.testConfig.dataDir, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(path.join(outbox, files[0] as string)));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(account.email);
    expect(mail.text).toContain('Hello Outbox Olga');
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/verify',
      payload: { email: account.email, code: codeIn(mail) },
    });
    expect(verified.statusCode).toBe(200);
  });
});
