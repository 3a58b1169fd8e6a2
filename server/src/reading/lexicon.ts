import { distance } from 'fastest-levenshtein';
import { loadLexicon, type Concept, type ConceptKind } from '../content/reading/lexicon';
import { lightKey, normaliseText, skeletonKey, wordsOf } from './normalise';

/**
 * The lexicon (content/reading/lexicon.json, its schema beside it): the concepts the product reads and their words in
 * English, Hindi and Hinglish, checked by its schema when this module loads, and an index of those words for finding
 * every concept of a message in one pass.
 */

export type { Concept, ConceptKind };

export const LEXICON = loadLexicon();
export const CONCEPTS = new Map(LEXICON.concepts.map((c) => [c.id, c]));

export type TermLanguage = 'en' | 'hi' | 'hiLatn';

type Term = {
  concept: Concept;
  language: TermLanguage;
  words: string[];
  keys: string[];
  skeletons: (string | null)[];
  /** How many words may stand before each word (the first's is 0). */
  gaps: number[];
  /** Whether its last word is also read in the plural (an English name of a thing: PLURAL_KINDS). */
  plural: boolean;
};

export type ConceptMatch = { id: string; kind: ConceptKind; start: number; end: number; language: TermLanguage };

/**
 * Words a Hindi or Hinglish term of several words may have between its own ("seene me *bahut tez* dard"); English
 * terms match word for word ("end my life" must not match "the end of my life"), except where the term says `...`.
 */
const GAP = 2;
/** The words `...` in a term lets stand between its neighbours. */
const WILDCARD_GAP = 4;
/**
 * Kinds whose English names are also read in the plural, on their last word ('beers', 'migraines', 'rashes', 'kidney
 * stones'): things and signs. Not the kinds whose words are grammar or people ('nos', 'hes', 'whats').
 */
const PLURAL_KINDS = new Set<ConceptKind>(['symptom', 'condition', 'medicine', 'measure', 'poison', 'alcohol']);

/** The light keys a plural English word may be the plural of: 'beers' -> beer, 'rashes' -> rash (and rashe). */
function singularKeysOf(word: string): string[] {
  if (!/^[a-z]{3,}s$/.test(word) || word.endsWith('ss')) return [];
  const singulars = [word.slice(0, -1)];
  if (/(s|x|z|ch|sh)es$/.test(word)) singulars.push(word.slice(0, -2));
  return singulars.map(lightKey);
}

function termOf(concept: Concept, language: TermLanguage, text: string): Term {
  const words: string[] = [];
  const gaps: number[] = [];
  text.split('...').forEach((part, p) => {
    wordsOf(normaliseText(part).trim()).forEach((word, i) => {
      words.push(word);
      gaps.push(words.length === 1 ? 0 : p > 0 && i === 0 ? WILDCARD_GAP : language === 'en' ? 0 : GAP);
    });
  });
  const plural = language === 'en' && PLURAL_KINDS.has(concept.kind);
  return { concept, language, words, keys: words.map(lightKey), skeletons: words.map(skeletonKey), gaps, plural };
}

const TERMS: Term[] = LEXICON.concepts.flatMap((concept) =>
  (['en', 'hi', 'hiLatn'] as const).flatMap((language) => concept[language].map((t) => termOf(concept, language, t))),
);

/** Terms by the key of their first word: its light key and, where it has one, its skeleton. */
const BY_FIRST = new Map<string, Term[]>();
for (const term of TERMS) {
  for (const key of [term.keys[0], term.skeletons[0]]) {
    if (!key) continue;
    const list = BY_FIRST.get(key) ?? [];
    if (!list.includes(term)) list.push(term);
    BY_FIRST.set(key, list);
  }
}
/** Kinds whose long one-word names are matched with one letter wrong ("suicde", "oxigen", "paracetmol"). */
const FUZZY_KINDS = new Set<ConceptKind>(['crisis', 'medicine', 'condition', 'poison', 'measure']);
const FUZZY = TERMS.filter(
  (t) => t.words.length === 1 && FUZZY_KINDS.has(t.concept.kind) && /^[a-z]{7,}$/.test(t.keys[0]!),
);

type Word = { key: string; skeleton: string | null; singulars: string[] };

function wordMatches(word: Word, term: Term, i: number): boolean {
  return (
    word.key === term.keys[i] ||
    (word.skeleton !== null && word.skeleton === term.skeletons[i]) ||
    (term.plural && i === term.words.length - 1 && word.singulars.includes(term.keys[i]!))
  );
}

/** Where a term that begins at `start` ends (the index after its last word), or null when it is not there. */
function endOf(keyed: readonly Word[], term: Term, start: number): number | null {
  let at = start + 1;
  for (let i = 1; i < term.words.length; i++) {
    let found = -1;
    for (let j = at; j < Math.min(keyed.length, at + term.gaps[i]! + 1); j++) {
      if (wordMatches(keyed[j]!, term, i)) {
        found = j;
        break;
      }
    }
    if (found < 0) return null;
    at = found + 1;
  }
  return at;
}

/**
 * Every concept a message's words hold, at every place, in the order of the words. Consonant skeletons are compared
 * only in a Hindi or Hinglish message (`skeletons`): in English they would join unrelated words ("found", "fanda").
 */
export function findConcepts(words: readonly string[], skeletons: boolean): ConceptMatch[] {
  const keyed: Word[] = words.map((w) => ({
    key: lightKey(w),
    skeleton: skeletons ? skeletonKey(w) : null,
    singulars: singularKeysOf(w),
  }));
  const found = new Map<string, ConceptMatch>();
  const add = (term: Term, start: number, end: number) => {
    const at = `${term.concept.id}@${start}`;
    if (!found.has(at))
      found.set(at, { id: term.concept.id, kind: term.concept.kind, start, end, language: term.language });
  };
  keyed.forEach((word, start) => {
    const exact = BY_FIRST.get(word.key) ?? [];
    const bySkeleton = word.skeleton ? (BY_FIRST.get(word.skeleton) ?? []).filter((t) => !exact.includes(t)) : [];
    let matched = false;
    const tryTerms = (terms: readonly Term[]) => {
      for (const term of terms) {
        const end = endOf(keyed, term, start);
        if (end !== null) {
          add(term, start, end);
          matched = true;
        }
      }
    };
    tryTerms(exact);
    // A one-word English name in the plural ('beers'); a longer name's plural is its last word's (wordMatches).
    if (!matched)
      tryTerms(
        word.singulars.flatMap((key) => (BY_FIRST.get(key) ?? []).filter((t) => t.plural && t.words.length === 1)),
      );
    // A word that is a term as written ("dengue", "kaunsi") is that term, not another with its consonants ("dying",
    // "khansi"): the skeleton is for spellings no term holds.
    if (!matched) tryTerms(bySkeleton);
    if (!matched && /^[a-z]{7,}$/.test(word.key)) {
      for (const term of FUZZY) {
        const key = term.keys[0]!;
        if (Math.abs(key.length - word.key.length) <= 1 && distance(key, word.key) <= 1) add(term, start, start + 1);
      }
    }
  });
  return [...found.values()].sort((a, b) => a.start - b.start);
}

/** Whether `c` is read inside the longer match `d`, sharing its first or last word ('jalan' in 'peshab mein jalan'). */
export function isInside(c: ConceptMatch, d: ConceptMatch): boolean {
  return (
    d !== c &&
    (d.start === c.start || d.end === c.end) &&
    d.start <= c.start &&
    c.end <= d.end &&
    d.end - d.start > c.end - c.start
  );
}
