import { analyteOf, readValue, type Analyte } from '@medibuddy/contracts';
import { CONCEPTS, findConcepts, isInside, LEXICON, type ConceptMatch } from './lexicon';
import { lightKey, normaliseText, scriptOf, wordsOf } from './normalise';

/**
 * One reading of a person's words (decision 025): the language and script they wrote in, the concepts their words
 * hold (from the lexicon), the numbers with what they measure, ages, and an English gloss for the answers that exist
 * in English only. The chat, the symptom check, the medicine finder and the compat routes read free text through it,
 * and the safety check (safety.ts) judges this reading, never the raw text.
 */

/** The language to answer in: English, Hindi in Devanagari, Hindi in Latin letters (Hinglish). */
export type Language = 'en' | 'hi' | 'hi-Latn';

export type Measured = { measure: string; value: number; second?: number };

export type Reading = {
  text: string;
  words: string[];
  language: Language;
  concepts: ConceptMatch[];
  /** Concept ids and the classes of the concepts found (sedative, opioid, harms-pregnancy ...). */
  tags: ReadonlySet<string>;
  /** Numbers next to what they measure ("oxygen 89", "bp 160/95"). */
  measured: Measured[];
  /** Ages said as ages ("2 mahine ka", "15 दिन के बच्चे"), in months. */
  agesInMonths: number[];
  /** The English the message is read as, for answers written in English; the text itself when it is English. */
  english: string;
  /** What the message describes, in English words (the concepts' glosses): a complaint for the symptom check. */
  described: string;
};

const MARKERS = new Set(LEXICON.hinglishMarkers.map(lightKey));
/** Markers that are English words or letters too ("me", "h"): half a marker each. */
const WEAK_MARKERS = new Set(['h', 'me', 'ho', 'mai', 'bas', 'sab', 'kal', 'din', 'pe'].map(lightKey));
const UNIT_OF = new Map<string, 'day' | 'week' | 'month' | 'year'>();
for (const [unit, words] of Object.entries(LEXICON.timeUnits))
  for (const w of words) UNIT_OF.set(lightKey(w), unit as 'day' | 'week' | 'month' | 'year');
const AGE_MARKERS = new Set(LEXICON.ageMarkers.map(lightKey));
const MONTHS_PER: Record<string, number> = { day: 1 / 30, week: 12 / 52, month: 1, year: 12 };
const NUMBER = /^\d+(?:\.\d+)?$/;
const PAIR = /^(\d{2,3})\/(\d{2,3})$/;
/** A number with its unit written on ("102f", "7.8mmol/l"). */
const NUMBER_WITH_UNIT = /^(\d+(?:\.\d+)?)([a-zµμ°º%][a-zµμ°º%/]*)$/;
/** The lab analyte of each measure that has one (lexicon.json `analyte`), for reading the unit after its number. */
const ANALYTE_OF = new Map<string, Analyte>(
  LEXICON.concepts.flatMap((c) => {
    const analyte = analyteOf(c.analyte);
    return analyte ? [[c.id, analyte] as const] : [];
  }),
);
/** How far (in words) a number may sit from what it measures. */
const MEASURE_REACH = 4;

/**
 * Devanagari makes it Hindi; Hindi words in Latin letters make it Hinglish: two or more of them making a quarter of
 * the words, or one beside a concept read from a Hinglish word ("pair me moch"). English stays English, so its
 * answers read the words as typed.
 */
function languageOf(words: readonly string[], plainConcepts: () => ConceptMatch[]): Language {
  let devanagari = 0;
  let latin = 0;
  let markers = 0;
  for (const w of words) {
    const script = scriptOf(w);
    if (script === 'devanagari') devanagari++;
    else if (script === 'latin') {
      latin++;
      const key = lightKey(w);
      if (MARKERS.has(key)) markers += WEAK_MARKERS.has(key) ? 0.5 : 1;
    }
  }
  if (devanagari > 0 && devanagari >= latin / 3) return 'hi';
  if (markers >= 2 && markers >= latin / 4) return 'hi-Latn';
  if (markers >= 1 && plainConcepts().some((c) => c.language === 'hiLatn' && !isEnglishWord(words, c)))
    return 'hi-Latn';
  return 'en';
}

/** Whether a word is one of the analyte's units ('mmol/l', 'f', 'mg/dl'). */
const TEMPERATURE = analyteOf('temperature');

function unitOfWord(analyte: Analyte, word: string): boolean {
  return readValue(analyte, 1, word) !== undefined;
}

function measuredIn(words: readonly string[], concepts: readonly ConceptMatch[]): Measured[] {
  const out: Measured[] = [];
  for (const c of concepts.filter((m) => m.kind === 'measure')) {
    // The nearest number after the measure, else before it.
    const analyte = ANALYTE_OF.get(c.id);
    const isNumber = (w: string) =>
      NUMBER.test(w) || PAIR.test(w) || (analyte !== undefined && NUMBER_WITH_UNIT.test(w));
    const after = words.slice(c.end, c.end + MEASURE_REACH).findIndex(isNumber);
    const beforeStart = Math.max(0, c.start - MEASURE_REACH + 1);
    const beforeWords = words.slice(beforeStart, c.start);
    let before = -1;
    beforeWords.forEach((w, i) => {
      if (isNumber(w)) before = i;
    });
    const at = after >= 0 ? c.end + after : before >= 0 ? beforeStart + before : -1;
    const word = words[at];
    if (word === undefined) continue;
    const pair = PAIR.exec(word);
    if (pair) {
      out.push({ measure: c.id, value: Number(pair[1]), second: Number(pair[2]) });
      continue;
    }
    if (!analyte) {
      out.push({ measure: c.id, value: Number(word) });
      continue;
    }
    // In the unit typed after it (or on it), else as the analyte reads a bare number: the rules' unit either way.
    const glued = NUMBER_WITH_UNIT.exec(word);
    const next = words[at + 1];
    const typed = glued ? glued[2] : next !== undefined && unitOfWord(analyte, next) ? next : undefined;
    const value = readValue(analyte, Number(glued ? glued[1] : word), typed);
    if (value !== undefined) out.push({ measure: c.id, value });
  }
  // A number with a temperature's unit ('38.9 c', '102f') is a temperature even without a word for it.
  if (TEMPERATURE && !out.some((m) => m.measure === 'temperature')) {
    words.forEach((word, i) => {
      const glued = NUMBER_WITH_UNIT.exec(word);
      const next = words[i + 1];
      const typed = glued ? glued[2] : NUMBER.test(word) && next !== undefined ? next : undefined;
      if (typed === undefined || !/^(c|f)$/.test(typed)) return;
      const value = readValue(TEMPERATURE, Number(glued ? glued[1] : word), typed);
      const [low, high] = TEMPERATURE.plausible;
      if (value !== undefined && value >= low && value <= high && !out.some((m) => m.measure === 'temperature'))
        out.push({ measure: 'temperature', value });
    });
  }
  return out;
}

/** Who an age is said of with "is" ("my baby is 6 weeks", "she's 5 weeks"): the number after them is an age. */
const AGE_OF = new Set(['baby', 'babies', 'son', 'daughter', 'child', 'infant', 'newborn', 'girl', 'boy', 'he', 'she']);
const IS = new Set(['is', "'s"]);
const SAID_AS_IS = new Set(["he's", "she's", "baby's", 'hes', 'shes']);
/** After an age said with "is", words that make it something else ("she is 8 weeks pregnant"). */
const NOT_AN_AGE = new Set(['pregnant', 'pregnancy', 'along', 'overdue', 'late', 'early', 'ago']);

function agesIn(words: readonly string[]): number[] {
  const ages: number[] = [];
  words.forEach((w, i) => {
    if (!NUMBER.test(w)) return;
    const unit = UNIT_OF.get(lightKey(words[i + 1] ?? ''));
    if (!unit) return;
    const next = lightKey(words[i + 2] ?? '');
    const saidWithIs =
      ((IS.has(words[i - 1] ?? '') && AGE_OF.has(words[i - 2] ?? '')) || SAID_AS_IS.has(words[i - 1] ?? '')) &&
      !NOT_AN_AGE.has(words[i + 2] ?? '');
    if (AGE_MARKERS.has(next) || saidWithIs) ages.push(Number(w) * MONTHS_PER[unit]!);
  });
  return ages;
}

/** A count of ten or more ("12 dolo", "15-20 paracetamol") within two words before a medicine: tagged many-tablets. */
const MANY = 10;
const COUNT = /^(\d+)(?:-(\d+))?$/;
function hasManyTablets(words: readonly string[], concepts: readonly ConceptMatch[]): boolean {
  return concepts
    .filter((c) => c.kind === 'medicine')
    .some((c) =>
      words.slice(Math.max(0, c.start - 2), c.start).some((w) => {
        const m = COUNT.exec(w);
        return m !== null && Number(m[2] ?? m[1]) >= MANY;
      }),
    );
}

/**
 * A time said as a number with its unit that is 3 weeks or more ("4 hafte se", "2 months", "21 din"), not an age ("4
 * week old"): tagged three-weeks-or-more, for the signs that need a doctor when they last that long (a cough).
 */
const OF_WORDS = new Set(['ka', 'ki', 'ke', 'का', 'की', 'के'].map(lightKey));
const SINCE = new Set(['for', 'since', 'past', 'last', 'se', 'से'].map(lightKey));
/** Before a unit, a frequency ("twice a month", "har mahine"), not a length of time. */
const PER = new Set(
  ['once', 'twice', 'times', 'per', 'every', 'each', 'baar', 'bar', 'बार', 'har', 'हर'].map(lightKey),
);
/** After a unit, a time in the past ("2 months ago", "ek mahine pehle"), not a length of time. */
export const AGO = new Set(['ago', 'back', 'pehle', 'pahle', 'पहले'].map(lightKey));
const WEEKS_PER: Record<string, number> = { day: 1 / 7, week: 1, month: 52 / 12, year: 52 };
/** Counts said in words before a unit ("ek mahine se", "two months", "तीन हफ्ते"); 'a' is one ("for a month"). */
const NUMBER_WORDS = new Map<string, number>(
  (
    [
      ['a', 1],
      ['an', 1],
      ['one', 1],
      ['two', 2],
      ['three', 3],
      ['four', 4],
      ['five', 5],
      ['six', 6],
      ['seven', 7],
      ['eight', 8],
      ['nine', 9],
      ['ten', 10],
      ['ek', 1],
      ['do', 2],
      ['teen', 3],
      ['char', 4],
      ['paanch', 5],
      ['panch', 5],
      ['chhah', 6],
      ['chhe', 6],
      ['saat', 7],
      ['aath', 8],
      ['nau', 9],
      ['das', 10],
      ['एक', 1],
      ['दो', 2],
      ['तीन', 3],
      ['चार', 4],
      ['पांच', 5],
      ['पाँच', 5],
      ['छह', 6],
      ['छः', 6],
      ['सात', 7],
      ['आठ', 8],
      ['नौ', 9],
      ['दस', 10],
    ] as const
  ).map(([w, n]) => [lightKey(w), n]),
);
function countOf(word: string): number | undefined {
  return NUMBER.test(word) ? Number(word) : NUMBER_WORDS.get(lightKey(word));
}
/** A count with its unit of time (weeks), where it is one and not an age ("4 week old"). */
/** One-word names of a child or baby (the lexicon's 'child' and 'baby'): a time of theirs before one is an age. */
const PEOPLE = new Set(
  ['child', 'baby']
    .flatMap((id) => {
      const c = CONCEPTS.get(id);
      return c ? [...c.en, ...c.hi, ...c.hiLatn] : [];
    })
    .filter((t) => !t.includes(' '))
    .map(lightKey),
);
function timesIn(words: readonly string[]): { at: number; unit: 'day' | 'week' | 'month' | 'year'; weeks: number }[] {
  const out: { at: number; unit: 'day' | 'week' | 'month' | 'year'; weeks: number }[] = [];
  words.forEach((w, i) => {
    const n = countOf(w);
    if (n === undefined) return;
    const unit = UNIT_OF.get(lightKey(words[i + 1] ?? ''));
    if (!unit) return;
    // "ka/ki/ke" is "of" as often as an age ("3 hafte ki khansi"): an age only with a year; "old", "aged" always.
    const next = lightKey(words[i + 2] ?? '');
    if (AGE_MARKERS.has(next) && (unit === 'year' || !OF_WORDS.has(next))) return;
    // ... and always when a child follows it ("14 mahine ke bete", "2 saal ki beti").
    if (OF_WORDS.has(next) && PEOPLE.has(lightKey(words[i + 3] ?? ''))) return;
    out.push({ at: i, unit, weeks: n * WEEKS_PER[unit]! });
  });
  return out;
}
/** How far along a pregnancy is said to be: a time next to a word for pregnancy ("7 mahine ki pregnant"). */
function pregnancyTimes(words: readonly string[], concepts: readonly ConceptMatch[]) {
  const pregnant = concepts.filter((c) => c.id === 'pregnant');
  return timesIn(words).filter(
    (t) =>
      t.unit !== 'year' &&
      t.unit !== 'day' &&
      // Weeks said first of all ("34 weeks, ..."), or a time within a few words of "pregnant" either side.
      ((t.at === 0 && t.unit === 'week' && t.weeks >= 12 && !SINCE.has(lightKey(words[2] ?? ''))) ||
        pregnant.some((p) => p.start - (t.at + 2) <= 2 && t.at - p.end <= 2)),
  );
}
/**
 * A time that is 3 weeks or more ("4 hafte se", "2 months", "21 din", "ek mahine se"), not an age, a frequency
 * ("twice a month"), a time ago, or how far along a pregnancy is: tagged three-weeks-or-more, for the signs that need
 * a doctor when they last that long (a cough).
 */
function lastsThreeWeeksOrMore(words: readonly string[], concepts: readonly ConceptMatch[], atLeast = 3): boolean {
  const ofPregnancy = new Set(pregnancyTimes(words, concepts).map((t) => t.at));
  return timesIn(words).some(({ at: i, unit, weeks }) => {
    const next = lightKey(words[i + 2] ?? '');
    // Years are an age as often as a time ("30 years, cough since 5 days"): a time only after "for"/"since" or before "se".
    if (unit === 'year' && !SINCE.has(lightKey(words[i - 1] ?? '')) && !SINCE.has(next)) return false;
    if (PER.has(lightKey(words[i - 1] ?? '')) || AGO.has(next) || ofPregnancy.has(i)) return false;
    return weeks >= atLeast;
  });
}
/** A pregnancy of 20 weeks or more (5 months or more), when the warning signs of pre-eclampsia can come. */
function pregnancyFromTwentyWeeks(words: readonly string[], concepts: readonly ConceptMatch[]): boolean {
  return pregnancyTimes(words, concepts).some((t) => t.weeks >= 20 && t.weeks <= 45);
}

/** Whether the words a Hinglish term matched are also an English term of the same concept ("fever"). */
function isEnglishWord(words: readonly string[], match: ConceptMatch): boolean {
  const said = words.slice(match.start, match.end).join(' ');
  return (CONCEPTS.get(match.id)?.en ?? []).some((t) => lightKey(t) === lightKey(said));
}

const glossOf = (id: string) => {
  const c = CONCEPTS.get(id)!;
  return c.gloss ?? c.en[0] ?? id;
};

/** The English a Hindi or Hinglish message is read as: a question the English answers understand. */
function englishOf(reading: Omit<Reading, 'english' | 'described'>): string {
  const of = (kind: string) => [...new Set(reading.concepts.filter((c) => c.kind === kind).map((c) => c.id))];
  const medicines = of('medicine').filter((id) => id !== 'tablets');
  const conditions = of('condition');
  const asks = of('ask');
  const { tags } = reading;
  if (reading.measured.length > 0 && medicines.length === 0) {
    const m = reading.measured[0]!;
    const value = m.second !== undefined ? `${m.value}/${m.second}` : String(m.value);
    const fasting = m.measure === 'blood-sugar' && tags.has('fasting') ? 'fasting ' : '';
    return `my ${fasting}${glossOf(m.measure)} is ${value}${m.measure === 'oxygen' ? '%' : ''}`;
  }
  if (medicines.length > 0) {
    const names = medicines.map(glossOf);
    const who = reading.agesInMonths[0];
    const context = tags.has('pregnant')
      ? ' in pregnancy'
      : tags.has('alcohol')
        ? ' with alcohol'
        : who !== undefined && who < 16 * 12
          ? ` for a child aged ${Math.max(1, Math.round(who / 12))}`
          : '';
    if (names.length > 1) return `can i take ${names.join(' and ')} together`;
    if (asks.includes('ask-quantity')) return `how much ${names[0]} can i take${context}`;
    if (asks.includes('ask-can') || asks.includes('ask-safe')) return `can i take ${names[0]}${context}`;
    return `${names[0]}${context}`;
  }
  if (conditions.length > 0) {
    const name = glossOf(conditions[0]!);
    const ask = asks.find((a) => a !== 'question' && a !== 'ask-quantity' && a !== 'ask-normal');
    return ask ? `${glossOf(ask)} ${name}` : `what is ${name}`;
  }
  return describedOf(reading.concepts);
}

function describedOf(concepts: readonly ConceptMatch[]): string {
  const kinds = new Set(['symptom', 'condition', 'severity', 'measure', 'crisis', 'distress', 'poison', 'medicine']);
  return [...new Set(concepts.filter((c) => kinds.has(c.kind)).map((c) => c.id))].map(glossOf).join(', ');
}

export function readMessage(text: string): Reading {
  const words = wordsOf(normaliseText(text));
  // The concepts matched word for word, found at most once: the language may need them, and English keeps them.
  let plain: ConceptMatch[] | undefined;
  const plainConcepts = () => (plain ??= findConcepts(words, false));
  const language = languageOf(words, plainConcepts);
  const concepts = language === 'en' ? plainConcepts() : findConcepts(words, true);
  // A medicine's English name names that medicine: 'blood thinner' is not also blood and a paint thinner. A medicine
  // inside one stays ('pills' of 'sleeping pills'), and so does what stands between the words of a Hindi name, which
  // may hold other words ('नींद की सारी गोलियाँ').
  const named = concepts.filter(
    (c) =>
      c.kind === 'medicine' || !concepts.some((d) => d.kind === 'medicine' && d.language === 'en' && isInside(c, d)),
  );
  const tags = new Set<string>();
  for (const c of named) {
    tags.add(c.id);
    for (const cls of CONCEPTS.get(c.id)?.classes ?? []) tags.add(cls);
  }
  if (hasManyTablets(words, concepts)) tags.add('many-tablets');
  if (lastsThreeWeeksOrMore(words, concepts)) tags.add('three-weeks-or-more');
  // More than 4 weeks: the symptom check's 'symptoms for more than 4 weeks' (a GP, not more self-care).
  if (lastsThreeWeeksOrMore(words, concepts, 5)) tags.add('five-weeks-or-more');
  if (pregnancyFromTwentyWeeks(words, concepts)) tags.add('pregnancy-20-weeks');
  const base = {
    text,
    words,
    language,
    concepts,
    tags,
    measured: measuredIn(words, concepts),
    agesInMonths: agesIn(words),
  };
  const english = base.language === 'en';
  // A message read as Hinglish that holds no concept is passed on as typed: the English answers may still read it.
  const gloss = english ? text : englishOf(base) || text;
  // Words read as a longer concept are not read again as a shorter one inside it: 'peshab mein jalan' is burning when
  // peeing, not also heartburn ('jalan').
  const outer = concepts.filter((c) => !concepts.some((d) => isInside(c, d)));
  return { ...base, english: gloss, described: english ? text : describedOf(outer) };
}
