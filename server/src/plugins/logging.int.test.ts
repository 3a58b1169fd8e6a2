import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, cookieValue } from '../../test/helper';
import { codeIn, startSmtpCatcher } from '../../test/smtp';

/** Collects every log line the app writes. */
function captureLogs() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('logs', () => {
  // A whole account flow: about 20 s on a loaded 2-core machine, so more headroom than the default 30 s.
  it('never contain passwords, codes, tokens, addresses or feedback text through a whole account flow', async () => {
    const smtp = await startSmtpCatcher();
    const logs = captureLogs();
    const app = await buildTestApp({ SMTP_URL: smtp.url }, { logStream: logs.stream });
    const email = 'private.person@example.org';
    const secrets = ['first Secret pw', 'second Secret pw', 'Feedback about my rash', 'tiny7'];
    const tokens: string[] = [];
    try {
      const post = (url: string, payload: object, cookie?: string) =>
        app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

      await post('/api/auth/sign-up', { name: 'Pat', email: 'other@example.org', password: 'tiny7' });
      const signedUp = await post('/api/auth/sign-up', { name: 'Pat', email, password: 'first Secret pw' });
      expect(signedUp.statusCode).toBe(201);
      tokens.push(cookieValue(signedUp, 'mb_session') as string);
      expect((await post('/api/auth/sign-in', { email, password: 'wrong guess pw' })).statusCode).toBe(401);
      expect(
        (await post('/api/auth/sign-in', { email: 'nobody@example.org', password: 'wrong guess pw' })).statusCode,
      ).toBe(401);
      const cookie = `mb_session=${tokens[0]}`;
      expect((await post('/api/feedback', { feedback: 'Feedback about my rash' }, cookie)).statusCode).toBe(201);

      expect((await post('/api/auth/password-reset/code', { email })).statusCode).toBe(202);
      const code = codeIn(await smtp.nextMessage());
      secrets.push(code);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      secrets.push(wrong);
      expect((await post('/api/auth/password-reset/verify', { email, code: wrong })).statusCode).toBe(400);
      const verified = await post('/api/auth/password-reset/verify', { email, code });
      expect(verified.statusCode).toBe(200);
      tokens.push(cookieValue(verified, 'mb_reset') as string);
      const changed = await app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        payload: { newPassword: 'second Secret pw' },
        headers: { cookie: `mb_reset=${tokens[1]}` },
      });
      expect(changed.statusCode).toBe(200);
      const signedIn = await post('/api/auth/sign-in', { email, password: 'second Secret pw' });
      expect(signedIn.statusCode).toBe(200);
      tokens.push(cookieValue(signedIn, 'mb_session') as string);

      // The mail server goes away: the failure is logged without the address.
      await smtp.close();
      expect((await post('/api/auth/password-reset/code', { email })).statusCode).toBe(503);
    } finally {
      await app.close();
      await smtp.close().catch(() => undefined);
    }

    const text = logs.lines.join('\n');
    expect(text).toContain('reset code sent');
    expect(text).toContain('reset code e-mail not sent');
    expect(text).toContain('incoming request');
    expect(text).toMatch(/e-mail is sent through SMTP at 127\.0\.0\.1:\d+/);
    for (const secret of [...secrets, ...tokens, email, 'other@example.org', 'nobody@example.org']) {
      expect(text, `log mentions ${secret}`).not.toContain(secret);
    }
    expect(text).not.toMatch(/argon2/);
  }, 120_000);

  it('says at start-up where e-mail goes when SMTP_URL is not set', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({}, { logStream: logs.stream });
    try {
      const outbox = path.join(app.testConfig.dataDir, 'outbox');
      expect(logs.lines.join('\n')).toContain(`SMTP_URL is not set: e-mails are written as .eml files in ${outbox}`);
    } finally {
      await app.close();
    }
  });
});
