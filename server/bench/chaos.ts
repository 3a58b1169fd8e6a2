// Chaos figures in one table: each fault below runs with traffic going, then ends, and the table says how many
// requests were sent, how they were answered, how long the instance took to be back to normal (/readyz ok and
// a request served), and for the saving scenarios how many acknowledged saves were lost.
//   cd server && npx tsx bench/chaos.ts      (CHAOS_FAULT_SECONDS: how long each fault lasts, default 3)
// Faults whose tools this machine lacks (PostgreSQL binaries, redis-server, mount rights) are listed as skipped.
// The tests that check the same faults: src/db/postgres-restart.int.test.ts, src/plugins/redis-outage.int.test.ts,
// test/chaos.int.test.ts; kill -9 is src/db/kill-during-writes.int.test.ts (it prints its own figure).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { figuresOf, formatFigures, startTraffic, type FaultFigures } from '../test/chaos';
import { VALID_INPUTS } from '../test/clinical-inputs';
import { startSmtpCatcher } from '../test/smtp';
import {
  canMountDisks,
  canRunPostgres,
  canRunRedis,
  mountThrowawayDisk,
  sleep,
  startPostgres,
  startRedis,
  startTcpRelay,
  waitFor,
} from '../test/throwaway-services';

const FAULT_MS = Number(process.env.CHAOS_FAULT_SECONDS ?? 3) * 1000;
const scratch = mkdtempSync(path.join(tmpdir(), 'medibuddy-chaos-'));

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(scratch, 'data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    SESSION_SECRET: 'chaos-secret-chaos-secret-chaos-secret-01',
    RATE_LIMITS: 'off',
    ...env,
    DATA_DIR: dataDir,
  });
  const app = await buildApp(config, { rateLimits: { signUpPerIp: { max: 1_000_000, windowMs: 60_000 } } });
  await app.models.settled;
  await app.imageModels.settled;
  return app;
}

let accounts = 0;
async function signUp(app: FastifyInstance): Promise<{ email: string; cookie: string }> {
  const email = `chaos${++accounts}@example.org`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { name: 'Chaos', email, password: 'a long enough password' },
  });
  const cookie = (res.headers['set-cookie'] as string | string[] | undefined)?.toString().split(';')[0] ?? '';
  await app.inject({
    method: 'POST',
    url: '/api/health-record/consent',
    payload: { version: HEALTH_DATA_CONSENT_VERSION },
    headers: { cookie },
  });
  return { email, cookie };
}

const isReady = async (app: FastifyInstance) => (await app.inject('/readyz')).json().status === 'ok';

/** Saves assessments through `fault`; returns the figures, acknowledged saves missing afterwards included. */
async function savesThrough(
  name: string,
  app: FastifyInstance,
  fault: { start(): unknown; end(): unknown },
): Promise<FaultFigures> {
  const { cookie } = await signUp(app);
  const acknowledged: string[] = [];
  const traffic = startTraffic(async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/assessments/heart',
      payload: { inputs: VALID_INPUTS.heart },
      headers: { cookie },
    });
    if (res.statusCode === 201) acknowledged.push(res.json().assessment.id);
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined };
  });
  // An orchestrator polls /readyz meanwhile, as in production (the embedded database also checks its folder then).
  const poller = setInterval(() => void app.inject('/readyz'), 1000);
  await sleep(1000);
  await fault.start();
  await sleep(FAULT_MS);
  const endedAt = Date.now();
  await fault.end();
  await waitFor(async () => (await isReady(app)) && traffic.hasSucceededSince(endedAt), 60_000);
  const recoveredAt = Date.now();
  clearInterval(poller);
  await traffic.stop();
  const history = await app.inject({ url: '/api/health-record/history', headers: { cookie } });
  const kept = new Set((history.json().assessments as { id: string }[]).map((a) => a.id));
  return figuresOf(name, traffic.answers, endedAt, acknowledged.filter((id) => !kept.has(id)).length, recoveredAt);
}

const rows: FaultFigures[] = [];
const skipped: string[] = [];
try {
  if (canRunPostgres()) {
    const pg = await startPostgres();
    const app = await appWith({ DATABASE_URL: pg.url });
    try {
      rows.push(await savesThrough('PostgreSQL restart', app, { start: () => pg.stop(), end: () => pg.start() }));
    } finally {
      await app.close().catch(() => undefined);
      pg.destroy();
    }
  } else skipped.push('PostgreSQL restart (no PostgreSQL binaries)');

  if (canRunRedis()) {
    const redis = await startRedis();
    const app = await appWith({ REDIS_URL: redis.url, RATE_LIMITS: 'on' });
    try {
      // Sign-ups count against a limit kept in Redis: while it is away they are counted in the process.
      await waitFor(() => isReady(app), 10_000);
      const traffic = startTraffic(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: { name: 'Chaos', email: `redis${++accounts}@example.org`, password: 'a long enough password' },
        });
        return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined };
      });
      await sleep(1000);
      await redis.stop();
      await sleep(FAULT_MS);
      const endedAt = Date.now();
      await redis.start();
      await waitFor(() => isReady(app), 30_000);
      const recoveredAt = Date.now();
      await traffic.stop();
      rows.push(figuresOf('Redis outage (rate-limit store)', traffic.answers, endedAt, undefined, recoveredAt));
    } finally {
      await app.close().catch(() => undefined);
      await redis.stop();
    }
  } else skipped.push('Redis outage (no redis-server)');

  if (canMountDisks()) {
    const disk = mountThrowawayDisk();
    const app = await appWith({ DATA_DIR: disk.dir });
    try {
      rows.push(
        await savesThrough('DATA_DIR disk full (embedded db)', app, {
          start: () => disk.fill(),
          end: () => disk.free(),
        }),
      );
      rows.push(
        await savesThrough('DATA_DIR read-only (embedded db)', app, {
          start: () => disk.readOnly(),
          end: () =>
            waitFor(async () => {
              try {
                disk.writable();
                return true;
              } catch {
                return false;
              }
            }, 15_000),
        }),
      );
    } finally {
      await app.close().catch(() => undefined);
      disk.destroy();
    }
  } else skipped.push('DATA_DIR disk full and read-only (cannot mount here: needs root with mount rights)');

  const catcher = await startSmtpCatcher();
  const relay = await startTcpRelay(Number(new URL(catcher.url).port));
  const app = await appWith({ SMTP_URL: `smtp://127.0.0.1:${relay.port}` });
  try {
    const { email } = await signUp(app);
    const traffic = startTraffic(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/password-reset/code', payload: { email } });
      return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined };
    }, 1);
    await sleep(1000);
    await relay.cut();
    await sleep(FAULT_MS);
    const endedAt = Date.now();
    await relay.restore();
    await waitFor(async () => traffic.hasSucceededSince(endedAt), 15_000);
    await traffic.stop();
    rows.push(figuresOf('SMTP down (password-reset code)', traffic.answers, endedAt));
  } finally {
    await app.close().catch(() => undefined);
    await relay.close();
    await catcher.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(formatFigures(rows));
for (const s of skipped) console.log(`  skipped: ${s}`);
process.exit(0);
