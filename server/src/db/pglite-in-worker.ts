import { closeSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { canWriteIn } from '../lib/storage';

/**
 * The embedded database in a worker thread, with the part of PGlite's interface the drizzle driver uses
 * (`query`, `transaction`).
 *
 * Why a worker: when the data folder turns read-only, full or unreadable, PGlite answers the failing write
 * with an error and may then stay busy inside its WebAssembly on a later query, which in the main thread
 * would stop every request, /readyz included. Here the first storage error (or a query that hangs while the
 * folder cannot be written) ends the worker; queries are refused at once with a "database unavailable" error
 * (503 with Retry-After) and readiness fails; once a probe write to the folder succeeds a new worker opens
 * the folder again, replaying PGlite's write-ahead log, so every commit it acknowledged is still there.
 */

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type QueryResult = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Pending = { resolve(r: QueryResult): void; reject(e: unknown): void; startedAt: number };
type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<QueryResult>;

/** Raised for every query while the data folder cannot be written; isDatabaseUnavailable() knows its code. */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  constructor(cause?: unknown) {
    super('the embedded database cannot use its data folder (read-only, full or failing); it reopens once writable', {
      cause,
    });
    this.name = 'StorageUnavailableError';
  }
}

/** The operating system's words for a folder that cannot be written, as PostgreSQL quotes them. */
const STORAGE_MESSAGES =
  /(Read-only file system|No space left on device|Permission denied|Input\/output error|Disk quota exceeded)\s*$/;
/** disk_full, and SQLSTATE class 58 (system error: io_error, a data file missing). */
const isStorageCode = (code: unknown) => typeof code === 'string' && /^(53100|58)/.test(code);

/** True when a database error says the data folder failed, not the query. */
export function isStorageError(err: { code?: unknown; message?: unknown; name?: unknown }): boolean {
  if (isStorageCode(err.code)) return true;
  if (typeof err.message === 'string' && STORAGE_MESSAGES.test(err.message)) return true;
  // PostgreSQL ended (a PANIC) or the WebAssembly aborted: the instance is gone either way.
  return err.name === 'RuntimeError' || /^Aborted\(/.test(String(err.message));
}

/** A database error rebuilt on this side, with its SQLSTATE and fields, so callers see what PGlite raised. */
function errorFrom(plain: Record<string, unknown>): Error {
  const err = new Error(String(plain.message));
  Object.assign(err, plain);
  return err;
}

/**
 * A worker that was ended keeps the files PGlite opened in it (they belong to the process): close those under
 * `dir`, so no stale handle writes later and the folder's file system can be unmounted and mounted again.
 */
function closeFilesUnder(dir: string) {
  let root: string;
  try {
    root = realpathSync(dir) + path.sep;
  } catch {
    return;
  }
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return; // not Linux: nothing to list
  }
  for (const fd of fds) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(root)) closeSync(Number(fd));
    } catch {
      // gone meanwhile
    }
  }
}

/** How long a query may wait before the folder is checked, and how long it may take at all. */
const CHECK_AFTER_MS = 2000;
const HANG_AFTER_MS = 120_000;
const REOPEN_EVERY_MS = 1000;
const OPEN_TIMEOUT_MS = 60_000;

export type PgliteInWorker = {
  query: Query;
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
  /** Resolves once the database answers; rejects while it is unavailable. */
  ping(timeoutMs: number): Promise<void>;
  /** 'ok', 'opening' (first start or reopening after a storage error) or 'failing'. */
  readonly state: 'ok' | 'opening' | 'failing' | 'closed';
  close(): Promise<void>;
};

export function openPgliteInWorker(dir: string, log?: Log): PgliteInWorker {
  let worker: Worker | undefined;
  let state: PgliteInWorker['state'] = 'opening';
  let opened: Promise<void>;
  let lastStorageError: unknown;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  let reopenTimer: NodeJS.Timeout | undefined;

  function start(): Promise<void> {
    state = 'opening';
    const w = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
    worker = w;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the embedded database did not open in time')), OPEN_TIMEOUT_MS);
      w.on(
        'message',
        (message: { type?: string; id?: number; result?: QueryResult; error?: Record<string, unknown> }) => {
          if (message.type === 'ready') {
            clearTimeout(timer);
            if (worker === w) state = 'ok';
            resolve();
            return;
          }
          if (message.type === 'failed') {
            clearTimeout(timer);
            reject(errorFrom(message.error ?? {}));
            return;
          }
          if (message.id === undefined) return;
          const p = pending.get(message.id);
          if (!p) return;
          pending.delete(message.id);
          if (message.error) {
            const err = errorFrom(message.error);
            if (isStorageError(err)) {
              fail(err);
              p.reject(new StorageUnavailableError(err));
            } else p.reject(err);
          } else p.resolve(message.result as QueryResult);
        },
      );
      // An uncaught error or an exit we did not ask for: the instance is gone.
      w.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
        if (worker === w) fail(err);
      });
      w.on('exit', () => {
        clearTimeout(timer);
        reject(new Error('the embedded database worker ended'));
        if (worker === w && state !== 'closed') fail(new Error('the embedded database worker ended'));
      });
    });
  }

  /** Ends the current worker after a storage error, refuses queries, and reopens once the folder is writable. */
  function fail(cause: unknown) {
    if (state === 'failing' || state === 'closed') return;
    state = 'failing';
    lastStorageError = cause;
    log?.warn(
      { errorCode: (cause as { code?: unknown })?.code },
      'embedded database: storage error; refusing queries until its folder can be written, then reopening',
    );
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new StorageUnavailableError(cause));
    }
    const w = worker;
    worker = undefined;
    void (w ? w.terminate() : Promise.resolve()).finally(() => {
      closeFilesUnder(dir);
      scheduleReopen();
    });
  }

  function scheduleReopen() {
    if (state !== 'failing') return;
    reopenTimer = setTimeout(() => {
      reopenTimer = undefined;
      if (state !== 'failing') return;
      if (!canWriteIn(dir, { flush: true })) return scheduleReopen();
      opened = start();
      opened.then(
        () => log?.info({}, 'embedded database: reopened after a storage error'),
        (err) => {
          if (state === 'closed') return;
          state = 'opening';
          fail(err);
        },
      );
    }, REOPEN_EVERY_MS);
    reopenTimer.unref();
  }

  /** While queries wait: a folder that cannot be written, or a query that never ends, is a storage failure. */
  function checkPending() {
    const now = Date.now();
    let oldest = now;
    for (const p of pending.values()) oldest = Math.min(oldest, p.startedAt);
    if (now - oldest > HANG_AFTER_MS) fail(new Error(`a query did not answer in ${HANG_AFTER_MS / 1000} s`));
    else if (now - oldest > CHECK_AFTER_MS && !canWriteIn(dir)) fail(new Error('the data folder cannot be written'));
  }

  opened = start();
  opened.catch((err) => fail(err));
  const watchdog = setInterval(() => pending.size > 0 && checkPending(), 1000);
  watchdog.unref();

  /** Sends one statement to the worker; callers keep statements in order (see `exclusive`). */
  const send: Query = async (sql, params = [], options = {}) => {
    if (state === 'opening') await opened.catch(() => undefined);
    const w = worker;
    if (state !== 'ok' || !w) throw new StorageUnavailableError(lastStorageError);
    const id = nextId++;
    const textTypes = Object.keys(options.parsers ?? {}).map(Number);
    return new Promise<QueryResult>((resolve, reject) => {
      pending.set(id, { resolve, reject, startedAt: Date.now() });
      w.postMessage({ id, sql, params, rowMode: options.rowMode ?? 'object', textTypes });
    });
  };

  // PGlite has one connection: a transaction's statements must not interleave with anything else.
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  }

  return {
    get state() {
      return state;
    },
    query: (sql, params, options) => exclusive(() => send(sql, params, options)),
    transaction: (fn) =>
      exclusive(async () => {
        await send('begin');
        try {
          const result = await fn({ query: send });
          await send('commit');
          return result;
        } catch (err) {
          await send('rollback').catch(() => undefined);
          throw err;
        }
      }),
    async ping(timeoutMs) {
      // A folder that cannot be written ends the database before a write finds out, and lets go of its files
      // (a file system the kernel turned read-only can only be mounted again once nothing holds it open).
      if (state === 'ok' && !canWriteIn(dir)) fail(new Error('the data folder cannot be written'));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the embedded database did not answer in ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([exclusive(() => send('select 1')), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      state = 'closed';
      clearInterval(watchdog);
      clearTimeout(reopenTimer);
      const w = worker;
      worker = undefined;
      if (!w) return;
      // A clean shutdown writes a checkpoint; a worker that does not answer in time is ended.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        w.on('message', (m: { type?: string }) => m.type === 'closed' && (clearTimeout(timer), resolve()));
        w.on('exit', () => (clearTimeout(timer), resolve()));
        w.postMessage({ type: 'close' });
      });
      await w.terminate();
      closeFilesUnder(dir);
    },
  };
}
