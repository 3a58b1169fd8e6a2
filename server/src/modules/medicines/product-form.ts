/** Product forms applied to the skin or a mucous membrane, from the product's name. */
const TOPICAL_FORM = new RegExp(
  [
    'cream',
    'gel',
    'ointment',
    'lotion',
    'dusting powder',
    'shampoo',
    'soap',
    'spray',
    '(eye|ear|nasal|nose)(/ear)? drops?',
    'mouth ?wash',
    'gargle',
    'face ?wash',
    'paint',
    'lozenges?',
    'roll ?on',
    'patch(es)?',
    'balm',
    'rub',
    'pessary',
    'vaginal',
    'lacquer',
    'applied to the skin',
    'eye ointment',
    'solution for the scalp',
  ]
    .map((w) => `\\b${w}\\b`)
    .join('|'),
  'i',
);
const RECTAL_FORM = /\b(suppositor(y|ies)|enema|rectal)\b/i;
const INHALED_FORM = /\b(inhaler|inhalation|respules?|rotacaps?|nebuli[sz]er|redicaps?)\b/i;
/** Forms that need a health professional in practically every country. */
const PROFESSIONAL_FORM = /\b(injection|infusion|vaccine|i\.v\.)/i;

export type ProductForm = 'oral' | 'topical' | 'rectal' | 'inhaled' | 'injection';

/**
 * The route a product is taken by, from its name (and a starter entry's composition): products with the same
 * ingredients but another form (a gel and a tablet) are different choices, not duplicates.
 */
export function productFormOf(text: string): ProductForm {
  if (PROFESSIONAL_FORM.test(text)) return 'injection';
  if (INHALED_FORM.test(text)) return 'inhaled';
  if (RECTAL_FORM.test(text)) return 'rectal';
  if (TOPICAL_FORM.test(text)) return 'topical';
  return 'oral';
}
