// One PGlite on a data folder, in a worker thread (plain JavaScript so that it loads the same under tsx,
// Vitest and plain Node). After a storage error PGlite can stay busy inside its WebAssembly; in a worker that
// stalls this thread only, and client.ts ends the worker and opens a new one once the folder is writable.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const keepText = (value) => value;

/** A database error as plain data: its SQLSTATE, severity and message survive the trip to the main thread. */
function plainError(err) {
  const out = { name: err?.name ?? 'Error', message: String(err?.message ?? err) };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

const pg = new PGlite(workerData.dir);
try {
  await pg.waitReady;
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'failed', error: plainError(err) });
}

parentPort.on('message', async (message) => {
  if (message.type === 'close') {
    await pg.close().catch(() => undefined);
    parentPort.postMessage({ type: 'closed' });
    return;
  }
  const { id, sql, params, rowMode, textTypes } = message;
  try {
    // The driver's parsers all keep a value's text (dates, intervals, numerics): the same is done here.
    const parsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]));
    const result = await pg.query(sql, params, { rowMode, parsers });
    parentPort.postMessage({
      id,
      result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
    });
  } catch (err) {
    parentPort.postMessage({ id, error: plainError(err) });
  }
});
