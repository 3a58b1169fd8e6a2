import { entriesFor, normaliseSymptom, type SymptomEntry } from '../../content/symptom-vocabulary';

/** Which vocabulary entries a symptom's words name, for the finder: a named complaint before its general symptoms. */

/** The complaints a pharmacist treats by name when the skin itches or has a rash as part of them. */
const SKIN_COMPLAINTS = [
  'fungal skin infection',
  'athletes foot',
  'fungal nail infection',
  'vaginal thrush',
  'oral thrush',
  'scabies',
  'head lice',
  'threadworms',
  'dandruff',
  'cradle cap',
  'eczema',
  'dry skin',
  'chickenpox',
  'hives',
  'insect bites',
  'nappy rash',
  'heat rash',
  'piles',
  'sunburn',
  'cold sores',
  'acne',
];

/**
 * Symptoms that give way to a named complaint found in the same words, because they are part of it: an itch or a
 * rash beside ringworm, thrush, scabies or nappy rash; sneezing or a runny nose beside hay fever or a cold; red or
 * itchy eyes beside dry eyes or hay fever; cramps beside period pain; a blister ('chhala') beside a burn. The named
 * complaint's guide and products answer; the general symptom's (an antihistamine for any itch, a decongestant for
 * any runny nose) would otherwise fill the top five. Vocabulary labels, normalised.
 */
const GIVES_WAY: ReadonlyMap<string, readonly string[]> = new Map([
  ['itching', SKIN_COMPLAINTS],
  ['skin rash', SKIN_COMPLAINTS],
  ['sneezing', ['hay fever', 'common cold']],
  ['runny nose', ['hay fever']],
  ['blocked nose', ['hay fever']],
  ['itchy eyes', ['hay fever', 'dry eyes']],
  ['red eye', ['dry eyes', 'hay fever']],
  ['muscle cramps', ['period pain']],
  ['blisters', ['minor burns', 'sunburn']],
  ['mouth ulcers', ['minor burns']],
]);

/** The vocabulary entries a symptom names, less the general symptoms that give way to a named complaint beside them. */
export function specificEntriesFor(symptom: string): SymptomEntry[] {
  const entries = entriesFor(symptom);
  const labels = new Set(entries.map((e) => normaliseSymptom(e.label)));
  return entries.filter((e) => !(GIVES_WAY.get(normaliseSymptom(e.label)) ?? []).some((named) => labels.has(named)));
}
