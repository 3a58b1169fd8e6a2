import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createScratchDatabase } from './throwaway-services';

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
  const scratch = await createScratchDatabase(url);
  const database = openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  return {
    ...database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export type TestApp = FastifyInstance & { testConfig: Config };

/** The test configuration: a private DATA_DIR, the test origin and secret, then `env` on top. */
export function testConfigOf(env: Record<string, string> = {}): Config {
  const dataDir = path.join(inject('testTmpDir'), randomBytes(6).toString('hex'));
  mkdirSync(dataDir, { recursive: true });
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: TEST_ORIGIN,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
}

/**
 * Per-IP limits lifted for a file whose requests all come from 127.0.0.1 (sending and checking recovery codes, signing
 * in): rate-limit.int.test.ts tests the limits themselves.
 */
export const ROOMY_IP_LIMITS = {
  sendCodePerIp: { max: 1000, windowMs: 60_000 },
  verifyCodePerIp: { max: 1000, windowMs: 60_000 },
  signInPerIp: { max: 1000, windowMs: 60_000 },
};

/** Builds the real app on a fresh database with a private DATA_DIR. Close it with app.close(). */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const config = testConfigOf(env);
  const database = await createTestDatabase();
  const app = (await buildApp(config, { ...options, database })) as TestApp;
  app.testConfig = config;
  app.addHook('onClose', () => database.drop());
  // Models load in the background (readyz says 503 meanwhile); tests start once they have loaded or failed.
  await app.models.settled;
  await app.imageModels.settled;
  return app;
}

/** The cookies a response set, ready to send back as a Cookie header. */
export function cookiesOf(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The value of one cookie a response set ('' when it was cleared), or undefined when it did not touch it. */
export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

export type TestAccount = { id: string; name: string; email: string; password: string; cookie: string };

let accountCounter = 0;

/** Signs a new account up through the API and returns it with its session cookie. */
export async function signUp(
  app: FastifyInstance,
  fields: Partial<Pick<TestAccount, 'name' | 'email' | 'password'>> & {
    /** Consent to store health data, as the first test's prompt asks (default true; false to test without). */
    consent?: boolean;
  } = {},
): Promise<TestAccount> {
  accountCounter += 1;
  const body = {
    name: fields.name ?? `Test User ${accountCounter}`,
    email: fields.email ?? `user${accountCounter}-${randomBytes(3).toString('hex')}@example.org`,
    password: fields.password ?? `correct horse ${accountCounter} battery`,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const cookie = `mb_session=${cookieValue(res, 'mb_session')}`;
  if (fields.consent !== false) {
    const consent = await app.inject({
      method: 'POST',
      url: '/api/health-record/consent',
      payload: { version: HEALTH_DATA_CONSENT_VERSION },
      headers: { cookie },
    });
    if (consent.statusCode !== 200) throw new Error(`consent failed: ${consent.statusCode} ${consent.body}`);
  }
  return { id: res.json().user.id, ...body, email: body.email.toLowerCase(), cookie };
}

/** Runs SQL against the test app's database (both drivers), e.g. to move an expiry into the past. */
export async function sql<T = Record<string, unknown>>(app: FastifyInstance, text: string): Promise<T[]> {
  const result = (await app.database.db.execute(text)) as unknown as { rows: T[] };
  return result.rows;
}
