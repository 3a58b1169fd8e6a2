import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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

export type DatabaseOptions =
  | { databaseUrl: string }
  | { pgliteDir: string }
  | { pglite: PGlite };

export function openDatabase(options: DatabaseOptions): Database {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const client = 'pglite' in options ? options.pglite : new PGlite(options.pgliteDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
