import { findConcepts, type ConceptMatch } from './lexicon';
import { lightKey, normaliseText, wordsOf } from './normalise';
import { AGO, type Reading } from './read';

/**
 * What a message says is happening now, apart from what it denies or places in the past. A clause is read on its
 * own (split at punctuation and at "but", "just", "lekin", "bas", "पर" …), and its signs (symptom and condition
 * concepts) do not count as happening now when:
 * - they are denied: "no chest pain or breathlessness", "chest pain nahi hai", "सीने में कोई दर्द नहीं है", "daura
 *   nahi aaya". A negation inside a sign's own words ("can't breathe", "hosh nahi", "baby ne movement nahi kiya") is
 *   the sign, not a denial; a negation that does not end the clause ("bukhar nahi utar raha") denies nothing;
 * - the clause is about months or years ago, or a family history, with no word of now in it: "papa ko 2 saal pehle
 *   stroke hua tha", "had sepsis last year", "my grandad died of a heart attack";
 * - the clause asks about signs in general: "heart attack ke symptoms kya hote hai", "what are the signs of sepsis".
 * Crisis words, poisons and medicines count wherever they are; who the message is about too, unless denied ("pregnant
 * nahi hoon").
 * When a clause can be read both ways it counts as now: a missed emergency is the worse mistake.
 */

/** Words that deny what follows them (English) or, at a clause's end, what comes before them (Hindi, Hinglish). */
const NEGATORS = new Set(['no', 'not', 'never', 'without', 'nor', 'nahi', 'nhi', 'nahin', 'नहीं', 'नही'].map(lightKey));
const BEFORE_NEGATED = new Set(['no', 'never', 'without', 'nor', 'not'].map(lightKey));
/** Words that may follow a Hindi or Hinglish negation that ends a clause ("dard nahi hai", "daura nahi aaya tha"). */
const CLAUSE_END = new Set(
  ['hai', 'h', 'he', 'hain', 'hua', 'hui', 'huaa', 'aaya', 'aya', 'aayi', 'ayi', 'tha', 'thi', 'the', 'hota', 'hoti']
    .concat(['hu', 'hoon', 'hun', 'हूँ', 'हूं', 'kabhi'])
    .concat(['है', 'हैं', 'हुआ', 'हुई', 'आया', 'आई', 'था', 'थी', 'थे', 'होता', 'होती', 'कभी'])
    .map(lightKey),
);
/** Words joining a list of denied signs ("no fever or rash"). */
const LIST_JOINERS = new Set(['or', 'any', 'a', 'ya', 'या', 'koi', 'कोई'].map(lightKey));
/** Words of now: a clause holding one is never set in the past. */
const NOW = new Set(
  ['now', 'today', 'tonight', 'currently', 'still', 'again', 'right', 'since', 'abhi', 'ab', 'aaj', 'phir']
    .concat(['अभी', 'अब', 'आज', 'फिर'])
    .map(lightKey),
);
const LONG_UNITS = new Set(
  ['month', 'months', 'year', 'years', 'yr', 'yrs', 'mahine', 'mahina', 'saal', 'sal', 'saalon', 'salon', 'varsh']
    .concat(['महीने', 'महीना', 'साल', 'सालों', 'वर्ष'])
    .map(lightKey),
);
/** Phrases that place a sign in the past or in the family, by their words in a row. */
const PAST_PHRASES = [
  'last year',
  'died of',
  'died from',
  'passed away',
  'history of',
  'pichle saal',
  'pichhle saal',
  'पिछले साल',
  'guzar gaye',
  'गुज़र गए',
].map((p) => wordsOf(normaliseText(p)).map(lightKey));
/** Phrases that ask about signs in general, or about what to do if one comes. */
const QUESTION_PHRASES = [
  'symptoms of',
  'signs of',
  'causes of',
  'what causes',
  'ke symptoms',
  'ke lakshan',
  'ke kya kaaran',
  'ke kya karan',
  'ke kaaran',
  'के लक्षण',
  'के कारण',
  'के क्या कारण',
  // A sign that may come one day ("दौरा पड़ने पर क्या करें", "in case of a fit").
  'padne par',
  'padne pe',
  'पड़ने पर',
  'in case of',
].map((p) => wordsOf(normaliseText(p)).map(lightKey));

/** What a past or general clause sets aside: its signs. */
const SIGN_KINDS = new Set(['symptom', 'condition', 'severity']);
/** What a negation denies: signs, a measure ("bukhar nahi hai") and a state of the person ("pregnant nahi hoon"). */
const DENIABLE_KINDS = new Set([...SIGN_KINDS, 'measure', 'person']);
/**
 * Where a clause ends: punctuation, a dash, or a word that turns the sentence ("but", "just", "lekin", "बस"; "par"
 * and "पर" too, except after a verb, where they mean "on": "दौरा पड़ने पर").
 */
const CLAUSE_BREAK =
  /[,.;:!?\n।]+|\s[-–]\s|\s(?=(?:but|just|though|although|however|lekin|magar|bas|लेकिन|मगर|बस)\s)|(?<!ने|ne)\s(?=(?:par|पर)\s)/iu;

export type Framing = {
  /** The message with the clauses and signs that are not happening now left out, for the word patterns. */
  now: string;
  /** Concept ids read only where they are denied, past or asked about in general. */
  notNow: Set<string>;
};

function hasPhrase(keys: readonly string[], phrases: readonly string[][]): boolean {
  return phrases.some((p) => keys.some((_, i) => p.every((w, k) => keys[i + k] === w)));
}

function isPast(keys: readonly string[]): boolean {
  if (keys.some((k) => NOW.has(k))) return false;
  if (hasPhrase(keys, PAST_PHRASES)) return true;
  return keys.some((k, i) => LONG_UNITS.has(k) && AGO.has(keys[i + 1] ?? ''));
}

/** The word positions of signs denied in a clause. */
function deniedPositions(keys: readonly string[], concepts: readonly ConceptMatch[]): Set<number> {
  const denied = new Set<number>();
  const inside = (p: number) => concepts.some((c) => c.kind !== 'negation' && c.start <= p && p < c.end);
  const signs = concepts.filter((c) => DENIABLE_KINDS.has(c.kind));
  const deny = (c: ConceptMatch) => {
    for (let p = c.start; p < c.end; p++) denied.add(p);
  };
  keys.forEach((key, p) => {
    if (!NEGATORS.has(key) || inside(p)) return;
    // "no chest pain or breathlessness": the signs after it, as long as only list words stand between them.
    if (BEFORE_NEGATED.has(key)) {
      let at = p + 1;
      for (;;) {
        const next = signs.find((c) => c.start >= at && c.start <= at + 1);
        if (!next || keys.slice(at, next.start).some((w) => !LIST_JOINERS.has(w))) break;
        const together = signs.filter((c) => c.start === next.start);
        for (const c of together) deny(c);
        at = Math.max(...together.map((c) => c.end));
        while (at < keys.length && LIST_JOINERS.has(keys[at]!)) at++;
      }
    }
    // "chest pain nahi hai", "सीने में कोई दर्द नहीं है": a sign just before a negation that ends the clause.
    const after = keys.slice(p + 1);
    if (after.length <= 3 && after.every((w) => CLAUSE_END.has(w))) {
      // "koi dard ya bukhar nahi": the list of signs before it, list words between them.
      let at = p;
      for (;;) {
        while (at > 0 && LIST_JOINERS.has(keys[at - 1]!) && !signs.some((c) => c.end === at)) at--;
        const prev = signs.find((c) => c.end === at);
        if (!prev) break;
        for (const c of signs.filter((s) => s.end === at)) deny(c);
        at = prev.start;
      }
    }
  });
  return denied;
}

/** Words without which no clause of a message can deny a sign, be in the past or ask in general. */
const TRIGGERS = new Set([...NEGATORS, ...AGO, ...[...PAST_PHRASES, ...QUESTION_PHRASES].map((p) => p[0]!)]);

export function framingOf({ text, language, words: all }: Pick<Reading, 'text' | 'language' | 'words'>): Framing {
  // Most messages hold none of them: nothing to set aside, and no second pass over the words.
  if (!all.some((w) => TRIGGERS.has(lightKey(w)))) return { now: text, notNow: new Set() };
  const clauses = text.split(CLAUSE_BREAK).filter((c) => c !== undefined && c.trim() !== '');
  const kept: string[] = [];
  const nowIds = new Set<string>();
  const notNowIds = new Set<string>();
  let changed = false;
  for (const clause of clauses) {
    const words = wordsOf(normaliseText(clause));
    const keys = words.map(lightKey);
    const concepts = findConcepts(words, language !== 'en');
    const whole = isPast(keys) || hasPhrase(keys, QUESTION_PHRASES);
    const denied = whole ? new Set(words.map((_, i) => i)) : deniedPositions(keys, concepts);
    const kinds = whole ? SIGN_KINDS : DENIABLE_KINDS;
    for (const c of concepts) {
      const setAside = kinds.has(c.kind) && denied.has(c.start);
      (setAside ? notNowIds : nowIds).add(c.id);
    }
    if (denied.size === 0) {
      kept.push(clause);
      continue;
    }
    changed = true;
    // Non-sign words of a denied span stay out of the patterns too; crisis and poison words are kept in the clause.
    const keepWord = (i: number) =>
      !denied.has(i) || concepts.some((c) => !kinds.has(c.kind) && c.start <= i && i < c.end);
    kept.push(words.filter((_, i) => keepWord(i)).join(' '));
  }
  return {
    now: changed ? kept.join(', ') : text,
    notNow: new Set([...notNowIds].filter((id) => !nowIds.has(id))),
  };
}
