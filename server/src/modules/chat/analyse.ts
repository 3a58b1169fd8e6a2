/**
 * Question analysis: what a chat message is about (its subject: a condition, a medicine, a measured value, the
 * user's own result) and what it asks about it (its type). Pure: the vocabulary of medicines, measures and tests
 * is passed in, so the same function serves the chat service, its tests and the judged set.
 *
 * Patients write in lower case, with typos and indirectly ("can i have a beer on metronidazole"), so the type is
 * found from many plain phrasings and the medicine names allow a typo or two.
 */
import { z } from 'zod';
import { editDistance } from '../../lib/edit-distance';
import questionWordsData from './question-words.json' with { type: 'json' };
import { ageMonthsOf, isBloodPressurePair, valueNumbersOf } from './question-numbers';

export { ageMonthsOf, valueNumbers, valueNumbersOf } from './question-numbers';

const QuestionWordsSchema = z.strictObject({
  about: z.string(),
  filler: z.array(z.string().min(1)),
  typeWords: z.array(z.string().min(1)),
  personWords: z.array(z.string().min(1)),
  synonyms: z.array(z.strictObject({ pattern: z.string().min(1), flags: z.string(), replace: z.string().min(1) })),
  phrases: z.record(z.string(), z.array(z.string().min(1)).min(1)),
  questionTypes: z.record(z.string(), z.array(z.string().min(1)).min(1)),
});
/** The English words of the analysis, as data (question-words.json), checked when this module loads. */
const QUESTION_WORDS = QuestionWordsSchema.parse(questionWordsData);

/** Phrases matched as whole words in the normalised text (lower-case words, a space at each end). */
class PhraseList {
  constructor(readonly phrases: readonly string[]) {}
  test(text: string): boolean {
    return this.phrases.some((p) => text.includes(` ${p} `));
  }
}
function phrases(name: string): PhraseList {
  const list = QUESTION_WORDS.phrases[name];
  if (!list) throw new Error(`question-words.json has no phrases "${name}"`);
  return new PhraseList(list);
}

export type QuestionType =
  | 'what_is'
  | 'symptoms'
  | 'causes'
  | 'treatment'
  | 'prevention'
  | 'diagnosis'
  | 'outlook'
  | 'inheritance'
  | 'risk'
  | 'side_effects'
  | 'dose'
  | 'interaction'
  | 'alcohol'
  | 'pregnancy'
  | 'children'
  | 'normal_value'
  | 'interpret_value'
  | 'my_result'
  | 'greeting'
  | 'out_of_scope'
  | 'general';

export type Vocabulary = {
  /** Measured values (reference-values.json): lower-case aliases. */
  measures: readonly { id: string; aliases: readonly string[] }[];
  /** Medicines and active ingredients with the names people use (brands included), lower case. */
  medicines: readonly { id: string; names: readonly string[] }[];
  /** The app's tests a user may have a saved result of. */
  tests: readonly { slug: string; names: readonly string[] }[];
  /** Words that are spelled right as they are (the topics' words): never read as a typo of a medicine ("retinal"). */
  knownWords?: ReadonlySet<string>;
};

export type Analysis = {
  type: QuestionType;
  /** The words the subject is named by, for retrieval: question, person and filler words left out. */
  subjectWords: string[];
  /** Medicines named, in the order they appear. */
  medicines: string[];
  /** The words, as typed, that named them ("calpol", "paracetmol"): kept in subjectWords too. */
  medicineWords: string[];
  /**
   * A measured value named (with the numbers given, if any, and the unit written after the first: "mmol/l").
   * A bare "140/90" with no measure named is read as a blood pressure.
   */
  measure: { id: string; numbers: number[]; unit?: string } | null;
  /** The tests named ("my heart test result"). */
  tests: string[];
  person: 'child' | 'pregnant' | 'adult' | null;
  /** A child's age when the question gives it ("my 3 year old", "18 month old baby"). */
  ageMonths: number | null;
  sex: 'male' | 'female' | null;
};

/** MedQuAD question types (knowledge_passages.qtype) that answer each question type, best first. */
export const QTYPES_FOR: Partial<Record<QuestionType, readonly string[]>> = {
  what_is: ['information'],
  general: ['information'],
  symptoms: ['symptoms'],
  causes: ['causes', 'genetic changes'],
  treatment: ['treatment', 'considerations'],
  prevention: ['prevention'],
  diagnosis: ['exams and tests'],
  outlook: ['outlook'],
  inheritance: ['inheritance'],
  risk: ['susceptibility', 'causes'],
};

/** The words MedQuAD's templated questions use for each type (they help rank the right passage of a topic). */
export const QTYPE_WORDS: Partial<Record<QuestionType, string>> = {
  symptoms: 'symptoms',
  causes: 'causes',
  treatment: 'treatments',
  prevention: 'prevent',
  diagnosis: 'diagnose',
  outlook: 'outlook',
  inheritance: 'inherited',
  risk: 'risk',
};

/** The text as space-separated lower-case words, with a space at each end (so ` ${phrase} ` finds whole words). */
export function normalise(text: string): string {
  return ` ${wordsOrDigits(text).join(' ')} `;
}

function wordsOrDigits(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

const has = (text: string, re: { test(text: string): boolean }) => re.test(text);

// Types, tried in this order on the normalised text (words separated by single spaces).
const GREETING =
  /^ (hi|hii|hello|hey|hiya|good (morning|afternoon|evening|night)|thanks?|thank you|thx|ok|okay|bye|yo|how are you|how r u|how are u|whats up|what s up)( (there|medibuddy|so much|a lot|today))? $/;
const OUT_OF_SCOPE =
  / (capital (city )?of|poem|poetry|haiku|song|lyrics|write (me )?(a |an )?(story|essay|letter|code|program|script|function)|javascript|python|java|html|css|sql|typescript|c\+\+|compile|bug in my code|football|soccer|cricket|basketball|baseball|tennis|world cup|ipl|nba|score of|who won|stock|stocks|bitcoin|crypto|share price|weather|forecast|movie|film|netflix|tv show|president|prime minister|election|translate|homework|math|maths|equation|recipe for (a )?cake|joke|riddle|chess|video game|playstation|xbox|iphone|laptop|wifi|password|tallest|largest country|population of|history of (rome|india|france)|meaning of life|who invented|who wrote|who is the|how far is the moon|speed of light) /;
const HEALTH_HINT = phrases('health-hint');
const MY_RESULT =
  / my (last |latest |recent |saved )?([a-z]+ )?([a-z]+ )?(test |check )?(result|results|assessment|assessments|score|report) /;
const MY_RESULT_EXPLAIN = phrases('my-result-explain');
const NORMAL_WORDS = phrases('normal-words');
const CONDITION_TYPE_WORDS =
  / (treat|treated|treatment|cure|causes?|caused|symptoms?|signs?|prevent|prevention|diagnos[a-z]*) /;

const ALCOHOL = phrases('alcohol');
/** "Drink" means alcohol unless the drink is named as something else ("grapefruit juice on simvastatin"). */
const DRINKING = phrases('drinking');
const OTHER_DRINK = phrases('other-drink');
const PREGNANCY = phrases('pregnancy');
const CHILD = phrases('child');
const INTERACTION = phrases('interaction');
const DOSE = phrases('dose');

const TYPE_RULES: readonly [QuestionType, PhraseList][] = Object.entries(QUESTION_WORDS.questionTypes).map(
  ([type, list]) => [type as QuestionType, new PhraseList(list)],
);

/** Typos allowed in a one-word name: none under 5 letters, one from 5, two from 9. */
function typosAllowed(name: string): number {
  return name.length >= 9 ? 2 : name.length >= 5 ? 1 : 0;
}

/** Where each phrase of a list occurs as whole words; a one-word phrase may also match a word with a typo. */
function findPhrases(
  text: string,
  words: readonly string[],
  phrases: readonly string[],
  allowTypos: boolean,
  knownWords: ReadonlySet<string> = new Set(),
): { phrase: string; typed: string; at: number } | null {
  let best: { phrase: string; typed: string; at: number } | null = null;
  for (const phrase of phrases) {
    const at = text.indexOf(` ${phrase} `);
    if (at !== -1) {
      if (!best || phrase.length > best.phrase.length) best = { phrase, typed: phrase, at };
      continue;
    }
    if (!allowTypos || phrase.includes(' ')) continue;
    const allowed = typosAllowed(phrase);
    if (allowed === 0) continue;
    const index = words.findIndex(
      (w) => w.length >= 5 && w[0] === phrase[0] && !knownWords.has(w) && editDistance(w, phrase, allowed) <= allowed,
    );
    if (index !== -1 && !best) best = { phrase, typed: words[index] as string, at: text.indexOf(` ${words[index]} `) };
  }
  return best;
}

const FILLER = new Set(QUESTION_WORDS.filler);

/** Words that say what is asked, not about what: left out of the subject. */
const TYPE_WORDS = new Set(QUESTION_WORDS.typeWords);
const PERSON_WORDS = new Set(QUESTION_WORDS.personWords);

function typeOf(text: string): QuestionType {
  for (const [type, re] of TYPE_RULES) if (re.test(text)) return type;
  return 'general';
}

/**
 * Everyday names and abbreviations, rewritten to the name the sources file the topic under before the subject is
 * read ("underactive thyroid" is filed as hypothyroidism). Vocabulary, not medical facts.
 */
const SYNONYMS: readonly [RegExp, string][] = QUESTION_WORDS.synonyms.map((s) => [
  new RegExp(s.pattern, s.flags),
  s.replace,
]);

/**
 * "I took 2 extra paracetamol by mistake", "what if i take too much ibuprofen": more than the dose was (or may be)
 * taken. Not "can i take an extra one" (a dose question): the extra must have been taken or given already.
 */
const TOO_MUCH = new RegExp(
  [
    // "gave my son too much calpol"; not "had too much to drink" (the drink, not a medicine, was too much).
    String.raw`\b(took|taken|had|gave|given|swallowed|take|takes|taking|give)\s+(\w+\s+){0,3}?(way\s+)?too\s+(much|many)\b(?!\s+(to\s+drink|to\s+eat|alcohol|booze|wine|beer|food|sun|coffee|caffeine)\b)`,
    String.raw`\b(one too many|double dosed|doubled up|overdid)\b`,
    String.raw`\b(took|taken|given|gave|swallowed)\s+(\w+\s+){0,2}more\s+than\b`,
    String.raw`\b(took|taken|had|gave|given|swallowed|accidentally|accidently)\b.{0,40}\b(extra(?!\s+strength)|by mistake|by accident|accidentally|accidently|twice the|double the|a double|two doses|2 doses)\b`,
  ].join('|'),
);

export function tookTooMuch(typed: string): boolean {
  return TOO_MUCH.test(typed.toLowerCase().replace(/[’‘]/g, "'"));
}

/** Analyses a question. `text` is the user's message as typed. */
export function analyseQuestion(typed: string, vocabulary: Vocabulary): Analysis {
  let text = typed.toLowerCase();
  for (const [re, to] of SYNONYMS) text = text.replace(re, to);
  const norm = normalise(text);
  const words = wordsOrDigits(text);
  const person: Analysis['person'] = has(norm, PREGNANCY)
    ? 'pregnant'
    : has(norm, CHILD)
      ? 'child'
      : has(norm, / (adult|adults|grown up|grownup) /)
        ? 'adult'
        : null;
  const sex: Analysis['sex'] = has(norm, / (man|male|guy|men|husband|dad|father|boy|son|brother|he|his) /)
    ? 'male'
    : has(norm, / (woman|female|women|lady|wife|mom|mum|mother|girl|daughter|sister|she|her) /)
      ? 'female'
      : null;

  // Medicines, in order of appearance (a second one makes it an interaction question).
  const medicineHits = vocabulary.medicines
    .map((m) => ({ id: m.id, hit: findPhrases(norm, words, m.names, true, vocabulary.knownWords) }))
    .filter((m): m is { id: string; hit: { phrase: string; typed: string; at: number } } => m.hit !== null)
    .sort((a, b) => a.hit.at - b.hit.at);
  const medicines = [...new Set(medicineHits.map((m) => m.id))];
  const medicineWords = [...new Set(medicineHits.flatMap((m) => m.hit.typed.split(' ')))];

  let measure: Analysis['measure'] = null;
  let bestAlias = '';
  for (const m of vocabulary.measures) {
    const hit = findPhrases(norm, words, m.aliases, false);
    if (hit && hit.phrase.length > bestAlias.length) {
      bestAlias = hit.phrase;
      measure = { id: m.id, numbers: [] };
    }
  }
  const given = valueNumbersOf(text);
  if (measure) {
    measure.numbers = given.numbers;
    if (given.unit) measure.unit = given.unit;
  } else if (
    given.isPair &&
    medicineHits.length === 0 &&
    isBloodPressurePair(given.numbers) &&
    vocabulary.measures.some((m) => m.id === 'blood_pressure')
  ) {
    measure = { id: 'blood_pressure', numbers: given.numbers };
  }

  const tests = vocabulary.tests.filter((t) => t.names.some((n) => norm.includes(` ${n} `))).map((t) => t.slug);
  const all = wordsOrDigits(text);
  const subjectWords = all.filter(
    (w, i) =>
      !FILLER.has(w) &&
      !TYPE_WORDS.has(w) &&
      !PERSON_WORDS.has(w) &&
      (w.length > 1 || /^(hepatitis|hep|vitamin|type|group|strep)$/.test(all[i - 1] ?? '')) &&
      (!/^\d+$/.test(w) || /^(type|stage|grade|covid|trisomy|factor|class)$/.test(all[i - 1] ?? '')),
  );
  const ageMonths = ageMonthsOf(text);
  const base = {
    subjectWords,
    medicines,
    medicineWords,
    measure,
    tests,
    person: person ?? (ageMonths !== null && ageMonths < 16 * 12 ? 'child' : null),
    ageMonths,
    sex,
  };

  // The user's own saved result comes before anything else that the same words could mean.
  if (
    has(norm, MY_RESULT) &&
    (has(norm, MY_RESULT_EXPLAIN) || tests.length > 0) &&
    !(measure && measure.numbers.length > 0)
  ) {
    return { ...base, type: 'my_result' };
  }
  // A pulse taken while exercising is not read against resting ranges: the ranges are said instead.
  if (
    measure?.id === 'resting_heart_rate' &&
    has(norm, / (exercis[a-z]*|running|run|workout|working out|gym|jogging|walking|climbing) /)
  ) {
    return { ...base, type: 'normal_value' };
  }
  // "My 4 year old has a fever of 39, can I give aspirin" asks about the medicine for that person first; the
  // reading is answered after it (respond.ts).
  // An INR is asked about by people on warfarin ("inr 2.5 is that ok on warfarin"): the number is the question.
  const isMedicineQuestion =
    measure?.id !== 'inr' &&
    medicines.length > 0 &&
    (has(norm, DOSE) ||
      base.person === 'child' ||
      base.person === 'pregnant' ||
      has(norm, / (give|take|safe|ok|okay) /));
  if (measure && measure.numbers.length > 0 && !isMedicineQuestion) return { ...base, type: 'interpret_value' };

  if (medicines.length > 0) {
    if (has(norm, ALCOHOL) || (has(norm, DRINKING) && !has(norm, OTHER_DRINK))) return { ...base, type: 'alcohol' };
    if (
      // Two medicines and "on", "take" or "taking" ("my dad is on warfarin, can he take nurofen", "i take
      // sertraline, can i take tramadol") ask about them together.
      (medicines.length > 1 &&
        (has(norm, INTERACTION) || has(norm, / (on|take|taking|takes|use|using|prescribed) /))) ||
      has(norm, / (interact|interaction|interactions|interfere) /)
    ) {
      return { ...base, type: 'interaction' };
    }
    if (base.person === 'pregnant') return { ...base, type: 'pregnancy' };
    if (base.person === 'child' && (has(norm, DOSE) || has(norm, / (give|safe|can|ok|okay) /)))
      return { ...base, type: 'children' };
    if (has(norm, DOSE)) return { ...base, type: 'dose' };
    // "Can ibuprofen cause ulcers" asks about a side effect; "what causes iron deficiency" about a condition.
    const causeAt = norm.search(/ (cause|causes|causing) /);
    const isMedicineCause =
      causeAt !== -1 && medicineWords.some((w) => norm.indexOf(` ${w} `) !== -1 && norm.indexOf(` ${w} `) < causeAt);
    if (
      has(norm, / (side effect|side effects|sideeffects|side affects|adverse|reaction|reactions|make me|makes me) /) ||
      isMedicineCause
    ) {
      return { ...base, type: 'side_effects' };
    }
    return { ...base, type: typeOf(norm) };
  }

  // "High blood pressure" names the condition; "is my blood pressure high" asks about the value.
  const withoutConditions = norm.replace(/ (high|low) (blood pressure|cholesterol|blood sugar|sugar|bp) /g, ' ');
  if (measure && has(withoutConditions, NORMAL_WORDS) && !has(norm, CONDITION_TYPE_WORDS))
    return { ...base, type: 'normal_value' };

  if (has(norm, GREETING)) return { ...base, type: 'greeting' };
  if (has(norm, OUT_OF_SCOPE) && !has(norm, HEALTH_HINT)) return { ...base, type: 'out_of_scope' };
  return { ...base, type: typeOf(norm) };
}
