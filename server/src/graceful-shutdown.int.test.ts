import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/throwaway-services';

const serverRoot = path.resolve(import.meta.dirname, '..');

describe('SIGTERM', () => {
  it('lets an in-flight request finish, then exits 0', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-drain-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      let isReady = false;
      for (let i = 0; i < 240 && !isReady && child.exitCode === null; i++) {
        isReady = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (!isReady) await new Promise((r) => setTimeout(r, 250));
      }
      expect(isReady, stderr).toBe(true);
      // A code request takes at least 400 ms by design: it is still in flight when the signal arrives.
      const inFlight = fetch(`${base}/api/auth/password-reset/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.org' }),
      });
      await new Promise((r) => setTimeout(r, 150));
      child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(202);
      const answeredAt = performance.now();
      expect(await exited).toBe(0);
      // Within the grace period the server gives in-flight requests (server.ts).
      expect(performance.now() - answeredAt).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
