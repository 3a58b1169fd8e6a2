/**
 * The judged set for the person-aware finder: queries in patients' own words (lower case, typos, indirect
 * phrasing), who they are for, and the active ingredients a pharmacist would accept in a suggestion for that
 * person. A product counts as relevant when every one of its active ingredients is acceptable. `unsafe` names
 * ingredients that must never reach the top 5 for that person, written from the pharmacist's point of view and
 * independently of the medicine facts the finder uses, so the count is not the finder checking itself.
 * `noProducts`: self-treatment is not appropriate (the answer must be advice only); `mayBeEmpty`: no product
 * is also a right answer (little or nothing is suitable without a doctor).
 *
 * HELD_OUT was written first, before the finder was changed, and is never looked at while tuning: its figure is
 * reported separately. TUNING is the part the finder may be adjusted against.
 */
export type JudgedPerson =
  | { kind: 'adult' }
  | { kind: 'child'; ageYears?: number; ageMonths?: number }
  | { kind: 'pregnant' }
  | { kind: 'breastfeeding' };

export type JudgedSafetyQuery = {
  symptoms: string[];
  person?: JudgedPerson;
  acceptable: string[];
  noProducts?: boolean;
  mayBeEmpty?: boolean;
};

const adult = { kind: 'adult' } as const;
const pregnant = { kind: 'pregnant' } as const;
const breastfeeding = { kind: 'breastfeeding' } as const;
const child = (ageYears: number): JudgedPerson => ({ kind: 'child', ageYears });
const baby = (ageMonths: number): JudgedPerson => ({ kind: 'child', ageMonths });

// Acceptable ingredients by complaint, as a pharmacist would answer an adult who is not pregnant.
const PAIN = ['paracetamol', 'ibuprofen', 'aspirin', 'naproxen', 'caffeine'];
const FEVER = ['paracetamol', 'ibuprofen', 'aspirin'];
const CHILD_PAIN = ['paracetamol', 'ibuprofen'];
const ANTACIDS = [
  'aluminium hydroxide',
  'magnesium hydroxide',
  'magnesium trisilicate',
  'magnesium carbonate',
  'magaldrate',
  'calcium carbonate',
  'sodium alginate',
  'alginic acid',
  'potassium bicarbonate',
  'simeticone',
];
const HEARTBURN = [
  ...ANTACIDS,
  'sodium bicarbonate',
  'omeprazole',
  'esomeprazole',
  'lansoprazole',
  'pantoprazole',
  'famotidine',
];
const ANTIHISTAMINES = [
  'cetirizine',
  'levocetirizine',
  'loratadine',
  'desloratadine',
  'fexofenadine',
  'chlorphenamine',
  'acrivastine',
];
const HAY_FEVER = [
  ...ANTIHISTAMINES,
  'beclometasone',
  'fluticasone',
  'sodium cromoglicate',
  'azelastine',
  'sodium chloride',
];
const DRY_COUGH = [
  'dextromethorphan',
  'glycerol',
  'pholcodine',
  'honey',
  'menthol',
  'diphenhydramine',
  'chlorphenamine',
];
const CHESTY_COUGH = ['guaifenesin', 'guaiphenesin', 'glycerol', 'honey', 'menthol'];
const SORE_THROAT = [
  'paracetamol',
  'ibuprofen',
  'flurbiprofen',
  'benzocaine',
  'lidocaine',
  'amylmetacresol',
  'dichlorobenzyl alcohol',
  'chlorhexidine',
  'cetylpyridinium',
  'benzydamine',
  'hexetidine',
  'povidone iodine',
  'menthol',
];
const BLOCKED_NOSE = [
  'pseudoephedrine',
  'phenylephrine',
  'xylometazoline',
  'oxymetazoline',
  'sodium chloride',
  'menthol',
  'eucalyptus oil',
  'camphor',
];
const ORS = ['sodium chloride', 'potassium chloride', 'sodium citrate', 'glucose', 'dextrose', 'sodium bicarbonate'];
const DIARRHOEA = [...ORS, 'loperamide', 'bismuth subsalicylate', 'simeticone'];
const LAXATIVES = [
  'lactulose',
  'macrogol',
  'ispaghula',
  'senna',
  'bisacodyl',
  'docusate',
  'glycerol',
  'sodium picosulfate',
  'sterculia',
  'methylcellulose',
];
const GENTLE_LAXATIVES = ['lactulose', 'macrogol', 'ispaghula', 'sterculia', 'methylcellulose', 'glycerol'];
const SLEEP = ['diphenhydramine', 'doxylamine', 'promethazine'];
const FUNGAL_SKIN = [
  'clotrimazole',
  'miconazole',
  'terbinafine',
  'tolnaftate',
  'ketoconazole',
  'econazole',
  'undecenoic acid',
  'hydrocortisone',
];
const THRUSH = ['clotrimazole', 'miconazole', 'econazole', 'fluconazole'];
const ITCH = [...ANTIHISTAMINES, 'hydrocortisone', 'crotamiton', 'calamine', 'zinc oxide', 'menthol'];
const TRAVEL = ['hyoscine hydrobromide', 'cinnarizine', 'promethazine', 'meclozine', 'meclizine', 'dimenhydrinate'];
const TOPICAL_PAIN = [
  'diclofenac',
  'ibuprofen',
  'methyl salicylate',
  'menthol',
  'camphor',
  'capsaicin',
  'ketoprofen',
  'eucalyptus oil',
];
const EMOLLIENTS = ['paraffin', 'urea', 'glycerol', 'lanolin', 'colloidal oatmeal', 'hydrocortisone'];
const DRY_EYE = ['hypromellose', 'carmellose', 'polyvinyl alcohol', 'sodium hyaluronate', 'carbomer', 'paraffin'];
const DANDRUFF = ['ketoconazole', 'selenium sulfide', 'zinc pyrithione', 'salicylic acid', 'coal tar', 'ciclopirox'];
const PILES = [
  'lidocaine',
  'hydrocortisone',
  'zinc oxide',
  'benzocaine',
  'pramocaine',
  'bismuth subgallate',
  'ispaghula',
  'lactulose',
];

export const HELD_OUT: JudgedSafetyQuery[] = [
  { symptoms: ['my son is 6 and has a temprature'], person: child(6), acceptable: CHILD_PAIN },
  { symptoms: ['fever'], person: baby(2), acceptable: [], noProducts: true },
  { symptoms: ['it stings when i wee'], person: adult, acceptable: [], noProducts: true },
  { symptoms: ['pounding head'], person: pregnant, acceptable: ['paracetamol'] },
  { symptoms: ['tickly cough keeps me up'], person: adult, acceptable: DRY_COUGH },
  { symptoms: ['cant get to sleep'], person: adult, acceptable: SLEEP, mayBeEmpty: true },
  { symptoms: ['burning in my chest after eating'], person: adult, acceptable: HEARTBURN },
  { symptoms: ['heartburn'], person: pregnant, acceptable: ANTACIDS },
  { symptoms: ['the runs'], person: adult, acceptable: DIARRHOEA },
  { symptoms: ['tummy bug with diarrhoea'], person: child(4), acceptable: ORS },
  { symptoms: ['cant poo'], person: pregnant, acceptable: GENTLE_LAXATIVES },
  {
    symptoms: ['hayfever'],
    person: breastfeeding,
    acceptable: ['loratadine', 'cetirizine', 'beclometasone', 'fluticasone', 'sodium cromoglicate', 'sodium chloride'],
  },
  { symptoms: ['stuffy nose'], person: adult, acceptable: BLOCKED_NOSE },
  { symptoms: ['scratchy throat'], person: adult, acceptable: SORE_THROAT },
  { symptoms: ['teething'], person: baby(8), acceptable: CHILD_PAIN },
  { symptoms: ['bad back'], person: adult, acceptable: [...PAIN, ...TOPICAL_PAIN] },
  { symptoms: ['period cramps'], person: adult, acceptable: [...PAIN, 'hyoscine butylbromide'] },
  { symptoms: ['athletes foot'], person: adult, acceptable: FUNGAL_SKIN },
  { symptoms: ['thrush'], person: pregnant, acceptable: ['clotrimazole', 'miconazole', 'econazole'] },
  { symptoms: ['car sick'], person: child(7), acceptable: TRAVEL },
  { symptoms: ['itchy bites'], person: adult, acceptable: ITCH },
  { symptoms: ['flaky scalp'], person: adult, acceptable: DANDRUFF },
  { symptoms: ['headache'], person: child(10), acceptable: CHILD_PAIN },
  { symptoms: ['toothache'], person: breastfeeding, acceptable: ['paracetamol', 'ibuprofen'] },
  { symptoms: ['sore eyes dry'], person: adult, acceptable: DRY_EYE },
  {
    symptoms: ['piles'],
    person: pregnant,
    acceptable: ['zinc oxide', 'lidocaine', 'ispaghula', 'lactulose', 'bismuth subgallate'],
  },
  {
    symptoms: ['my 3 year old has a runny nose and a temp'],
    person: child(3),
    acceptable: [...CHILD_PAIN, 'sodium chloride'],
  },
  { symptoms: ['sick and dizzy on boats'], person: adult, acceptable: TRAVEL },
  { symptoms: ['joint pain'], person: pregnant, acceptable: ['paracetamol'] },
  {
    symptoms: ['achy and shivery with a cold'],
    person: breastfeeding,
    acceptable: ['paracetamol', 'ibuprofen', 'sodium chloride', 'menthol'],
  },
];

export const TUNING: JudgedSafetyQuery[] = [
  // fever and pain, for every kind of person
  { symptoms: ['my child has a fever of 39'], person: child(5), acceptable: CHILD_PAIN },
  { symptoms: ['fever'], person: child(3), acceptable: CHILD_PAIN },
  { symptoms: ['high temperature'], person: baby(9), acceptable: CHILD_PAIN },
  { symptoms: ['baby is hot and has a temperature'], person: baby(1), acceptable: [], noProducts: true },
  { symptoms: ['fever'], person: adult, acceptable: FEVER },
  { symptoms: ['feverish and achy'], person: adult, acceptable: PAIN },
  { symptoms: ['fever'], person: pregnant, acceptable: ['paracetamol'] },
  { symptoms: ['headache'], person: adult, acceptable: PAIN },
  { symptoms: ['headache'], person: pregnant, acceptable: ['paracetamol'] },
  { symptoms: ['headache'], person: breastfeeding, acceptable: ['paracetamol', 'ibuprofen'] },
  { symptoms: ['migraine'], person: adult, acceptable: [...PAIN, 'sumatriptan'] },
  { symptoms: ['toothache'], person: adult, acceptable: PAIN },
  { symptoms: ['toothache'], person: child(8), acceptable: CHILD_PAIN },
  { symptoms: ['back pain'], person: adult, acceptable: [...PAIN, ...TOPICAL_PAIN] },
  { symptoms: ['back pain'], person: pregnant, acceptable: ['paracetamol'] },
  { symptoms: ['muscle ache'], person: adult, acceptable: [...PAIN, ...TOPICAL_PAIN] },
  { symptoms: ['period pain'], person: adult, acceptable: [...PAIN, 'hyoscine butylbromide'] },
  // NHS medicines A-Z, Buscopan (hyoscine butylbromide): it can also help period pain; Buscopan Cramps from 6 years.
  {
    symptoms: ['period pain'],
    person: child(14),
    acceptable: ['paracetamol', 'ibuprofen', 'naproxen', 'hyoscine butylbromide'],
  },
  { symptoms: ['sprained ankle'], person: adult, acceptable: [...PAIN, ...TOPICAL_PAIN] },
  { symptoms: ['teething pain'], person: baby(6), acceptable: CHILD_PAIN },
  { symptoms: ['earache'], person: child(4), acceptable: CHILD_PAIN },
  // coughs and colds
  { symptoms: ['dry cough at night'], person: adult, acceptable: DRY_COUGH },
  { symptoms: ['dry cough'], person: child(4), acceptable: ['glycerol', 'honey'], mayBeEmpty: true },
  { symptoms: ['chesty cough'], person: adult, acceptable: CHESTY_COUGH },
  { symptoms: ['cough'], person: pregnant, acceptable: ['glycerol', 'honey', 'menthol'], mayBeEmpty: true },
  { symptoms: ['sore throat'], person: adult, acceptable: SORE_THROAT },
  { symptoms: ['sore throat'], person: child(7), acceptable: CHILD_PAIN },
  {
    symptoms: ['sore throat'],
    person: pregnant,
    acceptable: [
      'paracetamol',
      'benzocaine',
      'lidocaine',
      'amylmetacresol',
      'dichlorobenzyl alcohol',
      'chlorhexidine',
      'cetylpyridinium',
      'menthol',
      'povidone iodine',
    ],
  },
  { symptoms: ['blocked nose'], person: adult, acceptable: BLOCKED_NOSE },
  { symptoms: ['blocked nose'], person: pregnant, acceptable: ['sodium chloride', 'menthol'], mayBeEmpty: true },
  { symptoms: ['runny nose and sneezing'], person: adult, acceptable: [...HAY_FEVER, ...BLOCKED_NOSE] },
  { symptoms: ['hay fever'], person: adult, acceptable: HAY_FEVER },
  {
    symptoms: ['hay fever'],
    person: child(8),
    acceptable: [
      'cetirizine',
      'loratadine',
      'chlorphenamine',
      'sodium cromoglicate',
      'sodium chloride',
      'beclometasone',
    ],
  },
  {
    symptoms: ['hay fever'],
    person: pregnant,
    acceptable: [
      'loratadine',
      'cetirizine',
      'chlorphenamine',
      'beclometasone',
      'sodium cromoglicate',
      'sodium chloride',
    ],
  },
  { symptoms: ['common cold'], person: adult, acceptable: [...PAIN, ...BLOCKED_NOSE, 'chlorphenamine', 'vitamin c'] },
  // stomach and bowels
  { symptoms: ['heartburn'], person: adult, acceptable: HEARTBURN },
  { symptoms: ['acid reflux'], person: adult, acceptable: HEARTBURN },
  { symptoms: ['indigestion'], person: adult, acceptable: HEARTBURN },
  { symptoms: ['indigestion'], person: pregnant, acceptable: ANTACIDS },
  { symptoms: ['bloated and gassy'], person: adult, acceptable: [...ANTACIDS, 'activated charcoal', 'peppermint oil'] },
  { symptoms: ['diarrhoea'], person: adult, acceptable: DIARRHOEA },
  // WHO/UNICEF joint statement, clinical management of acute diarrhoea (WHO/FCH/CAH/04.7): rehydration salts and zinc for children.
  { symptoms: ['diarrhea'], person: child(2), acceptable: [...ORS, 'zinc sulfate'] },
  { symptoms: ['loose motions'], person: pregnant, acceptable: ORS },
  // UK label (SmPC) of Magnesium Hydroxide Mixture: for the relief of mild constipation (an osmotic laxative).
  { symptoms: ['constipation'], person: adult, acceptable: [...LAXATIVES, 'magnesium hydroxide'] },
  {
    symptoms: ['constipation'],
    person: child(6),
    acceptable: ['lactulose', 'macrogol', 'ispaghula', 'senna', 'glycerol'],
  },
  { symptoms: ['travel sickness'], person: adult, acceptable: TRAVEL },
  { symptoms: ['threadworms'], person: adult, acceptable: ['mebendazole'] },
  { symptoms: ['threadworms'], person: child(5), acceptable: ['mebendazole'] },
  { symptoms: ['threadworms'], person: pregnant, acceptable: [], mayBeEmpty: true },
  // NHS conditions, piles: take paracetamol if piles hurt.
  { symptoms: ['piles'], person: adult, acceptable: [...PILES, 'paracetamol'] },
  // urinary
  { symptoms: ['burning when i pee'], person: adult, acceptable: [], noProducts: true },
  { symptoms: ['peeing a lot and it burns'], person: pregnant, acceptable: [], noProducts: true },
  // sleep and mind
  { symptoms: ["can't sleep"], person: adult, acceptable: SLEEP, mayBeEmpty: true },
  { symptoms: ['insomnia'], person: pregnant, acceptable: [], mayBeEmpty: true },
  // skin, scalp, eyes, mouth
  // NHS itchy skin: use a moisturiser or emollient if the skin is dry or flaky.
  { symptoms: ['itchy rash'], person: adult, acceptable: [...ITCH, 'paraffin'] },
  // NHS conditions, atopic eczema, treatment: emollients first; antihistamines for severe itching (chlorphenamine from 1 year).
  {
    symptoms: ['eczema'],
    person: child(3),
    acceptable: ['paraffin', 'urea', 'glycerol', 'lanolin', 'colloidal oatmeal', 'chlorphenamine'],
  },
  { symptoms: ['eczema'], person: adult, acceptable: [...EMOLLIENTS, 'chlorphenamine'] },
  {
    symptoms: ['nappy rash'],
    person: baby(7),
    acceptable: ['zinc oxide', 'simeticone', 'paraffin', 'clotrimazole', 'miconazole', 'lanolin', 'titanium dioxide'],
  },
  {
    symptoms: ['acne'],
    person: adult,
    acceptable: ['benzoyl peroxide', 'salicylic acid', 'adapalene', 'azelaic acid', 'nicotinamide', 'sulfur'],
  },
  { symptoms: ['ringworm'], person: adult, acceptable: FUNGAL_SKIN },
  { symptoms: ['vaginal thrush'], person: adult, acceptable: THRUSH },
  {
    symptoms: ['cold sore'],
    person: adult,
    acceptable: ['aciclovir', 'acyclovir', 'docosanol', 'penciclovir', 'zinc oxide'],
  },
  {
    symptoms: ['head lice'],
    person: child(7),
    acceptable: ['simeticone', 'permethrin', 'malathion', 'isopropyl myristate'],
  },
  { symptoms: ['dandruff'], person: adult, acceptable: DANDRUFF },
  { symptoms: ['dry eyes'], person: adult, acceptable: DRY_EYE },
  {
    symptoms: ['mouth ulcer'],
    person: adult,
    acceptable: [
      'benzydamine',
      'chlorhexidine',
      'lidocaine',
      'benzocaine',
      'hydrocortisone',
      'choline salicylate',
      'carmellose',
    ],
  },
  {
    symptoms: ['mouth ulcer'],
    person: child(9),
    acceptable: ['benzydamine', 'chlorhexidine', 'lidocaine', 'benzocaine', 'carmellose'],
  },
  { symptoms: ['sunburn'], person: adult, acceptable: [...PAIN, 'calamine', 'aloe vera'] },
  { symptoms: ['quit smoking'], person: adult, acceptable: ['nicotine'] },
  {
    symptoms: ['earwax'],
    person: adult,
    acceptable: ['olive oil', 'sodium bicarbonate', 'urea hydrogen peroxide', 'docusate', 'carbamide peroxide'],
  },
];

/**
 * Ingredients a pharmacist would not hand this person without a doctor, whatever the complaint: the judge's
 * list (from the NHS medicines pages' "who can and cannot take it"), kept apart from the medicine facts the
 * finder reads so that the unsafe count is not the finder agreeing with itself.
 */
export function unsafeIngredientsFor(person: JudgedPerson | undefined): Set<string> {
  if (!person || person.kind === 'adult') return new Set();
  if (person.kind === 'pregnant') {
    return new Set([
      'ibuprofen',
      'naproxen',
      'aspirin',
      'diclofenac',
      'ketoprofen',
      'mefenamic acid',
      'flurbiprofen',
      'codeine',
      'pseudoephedrine',
      'phenylephrine',
      'mebendazole',
      'fluconazole',
      'isotretinoin',
      'bismuth subsalicylate',
      'doxycycline',
      'loperamide',
      'warfarin',
    ]);
  }
  if (person.kind === 'breastfeeding')
    return new Set(['aspirin', 'pseudoephedrine', 'codeine', 'bismuth subsalicylate']);
  const months = person.ageMonths ?? (person.ageYears ?? 0) * 12;
  const out = new Set([
    'aspirin',
    'bismuth subsalicylate',
    'choline salicylate',
    'codeine',
    'dihydrocodeine',
    'warfarin',
  ]);
  const under = (years: number, names: string[]) => {
    if (months < years * 12) for (const n of names) out.add(n);
  };
  under(18, ['omeprazole', 'esomeprazole', 'lansoprazole', 'pantoprazole']);
  under(12, [
    'loperamide',
    'pholcodine',
    'xylometazoline',
    'oxymetazoline',
    'doxylamine',
    'diphenhydramine',
    'naproxen',
  ]);
  under(10, ['hydrocortisone']);
  under(6, ['pseudoephedrine', 'phenylephrine', 'dextromethorphan', 'guaifenesin', 'promethazine']);
  under(2, ['cetirizine', 'loratadine', 'mebendazole']);
  if (months < 3) out.add('ibuprofen');
  if (months < 2) out.add('paracetamol');
  return out;
}
