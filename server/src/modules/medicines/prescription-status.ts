import type { PrescriptionStatus } from '@medibuddy/contracts';
import { OTC_INGREDIENTS } from './otc-ingredients';
import { PRESCRIPTION_INGREDIENTS } from './prescription-ingredients';
import { productFormOf } from './product-form';

/**
 * What can be said about an imported product's prescription status from its active ingredients and its form. The
 * lists it reads are beside it: otc-ingredients.ts and prescription-ingredients.ts.
 */

export type PrescriptionInference = { status: PrescriptionStatus; note: string };

export const IMPORTED_OTC_NOTE =
  'Its active ingredients are usually sold without a prescription in many countries; check the strength and form with a pharmacist.';
export const IMPORTED_PRESCRIPTION_NOTE =
  'Contains an ingredient that needs a prescription in many countries — ask a doctor.';
export const IMPORTED_UNKNOWN_NOTE = 'Prescription status unknown — ask a pharmacist.';

/**
 * A conservative guess for an imported product, which carries no prescription status of its own:
 * - an injection, infusion or vaccine, or any ingredient on the prescription list → prescription;
 * - every ingredient on the over-the-counter list (and, for skin-only ones, a skin/eye/ear/nose/mouth form) → otc;
 * - anything else → unknown, which the page shows as "ask a pharmacist".
 */
export function inferPrescriptionStatus(name: string, ingredients: readonly string[]): PrescriptionInference {
  const form = productFormOf(name);
  if (form === 'injection' || ingredients.some((i) => PRESCRIPTION_INGREDIENTS.has(i))) {
    return { status: 'prescription', note: IMPORTED_PRESCRIPTION_NOTE };
  }
  const isTopical = form === 'topical';
  const isOtc =
    ingredients.length > 0 &&
    ingredients.every((i) => {
      const rule = OTC_INGREDIENTS[i];
      return rule !== undefined && (!rule.topical || isTopical);
    });
  return isOtc ? { status: 'otc', note: IMPORTED_OTC_NOTE } : { status: 'unknown', note: IMPORTED_UNKNOWN_NOTE };
}
