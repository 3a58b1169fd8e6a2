import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';

/**
 * The parent half of the HTTP benchmarks: the real app in a child process (serve.ts) on a fresh embedded database,
 * so the load generator and the server do not share an event loop. `run` gets the base URL; the app and its
 * data are gone afterwards, whatever happens.
 */
export async function withBenchApp(
  run: (base: string) => Promise<void>,
  { prepare }: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-bench-'));
  // Data the app needs before it starts (an import into its embedded database, which only one process may open).
  if (prepare) await prepare(dataDir);
  const server = fork(path.join(import.meta.dirname, 'serve.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.once('message', (m) => resolve((m as { port: number }).port));
      server.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
    });
    await run(`http://127.0.0.1:${port}`);
  } finally {
    server.send('close');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new account that has consented to storing health data, as a signed-in user's results are saved; its cookie. */
export async function signUpBenchUser(base: string, email: string): Promise<string> {
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'bench password 1' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const consent = await fetch(`${base}/api/health-record/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ version: HEALTH_DATA_CONSENT_VERSION }),
  });
  if (!consent.ok) throw new Error(`consent failed: ${consent.status} ${await consent.text()}`);
  return cookie;
}
