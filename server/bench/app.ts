import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';
import pg from 'pg';

export type BenchAppStats = {
  cpuMs: number;
  /** The app process's resident memory, in MiB. */
  rssMb?: number;
  queries: { count: number; recent: string[] } | null;
};

/** What a benchmark can ask the app in the child process while it runs. */
export type BenchApp = {
  /** Which database the app runs on. */
  database: 'pglite' | 'postgres';
  /** The app process's CPU time so far, and the SQL statements it has sent to PostgreSQL (with the last few texts). */
  stats(): Promise<BenchAppStats>;
  /** Runs a save's SQL alone in the app process (serve.ts, saveSqlAlone); how many saves it made. */
  saveSqlAlone(input: SaveSqlInput): Promise<number>;
};

/** What serve.ts's saveSqlAlone needs: the session cookie's token and the row a save of the bench's inputs writes. */
export type SaveSqlInput = {
  cookieToken: string;
  row: { userId: string; test: string; inputs: unknown; result: unknown; modelId: string; modelVersion: string };
  seconds: number;
  connections: number;
};

/**
 * A database of its own on a PostgreSQL server, created now and dropped by the returned function, so a benchmark
 * never writes into a database someone uses. `serverUrl` names the server (its database part is only where we
 * connect to run CREATE DATABASE); the URL returned names the new database.
 */
export async function createThrowawayDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `medibuddy_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The parent half of the HTTP benchmarks: the real app in a child process (serve.ts) on a fresh embedded database,
 * so the load generator and the server do not share an event loop. `run` gets the base URL; the app and its
 * data are gone afterwards, whatever happens. BENCH_NODE_ARGS adds flags to the app's node, e.g.
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` to profile the server under the load.
 */
export async function withBenchApp(
  run: (base: string, app: BenchApp) => Promise<void>,
  {
    prepare,
    databaseUrl,
    env,
  }: {
    prepare?: (dataDir: string) => Promise<void>;
    /** PostgreSQL for the app (a throwaway database: see createThrowawayDatabase); embedded PGlite otherwise. */
    databaseUrl?: string;
    /** More environment for the app (REDIS_URL, PDF_WORKERS, ...). */
    env?: Record<string, string>;
  } = {},
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-bench-'));
  // Data the app needs before it starts (an import into its embedded database, which only one process may open).
  if (prepare) await prepare(dataDir);
  const server = fork(path.join(import.meta.dirname, 'serve.ts'), {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const app: BenchApp = {
    database: databaseUrl ? 'postgres' : 'pglite',
    stats: () =>
      new Promise((resolve) => {
        server.once('message', (m) => resolve((m as { stats: BenchAppStats }).stats));
        server.send('stats');
      }),
    saveSqlAlone: (input) =>
      new Promise((resolve) => {
        server.once('message', (m) => resolve((m as { saveSqlDone: number }).saveSqlDone));
        server.send({ saveSql: input });
      }),
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.once('message', (m) => resolve((m as { port: number }).port));
      server.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
    });
    await run(`http://127.0.0.1:${port}`, app);
  } finally {
    // An app that died before listening has no channel left, and has already exited.
    if (server.connected) server.send('close');
    if (server.exitCode === null && server.signalCode === null)
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
