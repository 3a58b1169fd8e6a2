import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../test/clinical-inputs';
import { freePort } from '../../test/throwaway-services';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** The server as an operator starts it, on the embedded database in `dataDir`; resolves once it listens. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
      DATABASE_URL: '',
      REDIS_URL: '',
      SESSION_SECRET: 'kill-test-secret-kill-test-secret-0123456',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What a server that exits before it listens said last (a crash trace; LOG_LEVEL is silent), for the error below.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = child.exitCode;
  child.kill('SIGKILL');
  throw new Error(
    `the server did not start (${exited === null ? 'no answer from /healthz' : `exit ${exited}`}): ${stderr || 'nothing on stderr'}`,
  );
}

describe('kill -9 during acknowledged writes (embedded database)', () => {
  it('loses none of the saves it acknowledged', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-kill-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(dataDir, port);
    try {
      const up = await fetch(`${base}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kim Kill', email: 'kim@example.org', password: 'a long enough password' }),
      });
      const cookie = (up.headers.get('set-cookie') ?? '').split(';')[0] as string;
      await fetch(`${base}/api/health-record/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ version: HEALTH_DATA_CONSENT_VERSION }),
      });
      const acknowledged: string[] = [];
      const save = async () => {
        const res = await fetch(`${base}/api/assessments/heart`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ inputs: VALID_INPUTS.heart }),
        });
        if (res.status === 201) acknowledged.push((await res.json()).assessment.id);
      };
      // Four writers in parallel; the process is killed while they run.
      let isRunning = true;
      const writers = Array.from({ length: 4 }, async () => {
        while (isRunning) await save().catch(() => (isRunning = false));
      });
      await new Promise((r) => setTimeout(r, 3000));
      server.kill('SIGKILL');
      isRunning = false;
      await Promise.all(writers);
      // The exit may have happened while the writers finished: wait only if it has not.
      if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once('exit', r));
      expect(acknowledged.length).toBeGreaterThan(5);

      server = await startServer(dataDir, port);
      // Every page of the history (100 entries a page), followed by its cursor.
      const kept = new Set<string>();
      for (let cursor: string | null = ''; cursor !== null;) {
        const query = `limit=100${cursor ? `&cursor=${cursor}` : ''}`;
        const history = await fetch(`${base}/api/health-record/history?${query}`, { headers: { cookie } });
        expect(history.status).toBe(200);
        const page = (await history.json()) as { assessments: { id: string }[]; nextCursor: string | null };
        for (const a of page.assessments) kept.add(a.id);
        cursor = page.nextCursor;
      }
      const lost = acknowledged.filter((id) => !kept.has(id));
      console.info(`kill -9: ${acknowledged.length} saves acknowledged, ${lost.length} lost`);
      expect(lost).toEqual([]);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
