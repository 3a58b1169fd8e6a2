import { readFileSync } from 'node:fs';
import {
  CitationSchema,
  RISK_MODEL_SLUGS,
  type ClinicalField,
  type RiskFactor,
  type RiskModelSlug,
} from '@medibuddy/contracts';
import { z } from 'zod';

/**
 * Which way each model input is clinically expected to push a risk (expected-directions.json, a source for each).
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

export function loadExpectedDirections(
  file: URL = new URL('expected-directions.json', import.meta.url),
): ExpectedDirections {
  return ExpectedDirectionsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export const EXPECTED_DIRECTIONS = loadExpectedDirections();

/** Below this (on the model's score scale) an answer barely moves the estimate and is not called a reason. */
export const NEGLIGIBLE_CONTRIBUTION = 0.05;

/** A change of the contribution smaller than this (float32 noise) is no slope at all. */
const FLAT = 1e-6;

/** Whether a factor may be shown as a reason, and why not. */
export function reasonStatusOf(
  slug: RiskModelSlug,
  field: Pick<ClinicalField, 'key' | 'type'>,
  factor: Pick<RiskFactor, 'value' | 'contribution' | 'direction'>,
  slope: { above: number; below: number } | undefined,
  /** The average training patient's value (numbers only): contributions are relative to that patient. */
  average: number | undefined,
  directions: ExpectedDirections = EXPECTED_DIRECTIONS,
): Pick<RiskFactor, 'isReason' | 'notAReasonBecause'> {
  if (factor.value === null) return { isReason: false, notAReasonBecause: 'not-entered' };
  if (Math.abs(factor.contribution) < NEGLIGIBLE_CONTRIBUTION)
    return { isReason: false, notAReasonBecause: 'negligible' };
  const e = directions.models[slug][field.key];
  if (!e) return { isReason: false, notAReasonBecause: 'no-expectation' };
  let agrees: boolean;
  if ('codes' in e) {
    const want = e.codes[String(factor.value)];
    if (want === undefined) return { isReason: false, notAReasonBecause: 'no-expectation' };
    agrees = want === factor.direction;
  } else {
    if (slope === undefined || average === undefined) return { isReason: false, notAReasonBecause: 'no-expectation' };
    // 'raises' for a value above the average patient's agrees with 'higher is worse'. A bending model can say the
    // opposite (the diabetes model: a higher diastolic pressure lowers the estimate), and a value just beside the
    // average can fall on either side of the model's zero: so it contradicts only when the model's slope at the
    // value is also against the expectation, on either side of it.
    const higher = factor.value > average;
    const sideAgrees = (factor.direction === 'up') === (higher === e.increasing);
    const sides = [slope.above, slope.below];
    const slopeAgrees = e.increasing ? sides.every((s) => s > -FLAT) : sides.every((s) => s < FLAT);
    agrees = sideAgrees || slopeAgrees;
  }
  return agrees ? { isReason: true } : { isReason: false, notAReasonBecause: 'contradicts' };
}
