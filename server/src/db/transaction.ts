import type { Db } from './client';

/**
 * Runs `work` in one transaction and hands it the transaction as a `Db`, the type every repository takes, so
 * repositories made from it (`createXRepository(tx)`) write inside that transaction. A throw rolls it all back.
 *
 * Drizzle's transaction (`PgTransaction`) extends `PgDatabase` with the same query-result type and schema on
 * both drivers (node-postgres and PGlite), so no cast is needed; this helper keeps that one way of opening a
 * transaction, and hides `rollback()` from the work (throw instead).
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
