/**
 * Symptoms in plain words, the other names people use for them, and the words a medicine's "uses" say when
 * it treats them. Written for this project; symptom names were checked against the symptom list of the
 * disease data set (Symptom-severity.csv) so its wording ("continuous sneezing", "burning micturition",
 * "passage of gases") is understood, but nothing of that file is copied in.
 *
 * `terms` and `exclude` are phrases of the English full-text search: words in a phrase must be adjacent in a
 * use ("runny nose"); `exclude` removes uses that contain a term in another sense ("hay fever" is not a
 * fever). Red-flag symptoms are deliberately absent: they get an emergency notice, never medicines.
 */
export type SymptomEntry = {
  label: string;
  synonyms: string[];
  terms: string[];
  exclude?: string[];
};

const PAIN_RELIEF = 'pain relief';

export const SYMPTOM_VOCABULARY: SymptomEntry[] = [
  {
    label: 'Headache',
    synonyms: ['head ache', 'head pain', 'headaches', 'tension headache', 'cephalalgia', 'sore head'],
    terms: ['headache', PAIN_RELIEF, 'migraine'],
    exclude: ['prevention of migraine'],
  },
  {
    label: 'Fever',
    synonyms: ['high temperature', 'temperature', 'pyrexia', 'feverish', 'febrile', 'high fever', 'mild fever', 'chills', 'shivering'],
    terms: ['fever'],
    exclude: ['hay fever', 'typhoid fever', 'rheumatic fever', 'yellow fever', 'fever blisters', 'fever blister'],
  },
  {
    label: 'Body aches',
    synonyms: ['aches', 'aching', 'body pain', 'general pain', 'pain', 'aches and pains', 'malaise'],
    terms: [PAIN_RELIEF, 'muscular pain', 'muscle pain', 'aches'],
  },
  {
    label: 'Migraine',
    synonyms: ['migraines', 'migraine headache', 'migraine attack'],
    terms: ['migraine', 'headache'],
    exclude: ['prevention of migraine'],
  },
  {
    label: 'Toothache',
    synonyms: ['tooth ache', 'tooth pain', 'dental pain', 'teeth pain', 'sore tooth'],
    terms: ['toothache', 'dental pain', PAIN_RELIEF],
  },
  {
    label: 'Teething',
    synonyms: ['teething pain', 'baby teething'],
    terms: ['teething'],
  },
  {
    label: 'Back pain',
    synonyms: ['backache', 'back ache', 'lower back pain', 'lumbago', 'sore back', 'back strain'],
    terms: ['back pain', 'muscular pain', 'muscle spasm', PAIN_RELIEF],
  },
  {
    label: 'Neck pain',
    synonyms: ['sore neck', 'stiff neck', 'neck ache', 'neck strain'],
    terms: ['neck pain', 'muscular pain', 'muscle spasm', PAIN_RELIEF],
  },
  {
    label: 'Muscle pain',
    synonyms: ['muscle ache', 'muscle aches', 'sore muscles', 'myalgia', 'muscle strain', 'pulled muscle', 'muscle stiffness'],
    terms: ['muscular pain', 'muscle pain', 'muscle spasm', 'muscle aches', PAIN_RELIEF],
  },
  {
    label: 'Sprain or strain',
    synonyms: ['sprain', 'sprains', 'strain', 'twisted ankle', 'sprained ankle', 'sports injury'],
    terms: ['sprains', 'strains', 'muscular pain', PAIN_RELIEF],
  },
  {
    label: 'Muscle cramps',
    synonyms: ['cramp', 'cramps', 'leg cramps', 'muscle cramp', 'muscle spasm', 'muscle spasms', 'charley horse'],
    terms: ['muscle cramps', 'muscle spasm', 'cramps'],
    exclude: ['abdominal cramps', 'stomach cramps', 'menstrual cramps'],
  },
  {
    label: 'Joint pain',
    synonyms: [
      'joint ache', 'aching joints', 'arthralgia', 'sore joints', 'knee pain', 'hip pain', 'hip joint pain',
      'painful joints', 'joint stiffness', 'arthritis pain', 'swelling joints',
    ],
    terms: ['joint pain', 'arthralgia', 'osteoarthritis', PAIN_RELIEF],
  },
  {
    label: 'Period pain',
    synonyms: ['period pains', 'menstrual pain', 'menstrual cramps', 'painful periods', 'dysmenorrhoea', 'dysmenorrhea', 'cramps during periods'],
    terms: ['period pain', 'menstrual pain', 'pain during menstruation', 'menstrual cramps', 'dysmenorrhea', PAIN_RELIEF],
  },
  {
    label: 'Heavy periods',
    synonyms: ['heavy menstrual bleeding', 'menorrhagia', 'heavy period'],
    terms: ['heavy menstrual bleeding', 'heavy periods', 'menorrhagia'],
  },
  {
    label: 'Sore throat',
    synonyms: ['throat pain', 'scratchy throat', 'pharyngitis', 'throat irritation', 'painful throat', 'irritated throat', 'patches in throat'],
    terms: ['sore throat', 'pharyngitis', 'throat infection'],
  },
  {
    label: 'Cough',
    synonyms: ['coughing', 'coughs'],
    terms: ['cough'],
  },
  {
    label: 'Dry cough',
    synonyms: ['tickly cough', 'tickling cough', 'non productive cough', 'irritating cough'],
    terms: ['dry cough', 'tickly cough', 'cough'],
    exclude: ['cough with mucus'],
  },
  {
    label: 'Chesty cough',
    synonyms: [
      'wet cough', 'productive cough', 'cough with phlegm', 'cough with mucus', 'phlegm', 'mucus', 'sputum',
      'mucoid sputum', 'catarrh',
    ],
    terms: ['chesty cough', 'cough with mucus', 'mucus', 'phlegm', 'catarrh'],
  },
  {
    label: 'Common cold',
    synonyms: ['cold', 'colds', 'a cold', 'head cold', 'coryza', 'cold symptoms'],
    terms: ['common cold', 'colds', 'nasal congestion', 'runny nose'],
  },
  {
    label: 'Flu',
    synonyms: ['influenza', 'flu symptoms', 'flu like symptoms', 'the flu'],
    terms: ['influenza', 'flu', 'common cold', 'fever'],
    exclude: ['hay fever', 'typhoid fever', 'rheumatic fever'],
  },
  {
    label: 'Runny nose',
    synonyms: ['running nose', 'rhinitis', 'rhinorrhoea', 'rhinorrhea', 'nasal discharge', 'dripping nose', 'drippy nose'],
    terms: ['runny nose', 'rhinitis', 'hay fever', 'common cold', 'nasal allergy'],
  },
  {
    label: 'Blocked nose',
    synonyms: ['stuffy nose', 'stuffed nose', 'nasal congestion', 'congestion', 'blocked sinuses', 'sinus congestion', 'sinus pressure', 'nose blocked'],
    terms: ['nasal congestion', 'blocked nose', 'stuffy nose', 'congestion', 'sinusitis'],
  },
  {
    label: 'Sinusitis',
    synonyms: ['sinus pain', 'sinus infection', 'sinus headache', 'sinuses'],
    terms: ['sinusitis', 'sinus', 'nasal congestion'],
  },
  {
    label: 'Sneezing',
    synonyms: ['sneeze', 'sneezes', 'continuous sneezing', 'sneezing fits'],
    terms: ['sneezing', 'hay fever', 'rhinitis'],
  },
  {
    label: 'Hay fever',
    synonyms: ['hayfever', 'allergic rhinitis', 'pollen allergy', 'seasonal allergies', 'seasonal allergy'],
    terms: ['hay fever', 'allergic rhinitis', 'sneezing', 'runny nose'],
  },
  {
    label: 'Allergy',
    synonyms: ['allergies', 'allergic', 'mild allergic reaction', 'allergic reaction', 'dust allergy', 'pet allergy'],
    terms: ['allergic conditions', 'allergy', 'allergies', 'hay fever', 'allergic rhinitis'],
  },
  {
    label: 'Itchy eyes',
    synonyms: ['watery eyes', 'watering eyes', 'watering from eyes', 'eye allergy', 'allergic conjunctivitis', 'itchy watery eyes'],
    terms: ['allergic eye', 'itchy eyes', 'watery eyes', 'allergic conjunctivitis', 'hay fever'],
  },
  {
    label: 'Red eye',
    synonyms: ['redness of eyes', 'red eyes', 'pink eye', 'sticky eye', 'eye infection', 'conjunctivitis', 'bloodshot eyes'],
    terms: ['conjunctivitis', 'eye infection', 'bacterial eye infections', 'redness and swelling in the eye'],
  },
  {
    label: 'Dry eyes',
    synonyms: ['dry eye', 'gritty eyes', 'tired eyes', 'eye strain'],
    terms: ['dry eyes', 'dry eye'],
  },
  {
    label: 'Earache',
    synonyms: ['ear ache', 'ear pain', 'otalgia', 'sore ear', 'ear infection'],
    terms: ['earache', 'ear pain', 'ear infection', 'external ear'],
  },
  {
    label: 'Earwax',
    synonyms: ['ear wax', 'blocked ear', 'blocked ears', 'wax in ear', 'cerumen'],
    terms: ['earwax', 'ear wax', 'cerumen'],
  },
  {
    label: 'Itching',
    synonyms: ['itch', 'itchy', 'itchy skin', 'pruritus', 'scratching', 'internal itching'],
    terms: ['itching', 'itch', 'pruritus', 'urticaria', 'allergic skin'],
  },
  {
    label: 'Skin rash',
    synonyms: ['rash', 'rashes', 'red rash', 'itchy rash', 'skin irritation', 'dermatitis'],
    terms: ['rash', 'allergic skin', 'dermatitis', 'eczema', 'skin conditions with inflammation'],
    // A nappy rash is its own entry, with its own treatments.
    exclude: ['nappy rash', 'diaper rash'],
  },
  {
    label: 'Hives',
    synonyms: ['urticaria', 'nettle rash', 'wheals', 'welts'],
    terms: ['urticaria', 'hives', 'allergic skin', 'itching'],
  },
  {
    label: 'Eczema',
    synonyms: ['atopic dermatitis', 'atopic eczema', 'dry itchy skin', 'flaky itchy skin'],
    terms: ['eczema', 'atopic dermatitis', 'dermatitis'],
    exclude: ['seborrhoeic dermatitis', 'seborrheic dermatitis'],
  },
  {
    label: 'Dry skin',
    synonyms: ['xerosis', 'flaky skin', 'rough skin', 'skin peeling', 'cracked skin'],
    terms: ['dry skin', 'emollient', 'moisturiser', 'moisturizer'],
  },
  {
    label: 'Chapped lips',
    synonyms: ['dry lips', 'cracked lips', 'sore lips', 'drying and tingling lips'],
    terms: ['chapped lips', 'dry lips', 'cracked lips'],
  },
  {
    label: 'Acne',
    synonyms: ['pimples', 'spots', 'zits', 'blackheads', 'whiteheads', 'breakouts', 'pus filled pimples'],
    terms: ['acne', 'pimples', 'blackheads'],
  },
  {
    label: 'Dandruff',
    synonyms: ['flaky scalp', 'itchy scalp', 'seborrhoeic dermatitis', 'seborrheic dermatitis'],
    terms: ['dandruff', 'seborrheic dermatitis', 'seborrhoeic dermatitis'],
  },
  {
    label: 'Fungal skin infection',
    synonyms: ['ringworm', 'tinea', 'jock itch', 'fungal infection', 'fungal rash', 'skin fungus'],
    terms: ['fungal skin infections', 'fungal infections of skin', 'ringworm', 'tinea', 'athlete foot', 'jock itch', 'fungal infections'],
  },
  {
    label: "Athlete's foot",
    synonyms: ['athletes foot', 'athlete foot', 'tinea pedis', 'itchy feet', 'foot fungus'],
    terms: ['athlete foot', 'tinea pedis', 'fungal skin infections', 'fungal infections'],
  },
  {
    label: 'Fungal nail infection',
    synonyms: ['nail fungus', 'fungal nails', 'onychomycosis'],
    terms: ['fungal nail infections', 'nail infection'],
  },
  {
    label: 'Nappy rash',
    synonyms: ['diaper rash', 'napkin rash'],
    terms: ['nappy rash', 'diaper rash'],
  },
  {
    label: 'Vaginal thrush',
    synonyms: ['thrush', 'yeast infection', 'vaginal yeast infection', 'vaginal itching', 'candida', 'candidiasis'],
    terms: ['vaginal thrush', 'fungal infections of vagina', 'vaginal yeast', 'candidiasis'],
  },
  {
    label: 'Cold sores',
    synonyms: ['cold sore', 'fever blisters', 'fever blister', 'herpes labialis', 'lip blisters'],
    terms: ['cold sores', 'herpes labialis'],
  },
  {
    label: 'Mouth ulcers',
    synonyms: ['mouth ulcer', 'canker sores', 'canker sore', 'aphthous ulcers', 'mouth sores', 'ulcers on tongue'],
    terms: ['mouth ulcers', 'aphthous ulcers', 'canker sores'],
  },
  {
    label: 'Sore gums',
    synonyms: ['gum pain', 'swollen gums', 'bleeding gums', 'gingivitis', 'gum inflammation'],
    terms: ['gingivitis', 'inflammation of gums', 'gum disease', 'sore gums'],
  },
  {
    label: 'Heartburn',
    synonyms: [
      'acid reflux', 'acidity', 'reflux', 'gerd', 'gord', 'gastro oesophageal reflux', 'gastroesophageal reflux',
      'acid indigestion', 'sour stomach', 'burning stomach', 'acid stomach',
    ],
    terms: ['heartburn', 'acid reflux', 'acidity', 'gastroesophageal reflux', 'gastro oesophageal reflux'],
  },
  {
    label: 'Indigestion',
    synonyms: ['dyspepsia', 'upset stomach', 'stomach upset', 'bad digestion'],
    terms: ['indigestion', 'dyspepsia', 'acidity', 'heartburn'],
  },
  {
    label: 'Bloating',
    synonyms: ['bloated', 'wind', 'gas', 'gassy', 'trapped wind', 'flatulence', 'passage of gases', 'distended stomach'],
    terms: ['bloating', 'flatulence', 'trapped wind', 'wind', 'gas'],
  },
  {
    label: 'Stomach cramps',
    synonyms: [
      'stomach ache', 'stomachache', 'stomach pain', 'tummy ache', 'tummy pain', 'belly ache', 'belly pain',
      'abdominal pain', 'abdominal cramps', 'colic', 'griping pain',
    ],
    terms: ['abdominal pain', 'abdominal cramps', 'abdominal cramp', 'stomach cramps', 'stomach pain', 'smooth muscle spasm', 'irritable bowel syndrome'],
  },
  {
    label: 'Irritable bowel syndrome',
    synonyms: ['ibs', 'irritable bowel', 'spastic colon'],
    terms: ['irritable bowel syndrome', 'smooth muscle spasm'],
  },
  {
    label: 'Nausea',
    synonyms: ['feeling sick', 'queasy', 'queasiness', 'nauseous', 'nauseated', 'sick feeling'],
    terms: ['nausea', 'vomiting', 'motion sickness'],
  },
  {
    label: 'Vomiting',
    synonyms: ['being sick', 'throwing up', 'emesis', 'vomit', 'puking'],
    terms: ['vomiting', 'nausea'],
  },
  {
    label: 'Motion sickness',
    synonyms: ['travel sickness', 'car sickness', 'carsickness', 'sea sickness', 'seasickness', 'air sickness'],
    terms: ['motion sickness', 'travel sickness'],
  },
  {
    label: 'Dizziness',
    synonyms: ['dizzy', 'vertigo', 'giddiness', 'giddy', 'spinning sensation', 'spinning movements', 'loss of balance', 'unsteadiness', 'light headed', 'lightheaded'],
    terms: ['vertigo', 'dizziness', 'meniere'],
  },
  {
    label: 'Diarrhoea',
    synonyms: ['diarrhea', 'loose motions', 'loose stools', 'loose stool', 'runny stools', 'watery stools', 'the runs', 'upset bowels'],
    terms: ['diarrhoea', 'diarrhea', 'loose motions', 'infectious diarrhea'],
    exclude: ['prevention of diarrhea', 'clostridium difficile'],
  },
  {
    label: 'Dehydration',
    synonyms: ['dehydrated', 'fluid loss', 'sunken eyes'],
    terms: ['dehydration', 'oral rehydration'],
  },
  {
    label: 'Constipation',
    synonyms: ['constipated', 'hard stools', 'hard stool', 'difficulty passing stools', 'cannot poo', 'irregular bowels'],
    terms: ['constipation'],
  },
  {
    label: 'Piles',
    synonyms: ['haemorrhoids', 'hemorrhoids', 'pain in anal region', 'irritation in anus', 'itchy bottom', 'pain during bowel movements', 'anal fissure'],
    terms: ['piles', 'haemorrhoids', 'hemorrhoids', 'anal fissure'],
  },
  {
    label: 'Threadworms',
    synonyms: ['worms', 'pinworms', 'intestinal worms', 'roundworms', 'worm infestation', 'worm infection', 'tapeworm'],
    terms: ['threadworms', 'worm infections', 'worm infection', 'worms', 'pinworms'],
  },
  {
    label: 'Head lice',
    synonyms: ['lice', 'nits', 'nit', 'pediculosis'],
    terms: ['head lice', 'lice', 'pediculosis'],
  },
  {
    label: 'Scabies',
    synonyms: ['scabies mites', 'itchy mites'],
    terms: ['scabies'],
  },
  {
    label: 'Insect bites',
    synonyms: ['insect bite', 'bug bites', 'mosquito bites', 'bites', 'stings', 'bee sting', 'wasp sting', 'insect stings'],
    terms: ['insect bites', 'bites', 'stings'],
  },
  {
    label: 'Sunburn',
    synonyms: ['sun burn', 'sunburnt', 'sunburned'],
    terms: ['sunburn'],
  },
  {
    label: 'Minor burns',
    synonyms: ['burn', 'burns', 'scald', 'scalds', 'small burn'],
    terms: ['burns', 'minor burns', 'scalds'],
  },
  {
    label: 'Cuts and grazes',
    synonyms: ['cut', 'cuts', 'graze', 'grazes', 'scrape', 'wound', 'wounds', 'minor wounds', 'skin injury', 'infected cut', 'blister'],
    terms: ['cuts', 'grazes', 'wounds', 'wound infection', 'antiseptic'],
  },
  {
    label: 'Bruises',
    synonyms: ['bruise', 'bruising'],
    terms: ['bruises', 'bruising'],
  },
  {
    label: 'Warts and verrucas',
    synonyms: ['wart', 'warts', 'verruca', 'verrucas', 'corns', 'calluses'],
    terms: ['warts', 'verrucas', 'verruca', 'corns'],
  },
  {
    label: 'Burning when urinating',
    synonyms: [
      'burning urination', 'painful urination', 'burning micturition', 'dysuria', 'cystitis', 'uti',
      'urinary tract infection', 'bladder infection', 'urine infection', 'bladder discomfort', 'stinging when peeing',
    ],
    terms: [
      'cystitis', 'urinary tract infection', 'urinary tract infections', 'infections of urinary tract', 'dysuria',
      'burning urination', 'burning when urinating',
    ],
  },
  {
    label: 'Sleeplessness',
    synonyms: ['insomnia', 'trouble sleeping', 'difficulty sleeping', "can't sleep", 'cannot sleep', 'poor sleep', 'sleep problems'],
    terms: ['insomnia', 'sleeplessness', 'sleep problems'],
  },
  {
    label: 'Anxiety',
    synonyms: ['anxious', 'nervousness', 'worry', 'restlessness', 'panic'],
    terms: ['anxiety', 'anxiety disorder'],
  },
  {
    label: 'Tiredness',
    synonyms: ['fatigue', 'tired', 'tired all the time', 'lethargy', 'low energy', 'exhaustion', 'weakness'],
    terms: ['tiredness', 'fatigue', 'iron deficiency', 'nutritional deficiencies', 'vitamin deficiency'],
  },
  {
    label: 'Anaemia',
    synonyms: ['anemia', 'low iron', 'iron deficiency', 'low haemoglobin', 'low hemoglobin', 'pale skin'],
    terms: ['iron deficiency anemia', 'iron deficiency anaemia', 'iron deficiency', 'anaemia', 'anemia'],
    exclude: ['chronic kidney disease', 'cancer chemotherapy', 'aplastic anemia', 'sickle cell', 'iron overload'],
  },
  {
    label: 'Hair loss',
    synonyms: ['thinning hair', 'balding', 'alopecia', 'losing hair', 'hair fall'],
    terms: ['hair loss', 'alopecia'],
  },
  {
    label: 'Wheezing',
    synonyms: ['wheeze', 'wheezy', 'asthma', 'asthma symptoms'],
    terms: ['wheezing', 'asthma', 'bronchospasm'],
  },
  {
    label: 'Nicotine cravings',
    synonyms: ['quit smoking', 'stop smoking', 'quitting smoking', 'smoking cessation', 'cigarette cravings'],
    terms: ['quitting smoking', 'stop smoking', 'smoking', 'nicotine'],
  },
  {
    label: 'Loss of appetite',
    synonyms: ['no appetite', 'poor appetite', 'not hungry'],
    terms: ['loss of appetite', 'poor appetite'],
  },
];

/** Lower case, no punctuation, one space: how names and inputs are compared. */
export function normaliseSymptom(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'s\b/g, 's')
    .replace(/'/g, '')
    .replace(/[_\-/]/g, ' ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A word's comparable form: plural and -ing endings off, so "aches" and "ache", "pains" and "pain" meet. */
function wordKey(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('es') && /(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

type IndexedName = { entry: SymptomEntry; name: string; words: Set<string> };

const indexedNames: IndexedName[] = SYMPTOM_VOCABULARY.flatMap((entry) =>
  [entry.label, ...entry.synonyms].map((raw) => {
    const name = normaliseSymptom(raw);
    return { entry, name, words: new Set(name.split(' ').map(wordKey)) };
  }),
);

const byName = new Map(indexedNames.map((n) => [n.name, n.entry]));

/**
 * The vocabulary entries a symptom means. An exact name ("rhinitis") gives one entry; otherwise every entry
 * with a name whose words all appear in the text ("pain in my lower back" → Back pain; "blocked nose and sore
 * throat" → both), leaving out names contained in a longer match ("cough" inside "dry cough").
 */
export function entriesFor(symptom: string): SymptomEntry[] {
  const text = normaliseSymptom(symptom);
  const exact = byName.get(text);
  if (exact) return [exact];
  const words = new Set(text.split(' ').map(wordKey));
  const hits = indexedNames.filter((n) => [...n.words].every((w) => words.has(w)));
  const kept = hits.filter(
    (h) => !hits.some((other) => other !== h && other.words.size > h.words.size && [...h.words].every((w) => other.words.has(w))),
  );
  return [...new Set(kept.map((h) => h.entry))];
}

const SUGGESTION_LIMIT = 8;

/** The default list when nothing is typed: the most common reasons to look for a medicine. */
const COMMON = ['Headache', 'Fever', 'Cough', 'Sore throat', 'Runny nose', 'Heartburn', 'Diarrhoea', 'Itching'];

/**
 * Suggestions for a partly typed symptom: names that start with it first, then names with a word that
 * starts with it, then names that contain it. A match on another name shows which one ("rhin" → Runny
 * nose, matched as "rhinitis").
 */
export function suggestSymptoms(query: string, limit = SUGGESTION_LIMIT): { label: string; matchedName?: string }[] {
  const q = normaliseSymptom(query);
  if (!q) return COMMON.slice(0, limit).map((label) => ({ label }));
  const best = new Map<SymptomEntry, { rank: number; name: string }>();
  for (const n of indexedNames) {
    const rank = n.name.startsWith(q) ? 0 : n.name.split(' ').some((w) => w.startsWith(q)) ? 1 : n.name.includes(q) ? 2 : -1;
    if (rank < 0) continue;
    const isLabel = n.name === normaliseSymptom(n.entry.label);
    // The label wins a tie: "Heartburn" rather than "Heartburn (heart burn)".
    const score = rank * 2 + (isLabel ? 0 : 1);
    const current = best.get(n.entry);
    if (!current || score < current.rank) best.set(n.entry, { rank: score, name: n.name });
  }
  return [...best.entries()]
    // Ties keep the vocabulary's order, which lists the most common symptoms first.
    .sort((a, b) => a[1].rank - b[1].rank || SYMPTOM_VOCABULARY.indexOf(a[0]) - SYMPTOM_VOCABULARY.indexOf(b[0]))
    .slice(0, limit)
    .map(([entry, { name }]) => (name === normaliseSymptom(entry.label) ? { label: entry.label } : { label: entry.label, matchedName: name }));
}
