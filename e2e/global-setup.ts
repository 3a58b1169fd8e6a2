import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { APP_PORT, SMTP_PORT } from './playwright.config';
import { MAIL_DIR } from './support/mail';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real pieces the browser tests talk to: an SMTP server that keeps every message as a file
 * (the tests read the recovery codes from there), and the built app on a fresh embedded database.
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++count}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-e2e-'));
  const app: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://localhost:${APP_PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: path.join(root, 'web', 'dist'),
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForReady(`http://127.0.0.1:${APP_PORT}/readyz`, app);

  return async () => {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
    rmSync(dataDir, { recursive: true, force: true });
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
  throw new Error(`the app was not ready at ${url} within 90 s`);
}
