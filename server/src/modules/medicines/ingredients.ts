import { normaliseIngredient } from '../../content/ingredient-names';

/**
 * Active ingredients: how a composition string becomes comparable names. A product's form (route) is
 * product-form.ts, and what can be said about an imported product's prescription status from its ingredients is
 * prescription-status.ts; both are exported from here too, as before.
 */

// How one ingredient's name is normalised lives with the medicine content, which checks its ids against it.
export { normaliseIngredient };

/** A composition ("A (500mg) + B (125mg)") as its active ingredients, normalised, in label order. */
export function ingredientsOf(composition: string): string[] {
  const names = composition
    .split('+')
    .map(normaliseIngredient)
    .filter((n) => n !== '');
  return [...new Set(names)];
}

/** The unit a product is taken in whole, from its name ("Brufamol Tablet" → "tablet"); null for liquids, creams. */
export function solidUnitOf(name: string): string | null {
  const unit = /\b(tablet|capsule|caplet|suppository|pessary|lozenge)s?\b/i.exec(name)?.[1];
  return unit ? unit.toLowerCase() : null;
}

/**
 * The milligrams of each ingredient in one unit, where the composition gives a plain amount per unit
 * ("Ibuprofen (400mg) + Paracetamol (325mg)"); an amount per volume or per gram ("120mg/5ml", "1% w/w") is left out.
 */
export function unitStrengthsOf(composition: string): Map<string, number> {
  const strengths = new Map<string, number>();
  for (const part of composition.split('+')) {
    const amount = /\(\s*(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg)\s*\)\s*$/i.exec(part.trim());
    const name = normaliseIngredient(part);
    if (!amount || name === '') continue;
    const unit = (amount[2] as string).toLowerCase();
    const mg = Number(amount[1]) * (unit === 'g' ? 1000 : unit === 'mg' ? 1 : 0.001);
    strengths.set(name, mg);
  }
  return strengths;
}

/** Products with this key have the same active ingredients, whatever the strength or brand. */
export function ingredientKeyOf(ingredients: readonly string[]): string {
  return [...new Set(ingredients.map(normaliseIngredient))].sort().join(' + ');
}

export { productFormOf, type ProductForm } from './product-form';
export {
  IMPORTED_OTC_NOTE,
  IMPORTED_PRESCRIPTION_NOTE,
  IMPORTED_UNKNOWN_NOTE,
  inferPrescriptionStatus,
  type PrescriptionInference,
} from './prescription-status';
