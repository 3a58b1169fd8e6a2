import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteInWorker } from './pglite-in-worker';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers give this one type, so repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseOptions = { databaseUrl: string } | { pgliteDir: string } | { pglite: PGlite };

/**
 * Error codes that mean "the database cannot be reached right now" rather than "this query is wrong":
 * the server shutting down or starting (57P0x), a lost or refused connection (08xxx, socket errors), the
 * embedded database's folder read-only or full (STORAGE_UNAVAILABLE, see pglite-in-worker.ts).
 */
const UNAVAILABLE_CODES = new Set([
  'STORAGE_UNAVAILABLE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed/i;
/** Failures that happen before a query reaches the server, so repeating any query is safe. */
const NOT_SENT_CODES = new Set(['57P03', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

function causesOf(err: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = err; e && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}
const codeOf = (e: unknown) => (e as { code?: unknown })?.code;

/** True when an error (or what it wraps) says the database is down or restarting, not that the query failed. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causesOf(err).some((e) => {
    const code = codeOf(e);
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    return e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message) && !('severity' in e);
  });
}

function wasNeverSent(err: unknown): boolean {
  return causesOf(err).some((e) => NOT_SENT_CODES.has(String(codeOf(e))));
}

/** Waits between attempts while PostgreSQL restarts: about 2 s in all, then the caller gets the error (a 503). */
const RETRY_DELAYS_MS = [100, 250, 500, 1000];

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/** The advisory lock that keeps migrations to one instance at a time (any fixed number no other code takes). */
const MIGRATION_LOCK_KEY = 7_212_014;

function openPostgres(databaseUrl: string, log?: Log): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // An idle connection ended by the server (a restart: 57P01) is reported here; unheard, it would end the process.
  // The pool has already dropped that connection and opens a new one on the next query.
  pool.on('error', (err) =>
    log?.warn({ errorCode: codeOf(err) }, 'database connection lost; reconnecting on the next query'),
  );
  const sendOnce = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  // A read is repeated when the connection fails; a write only when it never left this process, since one
  // that reached the server may have been committed before the connection dropped.
  const queryWithRetry = async (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
    const isRead = /^\s*select\b/i.test(text);
    for (let attempt = 0; ; attempt++) {
      try {
        return await sendOnce(config, values);
      } catch (err) {
        const isRetriable = isDatabaseUnavailable(err) && (isRead || wasNeverSent(err));
        if (!isRetriable || attempt >= RETRY_DELAYS_MS.length) throw err;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
      }
    }
  };
  pool.query = ((config: unknown, values?: unknown, callback?: unknown) =>
    typeof values === 'function' || typeof callback === 'function'
      ? (sendOnce as (...args: unknown[]) => unknown)(config, values, callback)
      : queryWithRetry(config, values)) as typeof pool.query;
  const db: Db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    // Several instances starting at once would each apply the same migrations: one at a time, under a lock.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    // Once, without retries: readiness must say at once that the database does not answer.
    ping: async () => {
      await sendOnce('select 1');
    },
    close: () => pool.end(),
  };
}

/** How long readiness waits for the embedded database's `select 1`. */
const PING_TIMEOUT_MS = 5000;

export function openDatabase(options: DatabaseOptions, log?: Log): Database {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, log);
  if ('pgliteDir' in options) {
    // The data folder of a running server: PGlite in a worker that survives storage errors.
    const client = openPgliteInWorker(options.pgliteDir, log);
    const asPglite = client as unknown as PGlite;
    return {
      db: drizzlePglite(asPglite, { schema }),
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(asPglite), { migrationsFolder }),
      ping: () => client.ping(PING_TIMEOUT_MS),
      close: () => client.close(),
    };
  }
  const client = options.pglite;
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
