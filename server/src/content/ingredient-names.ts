/**
 * One name per active ingredient, whatever the label says: used by the medicine content (its ingredient ids are
 * checked against it) and by the medicines module (product compositions, the user's typed medicines).
 */

/** One name per substance, whatever the label says (British, American and Indian spellings; INN vs USAN). */
const ALIASES: Record<string, string> = {
  acetaminophen: 'paracetamol',
  amoxycillin: 'amoxicillin',
  albuterol: 'salbutamol',
  levalbuterol: 'levosalbutamol',
  chlorpheniramine: 'chlorphenamine',
  'chlorpheniramine maleate': 'chlorphenamine',
  'chlorphenamine maleate': 'chlorphenamine',
  simethicone: 'simeticone',
  dimethicone: 'simeticone',
  'activated dimethicone': 'simeticone',
  'activated dimeticone': 'simeticone',
  cephalexin: 'cefalexin',
  'aluminum hydroxide': 'aluminium hydroxide',
  'dried aluminium hydroxide gel': 'aluminium hydroxide',
  'polyethylene glycol': 'macrogol',
  'polyethylene glycol 3350': 'macrogol',
  psyllium: 'ispaghula',
  'ispaghula husk': 'ispaghula',
  'psyllium husk': 'ispaghula',
  sennosides: 'senna',
  sennoside: 'senna',
  cholecalciferol: 'colecalciferol',
  'vitamin d3': 'colecalciferol',
  'ascorbic acid': 'vitamin c',
  cyanocobalamin: 'vitamin b12',
  'ferrous sulphate': 'ferrous sulfate',
  'liquid paraffin': 'paraffin',
  'light liquid paraffin': 'paraffin',
  'white soft paraffin': 'paraffin',
  glycerin: 'glycerol',
  glycerine: 'glycerol',
  lignocaine: 'lidocaine',
  frusemide: 'furosemide',
  'glyceryl trinitrate': 'nitroglycerin',
  'sodium valproate': 'valproate',
  'divalproex sodium': 'valproate',
  'valproic acid': 'valproate',
  carboxymethylcellulose: 'carmellose',
  'carboxymethylcellulose sodium': 'carmellose',
  'carmellose sodium': 'carmellose',
  hydroxypropylmethylcellulose: 'hypromellose',
  'levothyroxine sodium': 'levothyroxine',
  thyroxine: 'levothyroxine',
  clavulanate: 'clavulanic acid',
  'potassium clavulanate': 'clavulanic acid',
  'ibuprofen lysine': 'ibuprofen',
  divalproex: 'valproate',
  'dextromethorphan hydrobromide': 'dextromethorphan',
  'milk of magnesia': 'magnesium hydroxide',
};

/** Salt and ester names after the active part: "diclofenac sodium" and "diclofenac" are one substance. */
const SALT_WORDS = new Set([
  'hydrochloride',
  'hcl',
  'hydrobromide',
  'maleate',
  'succinate',
  'tartrate',
  'besylate',
  'besilate',
  'oxalate',
  'medoxomil',
  'proxetil',
  'axetil',
  'mesylate',
  'mesilate',
  'dipropionate',
  'propionate',
  'furoate',
  'etabonate',
  'acetonide',
  'valerate',
  'monohydrate',
  'trihydrate',
  'dihydrate',
  'sodium',
  'potassium',
  'magnesium',
  'diethylamine',
  'bromide',
  'fumarate',
  'sulphate',
  'sulfate',
  'phosphate',
  'acetate',
  'citrate',
  'gluconate',
]);
/** Where the "salt" is the substance itself: never cut these down. */
const KEEP_WHOLE = new Set([
  'ferrous fumarate',
  'ferrous sulfate',
  'ferrous sulphate',
  'ferrous gluconate',
  'zinc sulfate',
  'zinc sulphate',
  'zinc acetate',
  'zinc gluconate',
  'magnesium sulfate',
  'chlorhexidine gluconate',
  'sodium citrate',
  'potassium citrate',
  'calcium citrate',
  'docusate sodium',
]);

/** "Amoxycillin  (500mg)" → "amoxicillin"; "Escitalopram Oxalate (10mg)" → "escitalopram". */
export function normaliseIngredient(raw: string): string {
  let name = raw
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b\d+(\.\d+)?\s*(mg|mcg|µg|g|ml|iu|%|w\/w|w\/v|v\/v)\b/g, ' ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  name = ALIASES[name] ?? name;
  while (!KEEP_WHOLE.has(name)) {
    const words = name.split(' ');
    if (words.length < 2 || !SALT_WORDS.has(words.at(-1) as string)) break;
    name = words.slice(0, -1).join(' ');
  }
  return ALIASES[name] ?? name;
}
