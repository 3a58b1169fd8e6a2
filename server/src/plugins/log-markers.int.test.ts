import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../test/clinical-inputs';
import { buildTestApp, signUp, type TestApp } from '../../test/helper';
import { multipartBody } from '../../test/uploads';

/**
 * Marker values go through routes (bodies, queries, share links) and faults (bad bodies, NUL characters,
 * a database that has gone away), then every log line the app wrote at debug level is searched for them.
 */
describe('marker values never reach the log', () => {
  const lines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => app.close().catch(() => undefined));

  it('through routes and faults', async () => {
    const M = {
      name: 'Markername Qv',
      email: 'marker.mail.qv@example.org',
      password: 'marker password qv1',
      feedback: 'marker feedback qv2',
      chat: 'marker chat text qv3',
      query: 'markerquery4',
      nul: 'marker nul qv5',
      json: 'markerjson6',
    };
    const tokens: string[] = [];
    const account = await signUp(app, { name: M.name, email: M.email, password: M.password });
    const { cookie } = account;
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });

    expect((await post('/api/feedback', { feedback: M.feedback })).statusCode).toBe(201);
    expect((await post('/api/auth/sign-in', { email: M.email, password: `${M.password}x` })).statusCode).toBe(401);
    await post('/api/chat/messages', { text: M.chat });
    await app.inject({ url: `/api/medicines/symptoms?q=${M.query}` });
    // Faults: a NUL character, broken JSON, a broken upload.
    expect((await post('/api/feedback', { feedback: `${M.nul}\u0000` })).statusCode).toBe(400);
    expect(
      (await post('/api/feedback', `{"feedback": "${M.json}"`, { 'content-type': 'application/json' })).statusCode,
    ).toBe(400);
    const upload = multipartBody('image', 'x.png', 'image/png', Buffer.from(M.feedback));
    expect((await post('/api/profile/avatar', upload.payload.subarray(0, 120), upload.headers)).statusCode).toBe(400);

    // A share link: its token opens the report, so it must stay out of the access log.
    const assessment = await post('/api/assessments/heart', { inputs: VALID_INPUTS.heart });
    expect(assessment.statusCode, assessment.body).toBe(201);
    const share = await post('/api/health-record/shares', { assessmentId: assessment.json().assessment.id });
    expect(share.statusCode).toBe(201);
    const path = new URL(share.json().url).pathname;
    tokens.push(path.split('/').at(-1) as string);
    expect((await app.inject({ url: `${path}?paper=Letter` })).statusCode).toBe(200);
    expect((await app.inject({ url: `${path}x` })).statusCode).toBe(404);

    // The database goes away mid-traffic: the failures are logged without the request's values.
    await app.database.close();
    await post('/api/feedback', { feedback: M.feedback });
    await post('/api/auth/sign-up', { name: M.name, email: `x${M.email}`, password: M.password });

    const text = lines.join('\n');
    expect(text).toContain('incoming request');
    expect(text).toContain('/api/shared-reports/[redacted]');
    for (const secret of [...Object.values(M), ...tokens, cookie.split('=')[1] as string]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    expect(text).not.toContain('argon2');
  }, 60_000);
});
