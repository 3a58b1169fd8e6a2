import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figuresOf, formatFigures, startTraffic, type FaultFigures } from './chaos';
import { VALID_INPUTS } from './clinical-inputs';
import { buildAppFromConfig } from './fault-app';
import { buildTestApp, signUp, type TestAccount } from './helper';
import { codeIn, startSmtpCatcher, type SmtpCatcher } from './smtp';
import {
  canMountDisks,
  mountThrowawayDisk,
  sleep,
  startTcpRelay,
  waitFor,
  type TcpRelay,
  type ThrowawayDisk,
} from './throwaway-services';
import { multipartBody, picture } from './uploads';

/**
 * Faults of the parts the server writes to, with traffic running: the disk under DATA_DIR filling up or turning
 * read-only (the embedded database and uploads), and the SMTP server going away. The PostgreSQL restart, Redis
 * outage and kill -9 have their own tests (src/db/*.test.ts, src/plugins/redis-outage.int.test.ts).
 */

const figures: FaultFigures[] = [];
afterAll(() => {
  if (figures.length > 0) console.info(formatFigures(figures));
});

describe.skipIf(!canMountDisks())('DATA_DIR on a disk that fills up or turns read-only (embedded database)', () => {
  let disk: ThrowawayDisk;
  let app: FastifyInstance;
  let account: TestAccount;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    disk = mountThrowawayDisk();
    app = await buildAppFromConfig({ DATA_DIR: disk.dir, RATE_LIMITS: 'off' });
    account = await signUp(app);
  }, 180_000);
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    disk?.destroy();
  });

  const save = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments/heart',
      payload: { inputs: VALID_INPUTS.heart },
      headers: { cookie: account.cookie },
    });
    if (res.statusCode === 201) acknowledged.push(res.json().assessment.id);
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined };
  };
  const readiness = async () => {
    const res = await app.inject('/readyz');
    return { status: res.statusCode, body: res.json() as { status: string; checks: Record<string, string> } };
  };
  const uploadAvatar = async () => {
    const body = multipartBody('image', 'me.png', 'image/png', await picture('png', 320, 240));
    return app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: body.payload,
      headers: { ...body.headers, cookie: account.cookie },
    });
  };

  /** Runs traffic through `fault`, checks what users and /readyz see, ends it, and checks the recovery. */
  async function throughFault(name: string, fault: { start(): void; end(): Promise<void> }) {
    const traffic = startTraffic(save);
    let hasEnded = false;
    try {
      expect(await waitFor(async () => traffic.hasSucceededSince(0), 20_000)).toBe(true);
      const startedAt = Date.now();
      fault.start();

      // /readyz reports the embedded database failing (503) and DATA_DIR degraded.
      let down = await readiness();
      const isDown = (r: typeof down) =>
        r.status === 503 && r.body.checks.database === 'failing' && r.body.checks['data-dir'] === 'degraded';
      expect(await waitFor(async () => isDown((down = await readiness())), 15_000), JSON.stringify(down.body)).toBe(
        true,
      );
      expect(down.body.status).toBe('unavailable');
      // Saves answer 503 with Retry-After, not 500; so does an upload.
      expect(
        await waitFor(
          async () => traffic.answers.some((a) => a.at > startedAt && a.status === 503 && a.hasRetryAfter),
          15_000,
        ),
      ).toBe(true);
      const upload = await uploadAvatar();
      expect(upload.statusCode, upload.body).toBe(503);
      expect(upload.headers['retry-after']).toBeDefined();
      expect(upload.json().code).toMatch(/^(storage|database)_unavailable$/);
      await sleep(1000);

      const endedAt = Date.now();
      hasEnded = true;
      await fault.end();
      expect(
        await waitFor(async () => (await readiness()).status === 200 && traffic.hasSucceededSince(endedAt), 60_000),
      ).toBe(true);
      expect((await readiness()).body.status).toBe('ok');
      expect((await uploadAvatar()).statusCode).toBe(200);
      await traffic.stop();

      // Never a 500 nor a 503 without Retry-After; every save the server acknowledged is still there.
      const unexpected = traffic.answers.filter((a) => a.status !== 201 && !(a.status === 503 && a.hasRetryAfter));
      expect(unexpected.map((a) => a.status)).toEqual([]);
      // Every page of the history (100 entries a page), followed by its cursor.
      const kept = new Set<string>();
      for (let cursor: string | null = ''; cursor !== null;) {
        const query = `limit=100${cursor ? `&cursor=${cursor}` : ''}`;
        const history = await app.inject({
          url: `/api/health-record/history?${query}`,
          headers: { cookie: account.cookie },
        });
        expect(history.statusCode).toBe(200);
        const page = history.json() as { assessments: { id: string }[]; nextCursor: string | null };
        for (const a of page.assessments) kept.add(a.id);
        cursor = page.nextCursor;
      }
      const lost = acknowledged.filter((id) => !kept.has(id));
      figures.push(figuresOf(name, traffic.answers, endedAt, lost.length));
      expect(lost).toEqual([]);
    } finally {
      await traffic.stop();
      // A failed check must not leave the fault in place for the next test.
      if (!hasEnded) await fault.end().catch(() => undefined);
    }
  }

  it('disk full: 503 with Retry-After meanwhile, /readyz 503, back by itself once space is freed, nothing lost', async () => {
    await throughFault('DATA_DIR disk full (embedded db)', {
      start: () => disk.fill(),
      end: async () => disk.free(),
    });
  }, 180_000);

  it('read-only, then writable again: the same', async () => {
    await throughFault('DATA_DIR read-only (embedded db)', {
      start: () => disk.readOnly(),
      // Unmounting the read-only view needs every file opened through it closed: the app must hold none.
      end: async () => {
        const isWritable = await waitFor(async () => {
          try {
            disk.writable();
            return true;
          } catch {
            return false;
          }
        }, 15_000);
        expect(isWritable, 'the read-only mount could not be replaced: a file in it is still open').toBe(true);
      },
    });
  }, 180_000);
});

describe.skipIf(!canMountDisks())('DATA_DIR read-only while the database lives elsewhere', () => {
  let disk: ThrowawayDisk;
  let app: FastifyInstance;
  beforeAll(async () => {
    disk = mountThrowawayDisk(32);
    // The test database is not in DATA_DIR (as with DATABASE_URL): only uploads need the folder.
    app = await buildTestApp({ DATA_DIR: disk.dir });
  }, 120_000);
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    disk?.destroy();
  });

  it('an upload answers 503 storage_unavailable with Retry-After, /readyz 200 degraded, and all works once writable', async () => {
    const account = await signUp(app);
    const upload = async () => {
      const body = multipartBody('image', 'me.png', 'image/png', await picture('png', 320, 240));
      return app.inject({
        method: 'POST',
        url: '/api/profile/avatar',
        payload: body.payload,
        headers: { ...body.headers, cookie: account.cookie },
      });
    };
    disk.readOnly();
    try {
      const refused = await upload();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toMatchObject({ code: 'storage_unavailable' });
      expect(refused.json().detail).toMatch(/try again in a few minutes/);
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'degraded', checks: { 'data-dir': 'degraded', database: 'ok' } });
      // The rest serves.
      expect((await app.inject({ url: '/api/auth/me', headers: { cookie: account.cookie } })).statusCode).toBe(200);
    } finally {
      disk.writable();
    }
    expect((await upload()).statusCode).toBe(200);
    expect((await app.inject('/readyz')).json().status).toBe('ok');
  }, 60_000);
});

describe('SMTP server down and back', () => {
  let app: FastifyInstance;
  let catcher: SmtpCatcher;
  let relay: TcpRelay;
  let account: TestAccount;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    relay = await startTcpRelay(Number(new URL(catcher.url).port));
    app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${relay.port}`, RATE_LIMITS: 'off' });
    account = await signUp(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await catcher?.close();
  });

  const requestCode = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/code',
      payload: { email: account.email },
    });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined, body: res.json() };
  };

  it('asks the user to try again later (503 mail_unavailable, never a 500), and sends the code once SMTP is back', async () => {
    expect((await requestCode()).status).toBe(202);
    await catcher.nextMessage();

    await relay.cut();
    const down = await requestCode();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'mail_unavailable' });
    expect(down.body.detail).toMatch(/try again in a few minutes/);
    const traffic = startTraffic(requestCode, 1);
    await sleep(1500);

    const endedAt = Date.now();
    await relay.restore();
    expect(await waitFor(async () => traffic.hasSucceededSince(endedAt), 15_000)).toBe(true);
    await traffic.stop();
    figures.push(figuresOf('SMTP down (password-reset code)', traffic.answers, endedAt));
    expect(traffic.answers.filter((a) => a.status !== 202 && a.status !== 503)).toEqual([]);

    // The mail sent after the outage arrives, and its code (the newest: each request replaces the last) works.
    await sleep(300);
    const latest = catcher.messages.at(-1);
    if (!latest) throw new Error('no e-mail arrived after SMTP came back');
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/verify',
      payload: { email: account.email, code: codeIn(latest) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
  }, 60_000);
});
