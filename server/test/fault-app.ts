import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { TEST_ORIGIN } from './helper';

/**
 * The app as server.ts builds it: it opens (and migrates) the database its configuration names, so a fault
 * test can point it at a throwaway PostgreSQL or at an embedded database in a folder the test controls.
 */
export async function buildAppFromConfig(
  env: Record<string, string>,
  options: Omit<BuildOptions, 'database'> = {},
): Promise<FastifyInstance> {
  const dataDir = env.DATA_DIR ?? path.join(inject('testTmpDir'), randomBytes(6).toString('hex'));
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: TEST_ORIGIN,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const app = await buildApp(config, options);
  await app.models.settled;
  await app.imageModels.settled;
  return app;
}

/** The nine routes that take a file (multipart/form-data); the OpenAPI document lists them without a body schema. */
export const UPLOAD_ROUTES = [
  '/api/profile/avatar',
  '/compat/handleFileUpload',
  '/api/assessments/skin',
  '/api/assessments/diabetic-retinopathy',
  '/api/assessments/ct-scan',
  '/api/assessments/cataract',
  '/compat/predict_cataract',
  '/compat/predict_diabetic_retinopathy',
  '/compat/predict_heart_disease',
];
