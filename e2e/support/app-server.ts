import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export type AppServer = { origin: string; stop(): Promise<void> };

/** Starts the built app as a user would run it: its own process, a fresh embedded database, real SMTP. */
export async function startAppServer(options: {
  port: number;
  smtpPort: number;
  env?: Record<string, string>;
}): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-e2e-'));
  const origin = `http://localhost:${options.port}`;
  const app: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: path.join(root, 'web', 'dist'),
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  await waitForReady(`http://127.0.0.1:${options.port}/readyz`, app);
  return {
    origin,
    stop: async () => {
      if (app.exitCode === null) {
        app.kill('SIGTERM');
        await new Promise((r) => app.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForReady(url: string, app: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  app.kill('SIGTERM');
  throw new Error(`the app was not ready at ${url} within 90 s`);
}
