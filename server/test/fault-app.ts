import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { testConfigOf } from './helper';

/**
 * The app as server.ts builds it: it opens (and migrates) the database its configuration names, so a fault
 * test can point it at a throwaway PostgreSQL.
 */
export async function buildAppFromConfig(
  env: Record<string, string>,
  options: Omit<BuildOptions, 'database'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfigOf(env), options);
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
