import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A fresh, migrated database for one test file: PGlite from the snapshot by default, or a new database on
 * the real server named by TEST_DATABASE_URL (CI runs the whole suite both ways).
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const blob = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const client = new PGlite({ loadDataDir: blob });
    const database = openDatabase({ pglite: client });
    return { ...database, drop: () => database.close() };
  }
  const name = `medibuddy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: dbUrl.toString() });
  await database.migrate();
  return {
    ...database,
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export type TestApp = FastifyInstance & { testConfig: Config };

/** Builds the real app on a fresh database with a private DATA_DIR. Close it with app.close(). */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = path.join(inject('testTmpDir'), randomBytes(6).toString('hex'));
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: TEST_ORIGIN,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const database = await createTestDatabase();
  const app = (await buildApp(config, { database })) as TestApp;
  app.testConfig = config;
  app.addHook('onClose', () => database.drop());
  return app;
}

/** The cookies a response set, ready to send back as a Cookie header. */
export function cookiesOf(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
