import type { PrescriptionStatus } from '@medibuddy/contracts';
import { normaliseIngredient } from '../../content/ingredient-names';

/**
 * Active ingredients: how a composition string becomes comparable names, and what can be said about an
 * imported product's prescription status from them.
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

/**
 * Ingredients sold without a prescription in many countries (at usual strengths), from the NHS Medicines A to
 * Z, MedlinePlus ("OTC") and pharmacy practice. `topical`: only as a skin, eye, ear, nose or mouth product.
 */
const OTC_INGREDIENTS: Record<string, { topical?: boolean }> = {
  paracetamol: {},
  ibuprofen: {},
  aspirin: {},
  naproxen: {},
  cetirizine: {},
  levocetirizine: {},
  loratadine: {},
  fexofenadine: {},
  chlorphenamine: {},
  diphenhydramine: {},
  doxylamine: {},
  omeprazole: {},
  esomeprazole: {},
  lansoprazole: {},
  pantoprazole: {},
  famotidine: {},
  'aluminium hydroxide': {},
  'magnesium hydroxide': {},
  'magnesium trisilicate': {},
  magaldrate: {},
  'calcium carbonate': {},
  'sodium bicarbonate': {},
  'potassium bicarbonate': {},
  'sodium alginate': {},
  simeticone: {},
  loperamide: {},
  'bismuth subsalicylate': {},
  'sodium chloride': {},
  'potassium chloride': {},
  'sodium citrate': {},
  'potassium citrate': {},
  glucose: {},
  dextrose: {},
  bisacodyl: {},
  senna: {},
  lactulose: {},
  macrogol: {},
  ispaghula: {},
  docusate: {},
  'docusate sodium': {},
  'sodium picosulfate': {},
  glycerol: {},
  paraffin: {},
  dextromethorphan: {},
  guaifenesin: {},
  guaiphenesin: {},
  phenylephrine: {},
  pseudoephedrine: {},
  menthol: {},
  'hyoscine butylbromide': {},
  'hyoscine hydrobromide': {},
  cinnarizine: {},
  meclizine: {},
  meclozine: {},
  dimenhydrinate: {},
  mebendazole: {},
  'folic acid': {},
  colecalciferol: {},
  'vitamin c': {},
  'vitamin b12': {},
  'ferrous sulfate': {},
  'ferrous fumarate': {},
  'ferrous gluconate': {},
  'zinc sulfate': {},
  nicotine: {},
  xylometazoline: { topical: true },
  oxymetazoline: { topical: true },
  clotrimazole: { topical: true },
  miconazole: { topical: true },
  terbinafine: { topical: true },
  ketoconazole: { topical: true },
  tolnaftate: { topical: true },
  hydrocortisone: { topical: true },
  calamine: { topical: true },
  'zinc oxide': { topical: true },
  'benzoyl peroxide': { topical: true },
  'salicylic acid': { topical: true },
  permethrin: { topical: true },
  diclofenac: { topical: true },
  'methyl salicylate': { topical: true },
  camphor: { topical: true },
  'eucalyptus oil': { topical: true },
  lidocaine: { topical: true },
  benzocaine: { topical: true },
  chlorhexidine: { topical: true },
  'chlorhexidine gluconate': { topical: true },
  'povidone iodine': { topical: true },
  cetrimide: { topical: true },
  carmellose: { topical: true },
  hypromellose: { topical: true },
  'polyvinyl alcohol': { topical: true },
  'selenium sulfide': { topical: true },
  'zinc pyrithione': { topical: true },
  'choline salicylate': { topical: true },
  aciclovir: { topical: true },
  acyclovir: { topical: true },
  minoxidil: { topical: true },
  urea: { topical: true },
  crotamiton: { topical: true },
};

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

/**
 * Ingredients that need a prescription in many countries: antibiotics, medicines for long-term conditions,
 * and medicines with risks of dependence or serious harm. Not exhaustive; an ingredient in neither list is
 * "unknown", never guessed to be over the counter.
 */
const PRESCRIPTION_INGREDIENTS = new Set([
  // antibiotics and other anti-infectives
  'amoxicillin',
  'clavulanic acid',
  'ampicillin',
  'cloxacillin',
  'azithromycin',
  'clarithromycin',
  'erythromycin',
  'roxithromycin',
  'cefixime',
  'cefpodoxime proxetil',
  'cefpodoxime',
  'cefuroxime',
  'cefuroxime axetil',
  'cefalexin',
  'cefadroxil',
  'ceftriaxone',
  'cefoperazone',
  'cefdinir',
  'ciprofloxacin',
  'ofloxacin',
  'levofloxacin',
  'norfloxacin',
  'moxifloxacin',
  'doxycycline',
  'minocycline',
  'tetracycline',
  'metronidazole',
  'tinidazole',
  'ornidazole',
  'nitrofurantoin',
  'trimethoprim',
  'sulfamethoxazole',
  'linezolid',
  'faropenem',
  'rifaximin',
  'rifampicin',
  'isoniazid',
  'clindamycin',
  'mupirocin',
  'fusidic acid',
  'gentamicin',
  'tobramycin',
  'neomycin',
  'fluconazole',
  'itraconazole',
  'voriconazole',
  'valacyclovir',
  'valaciclovir',
  'oseltamivir',
  'hydroxychloroquine',
  'chloroquine',
  'artemether',
  'lumefantrine',
  'ivermectin',
  'albendazole',
  // diabetes, heart and blood vessels
  'metformin',
  'glimepiride',
  'gliclazide',
  'glibenclamide',
  'glipizide',
  'sitagliptin',
  'vildagliptin',
  'teneligliptin',
  'linagliptin',
  'saxagliptin',
  'dapagliflozin',
  'empagliflozin',
  'canagliflozin',
  'pioglitazone',
  'voglibose',
  'acarbose',
  'insulin',
  'insulin glargine',
  'amlodipine',
  'telmisartan',
  'losartan',
  'olmesartan',
  'valsartan',
  'irbesartan',
  'candesartan',
  'ramipril',
  'enalapril',
  'lisinopril',
  'perindopril',
  'metoprolol',
  'metoprolol succinate',
  'metoprolol tartrate',
  'atenolol',
  'bisoprolol',
  'nebivolol',
  'carvedilol',
  'propranolol',
  'cilnidipine',
  'nifedipine',
  'diltiazem',
  'verapamil',
  'hydrochlorothiazide',
  'chlorthalidone',
  'indapamide',
  'furosemide',
  'torasemide',
  'torsemide',
  'spironolactone',
  'atorvastatin',
  'rosuvastatin',
  'simvastatin',
  'fenofibrate',
  'ezetimibe',
  'clopidogrel',
  'prasugrel',
  'ticagrelor',
  'warfarin',
  'acenocoumarol',
  'apixaban',
  'rivaroxaban',
  'dabigatran',
  'digoxin',
  'amiodarone',
  'ivabradine',
  'ranolazine',
  'trimetazidine',
  'nitroglycerin',
  'isosorbide mononitrate',
  'isosorbide dinitrate',
  'sacubitril',
  // brain and mind
  'escitalopram',
  'citalopram',
  'sertraline',
  'fluoxetine',
  'paroxetine',
  'fluvoxamine',
  'venlafaxine',
  'desvenlafaxine',
  'duloxetine',
  'mirtazapine',
  'amitriptyline',
  'nortriptyline',
  'imipramine',
  'clomipramine',
  'clonazepam',
  'alprazolam',
  'lorazepam',
  'diazepam',
  'etizolam',
  'chlordiazepoxide',
  'zolpidem',
  'olanzapine',
  'quetiapine',
  'risperidone',
  'aripiprazole',
  'haloperidol',
  'lithium',
  'levetiracetam',
  'valproate',
  'carbamazepine',
  'oxcarbazepine',
  'phenytoin',
  'lamotrigine',
  'topiramate',
  'gabapentin',
  'pregabalin',
  'donepezil',
  'memantine',
  'levodopa',
  'carbidopa',
  'pramipexole',
  'ropinirole',
  'flunarizine',
  'betahistine',
  'sumatriptan',
  'rizatriptan',
  'melatonin',
  // pain with risks, steroids, hormones and others
  'tramadol',
  'tapentadol',
  'codeine',
  'morphine',
  'oxycodone',
  'fentanyl',
  'buprenorphine',
  'etoricoxib',
  'celecoxib',
  'aceclofenac',
  'mefenamic acid',
  'ketorolac',
  'nimesulide',
  'indomethacin',
  'piroxicam',
  'prednisolone',
  'methylprednisolone',
  'deflazacort',
  'dexamethasone',
  'betamethasone',
  'clobetasol',
  'clobetasol propionate',
  'mometasone',
  'fluticasone propionate',
  'budesonide',
  'levothyroxine',
  'carbimazole',
  'methimazole',
  'estradiol',
  'progesterone',
  'norethisterone',
  'levonorgestrel',
  'testosterone',
  'sildenafil',
  'tadalafil',
  'finasteride',
  'dutasteride',
  'tamsulosin',
  'silodosin',
  'alfuzosin',
  'montelukast',
  'salbutamol',
  'levosalbutamol',
  'formoterol',
  'salmeterol',
  'tiotropium',
  'ipratropium',
  'theophylline',
  'doxofylline',
  'ondansetron',
  'domperidone',
  'metoclopramide',
  'prochlorperazine',
  'itopride',
  'allopurinol',
  'febuxostat',
  'colchicine',
  'methotrexate',
  'azathioprine',
  'tacrolimus',
  'cyclosporine',
  'ciclosporin',
  'isotretinoin',
  'tretinoin',
  'adapalene',
  'hydroxyzine',
  'tranexamic acid',
  'ursodeoxycholic acid',
  'epinephrine',
  'adrenaline',
]);

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
