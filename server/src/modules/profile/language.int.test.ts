import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ROOMY_IP_LIMITS, signUp, sql, type TestApp } from '../../../test/helper';
import { codeIn, startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp';

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const DEVANAGARI = /[\u0900-\u097F]/;

describe('the account language and the API in Hindi (decision 039)', () => {
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

  const patchProfile = (payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload: payload as object,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  const languageOf = async (id: string) =>
    (await sql<{ language: string }>(app, `select language from users where id = '${id}'`))[0]?.language;

  it('answers a validation error in Hindi for Accept-Language: hi, from the catalogue the web app uses', async () => {
    const payload = { name: 'Asha', email: 'not-an-address', password: 'short' };
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, headers: HINDI });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem.code).toBe('validation_failed');
    const byField = Object.fromEntries(problem.errors.map((e: { field: string }) => [e.field, e]));
    expect(byField.password).toEqual({
      field: 'password',
      rule: 'too_small',
      message: 'password में कम से कम 8 अक्षर होने चाहिए।',
    });
    expect(byField.email).toMatchObject({ rule: 'invalid_format', message: expect.stringContaining('सही ईमेल पता') });
    expect(problem.detail).toContain('password में कम से कम 8 अक्षर होने चाहिए।');
    expect(problem.detail).toMatch(DEVANAGARI);

    // English, as before, without the header or with an English one.
    for (const headers of [{}, { 'accept-language': 'en-IN,en;q=0.9,hi;q=0.5' }]) {
      const english = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, headers });
      const errors = english.json().errors as { field: string; message: string }[];
      expect(errors.find((e) => e.field === 'password')?.message).toBe('must be at least 8 characters');
      expect(english.json().detail).not.toMatch(DEVANAGARI);
    }
  });

  it('answers problems of its own in Hindi too: sign-in required, an unknown route, broken JSON', async () => {
    const unauthenticated = await patchProfile({ language: 'hi' }, undefined, HINDI);
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().detail).toBe('आगे बढ़ने के लिए कृपया साइन इन करें।');
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: HINDI });
    expect(missing.json().detail).toBe('GET /api/no-such-thing नाम का कोई रास्ता (route) नहीं है।');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: '{"email":',
      headers: { ...HINDI, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBe('भेजी गई जानकारी सही JSON नहीं है।');
  });

  it('keeps /compat in English whatever the request asks for', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/compat/sendOTP',
      payload: { email: 'not-an-email' },
      headers: HINDI,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(DEVANAGARI);
    const plain = await app.inject({ method: 'POST', url: '/compat/sendOTP', payload: { email: 'not-an-email' } });
    expect(res.body).toBe(plain.body);
  });

  it('a new account reads English; PATCH /api/profile saves the language and every user object shows it', async () => {
    const account = await signUp(app);
    const me = async () =>
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: account.cookie } })).json().user;
    expect((await me()).language).toBe('en');

    const res = await patchProfile({ language: 'hi' }, account.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: account.id, email: account.email, language: 'hi' });
    expect(await languageOf(account.id)).toBe('hi');
    expect((await me()).language).toBe('hi');
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: account.cookie } });
    expect(session.json().user.language).toBe('hi');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    expect(signIn.json().user.language).toBe('hi');

    // An empty change changes nothing and answers the account.
    const nothing = await patchProfile({}, account.cookie);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().user.language).toBe('hi');
  });

  it("refuses language 'xx' (and other values) with a 400 naming the field and the rule, and saves nothing", async () => {
    const account = await signUp(app);
    await patchProfile({ language: 'hi' }, account.cookie);
    for (const language of ['xx', 'HI', '', 7, null]) {
      const res = await patchProfile({ language }, account.cookie);
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json();
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors).toHaveLength(1);
      expect(problem.errors[0]).toMatchObject({ field: 'language' });
      expect(problem.errors[0].rule).toMatch(/^invalid_(value|type)$/);
    }
    const xx = (await patchProfile({ language: 'xx' }, account.cookie)).json();
    expect(xx.errors[0]).toEqual({ field: 'language', rule: 'invalid_value', message: 'must be one of: en, hi' });
    expect(xx.detail).toBe('language must be one of: en, hi.');
    const inHindi = (await patchProfile({ language: 'xx' }, account.cookie, HINDI)).json();
    expect(inHindi.errors[0].message).toBe('language इनमें से एक होना चाहिए: en, hi।');

    const unknown = (await patchProfile({ language: 'en', theme: 'dark' }, account.cookie)).json();
    expect(unknown.errors).toEqual([{ field: 'theme', rule: 'unknown_field', message: 'is not an accepted field' }]);
    expect(await languageOf(account.id)).toBe('hi');
  });

  it('sends the recovery e-mail in Hindi to an account whose language is Hindi, with the code that works', async () => {
    const account = await signUp(app, { name: 'Asha' });
    await patchProfile({ language: 'hi' }, account.cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/code',
      payload: { email: account.email },
    });
    expect(res.statusCode).toBe(202);
    const mail = await smtp.nextMessage();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(account.email);
    expect(mail.subject).toBe('आपका MediBuddy पासवर्ड बदलने का कोड');
    const code = codeIn(mail);
    expect(mail.text).toContain('नमस्ते Asha,');
    expect(mail.text).toContain(`आपका MediBuddy पासवर्ड बदलने का कोड ${code} है।`);
    expect(mail.text).toContain('यह 10 मिनट में खत्म हो जाएगा');
    expect(mail.text).not.toMatch(/Hello|expires/);

    // A wrong code is refused in Hindi when the request asks for it; the right one works.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/verify',
      payload: { email: account.email, code: code === '000000' ? '111111' : '000000' },
      headers: HINDI,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('यह कोड सही नहीं है।');
    expect(wrong.json().errors).toEqual([{ field: 'code', rule: 'invalid', message: wrong.json().detail }]);
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/verify',
      payload: { email: account.email, code },
    });
    expect(right.statusCode).toBe(200);
  });

  it("writes the e-mail in the request's language for an English account asked from a Hindi page, else English", async () => {
    const account = await signUp(app, { name: 'Ravi' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/code',
      payload: { email: account.email },
      headers: HINDI,
    });
    const hindi = await smtp.nextMessage();
    expect(hindi.subject).toBe('आपका MediBuddy पासवर्ड बदलने का कोड');
    expect(hindi.text).toContain('नमस्ते Ravi,');

    await app.inject({ method: 'POST', url: '/api/auth/password-reset/code', payload: { email: account.email } });
    const english = await smtp.nextMessage();
    expect(english.subject).toBe('Your MediBuddy password reset code');
    expect(english.text).toContain('Hello Ravi,');
    expect(english.text).toContain('expires in 10 minutes');
  });
});
