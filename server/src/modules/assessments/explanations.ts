import { type ClinicalField, type RiskFactor, type RiskModelSlug } from '@medibuddy/contracts';
import { EXPECTED_DIRECTIONS, type ExpectedDirections } from '../../content/assessments/expected-directions';

// Which way each input should push a risk is content (content/assessments/expected-directions.json, its schema and
// loader beside it); this module decides from it which answers are shown as reasons.
export {
  EXPECTED_DIRECTIONS,
  ExpectedDirectionsSchema,
  loadExpectedDirections,
  type Expectation,
  type ExpectedDirections,
} from '../../content/assessments/expected-directions';

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
