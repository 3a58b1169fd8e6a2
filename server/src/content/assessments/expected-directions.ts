import path from 'node:path';
import { CitationSchema, RISK_MODEL_SLUGS, type RiskModelSlug } from '@medibuddy/contracts';
import { z } from 'zod';
import { loadContentFile } from '../content-file';

export const EXPECTED_DIRECTIONS_FILE = path.join(import.meta.dirname, 'expected-directions.json');

/**
 * Which way each model input is clinically expected to push a risk (expected-directions.json beside this file, a source
 * for each).
 * A model fitted on a small referral data set can learn the opposite (in the heart data, typical angina lowers the
 * estimate), so an answer is shown as a reason only where the model agrees with the written expectation.
 */

const ExpectationSchema = z.union([
  /** A number: true when a higher value should raise the risk, false when it should lower it. */
  z.strictObject({ increasing: z.boolean(), source: z.string() }),
  /** A coded answer: the direction each listed answer should push, relative to the average patient. */
  z.strictObject({ codes: z.record(z.string().regex(/^-?\d+$/), z.enum(['up', 'down'])), source: z.string() }),
]);
export type Expectation = z.infer<typeof ExpectationSchema>;

export const ExpectedDirectionsSchema = z
  .strictObject({
    sources: z.record(z.string(), CitationSchema),
    models: z.strictObject(
      Object.fromEntries(RISK_MODEL_SLUGS.map((s) => [s, z.record(z.string(), ExpectationSchema)])) as Record<
        RiskModelSlug,
        z.ZodRecord<z.ZodString, typeof ExpectationSchema>
      >,
    ),
  })
  .superRefine((data, ctx) => {
    for (const slug of RISK_MODEL_SLUGS) {
      for (const [key, e] of Object.entries(data.models[slug])) {
        if (!data.sources[e.source]) {
          ctx.addIssue({
            code: 'custom',
            path: ['models', slug, key, 'source'],
            message: `unknown source ${e.source}`,
          });
        }
      }
    }
  });
export type ExpectedDirections = z.infer<typeof ExpectedDirectionsSchema>;

export function loadExpectedDirections(file = EXPECTED_DIRECTIONS_FILE): ExpectedDirections {
  return loadContentFile(file, ExpectedDirectionsSchema, { models: { noun: 'model' } });
}

export const EXPECTED_DIRECTIONS = loadExpectedDirections();
