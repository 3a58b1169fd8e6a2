import { describePerson, type HealthCondition, HEALTH_CONDITIONS, type Person } from '@medibuddy/contracts';
import type { Reading } from '../../reading/read';

/**
 * Who the finder answers for, read from the words when the request does not say, and what else the words say about
 * them: the medicines they already take and their long-term conditions.
 */

/**
 * Who the words say the medicine is for, when the request does not say: "my 3 year old", "I'm pregnant", "6 month
 * baby", "breastfeeding". Undefined when they say nothing: the finder then assumes nothing (ANY_CHILD's checks, adult
 * doses) and says so.
 */
export function personFromWords(readings: readonly Reading[]): Person | undefined {
  const tags = new Set(readings.flatMap((r) => [...r.tags]));
  const said = readings.map((r) => childAgeInYears(r.english)).find((y) => y !== undefined);
  const months = readings.flatMap((r) => r.agesInMonths)[0] ?? (said === undefined ? undefined : said * 12);
  if (months !== undefined) {
    if (months < 24) return { kind: 'child', ageMonths: Math.max(0, Math.floor(months)) };
    const years = Math.floor(months / 12);
    if (years <= 15) return { kind: 'child', ageYears: years };
    if (tags.has('pregnant')) return { kind: 'pregnant' };
    return { kind: 'adult', ageYears: Math.min(120, years) };
  }
  if (tags.has('pregnant')) return { kind: 'pregnant' };
  if (tags.has('breastfeeding')) return { kind: 'breastfeeding' };
  return undefined;
}

/**
 * A child's age said without "old": "my son is 6", "daughter aged 4", "my kid 7", "for my 5yo". Not a temperature
 * ("son has 39"), nor a duration ("son 3 days").
 */
const CHILD_THEN_AGE =
  /\b(?:son|daughter|child|kid|boy|girl|toddler)\b\s*(?:is|aged|age|of)?\s*(\d{1,2})\b(?!\s*(?:°|degrees?|deg|c\b|f\b|days?|weeks?|months?|hours?|times?|%|\.\d))/i;
const AGE_SHORT = /\b(\d{1,2})\s*(?:yo|y\/o)\b/i;
export function childAgeInYears(english: string): number | undefined {
  const found = CHILD_THEN_AGE.exec(english) ?? AGE_SHORT.exec(english);
  const years = found ? Number(found[1]) : NaN;
  return Number.isInteger(years) && years >= 1 && years <= 15 ? years : undefined;
}

/** Words that say a medicine is already being taken: "i'm on warfarin", "taking lemsip", "warfarin leta hoon". */
const TAKING_BEFORE = new Set(['on', 'taking', 'take', 'takes', 'took', 'had', 'using', 'use', 'uses', 'started']);
const TAKING_AFTER = new Set([
  'leta',
  'leti',
  'lete',
  'le',
  'khata',
  'khati',
  'khate',
  'लेता',
  'लेती',
  'लेते',
  'खाता',
  'खाती',
]);
/**
 * Words beside a taking cue that make it a question about taking the medicine, not a medicine taken: "can i take my
 * mum's aspirin", "is it safe to take", "Disprin le sakti hoon?", "le lu?".
 */
const ASKING = new Set([
  'can',
  'could',
  'should',
  'may',
  'might',
  'to',
  'safe',
  'ok',
  'okay',
  'sakta',
  'sakti',
  'sakte',
  'lu',
  'lun',
  'loon',
  'सकता',
  'सकती',
  'सकते',
  'लूं',
  'लूँ',
]);
const isAsking = (words: readonly string[]) => words.some((w) => ASKING.has(w.toLowerCase()));

/**
 * English "i take sertraline", "she is on amlodipine and aspirin": the names after the cue, for the resolver; not
 * after "can", "should" or "to" ("can i take ibuprofen" asks about it).
 */
const TAKING_PHRASE =
  /\b(?<!\b(?:can|could|should|may|might|to)\s+)(?:i'?m on|i am on|(?:he|she)(?:'s| is) on|(?:he|she|they) takes?|i take|i'?m taking|i am taking|(?:he|she)(?:'s| is) taking|taking|been on|i use|using)\s+([a-z][a-z0-9 +-]*?)(?=\s+(?:for|every|daily|a day|twice|once|tablets?|and can|can|what|which|is|but|so|since)\b|[,.?!]|$)/gi;

/**
 * The medicines the words say are already being taken, as they were written: lexicon medicines with a taking cue
 * beside them (any language), and English names after "i take", "i'm on", "taking" (split on "and", "+").
 */
export function takenInWords(readings: readonly Reading[]): string[] {
  const found = new Set<string>();
  for (const r of readings) {
    for (const c of r.concepts) {
      if (c.kind !== 'medicine') continue;
      const from = Math.max(0, c.start - 3);
      const before = r.words.slice(from, c.start).map((w) => w.toLowerCase());
      const after = r.words.slice(c.end, c.end + 3).map((w) => w.toLowerCase());
      // "should i take my warfarin" still says it is theirs.
      const own = r.words[c.start - 1]?.toLowerCase() === 'my';
      const takenBefore = before.some(
        (w, i) => TAKING_BEFORE.has(w) && (own || !isAsking(r.words.slice(Math.max(0, from + i - 2), from + i))),
      );
      const takenAfter = after.some(
        (w, i) => TAKING_AFTER.has(w) && !isAsking(r.words.slice(c.end + i + 1, c.end + i + 2)),
      );
      if (takenBefore || takenAfter) found.add(c.id);
    }
    // A name the lexicon does not hold, before a Hindi taking cue ("main paroxetine leta hoon"): the resolver keeps
    // it only if it names a medicine.
    r.words.forEach((w, i) => {
      const name = r.words[i - 1]?.toLowerCase();
      const cue = w.toLowerCase();
      // 'le' alone is also 'take this' ('kya le sakta'): only the cues that say it is taken regularly.
      if (cue !== 'le' && TAKING_AFTER.has(cue) && name && /^[a-z][a-z0-9-]{2,}$/.test(name)) found.add(name);
    });
    for (const m of r.english.toLowerCase().matchAll(TAKING_PHRASE)) {
      for (const name of (m[1] ?? '').split(/\s+(?:and|\+|with)\s+|\s*,\s*/))
        if (name.trim().length >= 3) found.add(name.trim());
    }
  }
  return [...found];
}

/**
 * The long-term conditions the words name ("mujhe liver ki problem hai", "किडनी कमज़ोर है", "I have glaucoma"): the
 * lexicon's condition concepts whose id or class is one of the finder's conditions (HEALTH_CONDITIONS).
 */
export function conditionsInWords(readings: readonly Reading[]): HealthCondition[] {
  return HEALTH_CONDITIONS.filter((c) => readings.some((r) => r.tags.has(c)));
}

/** Whether the words speak of a child or a baby without saying the age. */
const speaksOfAChild = (readings: readonly Reading[]) =>
  readings.some((r) => r.tags.has('child') || r.tags.has('baby'));

/** Who the answer is for, and how the answer names them and says what it assumed. */
export type PersonFraming = {
  person: Person | undefined;
  /** Nothing says who it is for: the finder assumes nothing (ANY_CHILD's checks, adult doses) and says so. */
  assumesNothing: boolean;
  personDescription: string;
  assumption: string | undefined;
};

/** The person: as the request gives it, else as the words say it ("my 3 year old"), else nobody assumed. */
export function personFraming(given: Person | undefined, readings: readonly Reading[]): PersonFraming {
  const read = given ? undefined : personFromWords(readings);
  const person = given ?? read;
  const assumesNothing = person === undefined;
  const childOfUnknownAge = assumesNothing && speaksOfAChild(readings);
  const personDescription = assumesNothing
    ? childOfUnknownAge
      ? 'a child of an age not given'
      : 'someone we know nothing about'
    : describePerson(person);
  const assumption = assumesNothing
    ? childOfUnknownAge
      ? "You did not say how old the child is, so only medicines suitable from 2 years are listed, and the doses shown are for adults: give the age for a child's dose, and ask a pharmacist for a baby under 2."
      : 'You did not say who this is for, so we assumed nothing: medicines not suitable for young children are left out and the doses shown are for adults. Say if it is for a child, a pregnant or breastfeeding woman, or an older person.'
    : read
      ? `From your words we read this as for ${describePerson(read)}; if that is wrong, say who it is for.`
      : undefined;
  return { person, assumesNothing, personDescription, assumption };
}
