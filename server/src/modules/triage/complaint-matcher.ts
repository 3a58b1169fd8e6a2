import { editDistance } from '../../lib/edit-distance';
import type { Feature } from '../../content/triage/knowledge-base';

/**
 * Reads a complaint written in a person's own words ("my chest hurts and i cant breath proply") into the
 * vocabulary's features: each feature's synonyms are matched token by token, forgiving a typo or two in
 * longer words and ignoring filler words, and a negation just before a match ("no fever") reads it as "no".
 */

export type ComplaintMatch = { featureId: string; answer: 'yes' | 'no'; phrase: string };

// Words that carry no meaning for matching; dropped from both the complaint and the synonyms. "it", "all" and
// "for" stay: without them "ending it all" would shrink to "ending" (a typo from "bending") and "for months" to
// "months" (as in "3 months old").
const FILLER = new Set([
  'my',
  'the',
  'a',
  'an',
  'very',
  'really',
  'so',
  'quite',
  'bit',
  'little',
  'lot',
  'of',
  'i',
  'im',
  'ive',
  'have',
  'has',
  'got',
  'been',
  'is',
  'am',
  'are',
  'was',
  'its',
  'some',
  'kind',
  'sort',
  'just',
  'bad',
  'badly',
  'terrible',
  'awful',
  'in',
  'on',
  'at',
  'me',
  'and',
  'since',
  'keep',
  'keeps',
  'kept',
  'also',
  'too',
  'lots',
  'of',
  'this',
  'that',
  'these',
  'days',
  'day',
  'week',
  'weeks',
  'now',
  'today',
  'yesterday',
]);
const NEGATIONS = new Set([
  'no',
  'not',
  'without',
  'dont',
  'never',
  'nor',
  'denies',
  'isnt',
  'havent',
  'hasnt',
  'arent',
  'wasnt',
  'didnt',
  'doesnt',
  'none',
]);

function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

function sameWord(word: string, target: string, isExact = false): boolean {
  if (word === target) return true;
  if (word === `${target}s` || target === `${word}s` || word === `${target}es`) return true;
  if (isExact) return false;
  const shorter = Math.min(word.length, target.length);
  // Short words must be spelled right: "ear" and "eye", "feels" and "heels" are one letter apart, and
  // "crushing" is two from "coughing".
  const allowed = shorter >= 10 ? 2 : shorter >= 6 ? 1 : 0;
  return allowed > 0 && editDistance(word, target, allowed) <= allowed;
}

/**
 * isExact: the phrase shrank to one word once filler was dropped ("peeing a lot" to "peeing"); that word must
 * then be spelled as written, or "peeling" would read as "peeing".
 */
type Pattern = { featureId: string; tokens: string[]; phrase: string; isExact: boolean };

export function compilePatterns(features: readonly Feature[]): Pattern[] {
  const patterns: Pattern[] = [];
  for (const f of features) {
    for (const phrase of f.synonyms) {
      const all = tokensOf(phrase);
      const tokens = all.filter((t) => !FILLER.has(t));
      if (tokens.length > 0)
        patterns.push({ featureId: f.id, tokens, phrase, isExact: tokens.length === 1 && all.length > 1 });
    }
  }
  // Longest first, so "stomach pain" is read before "pain".
  return patterns.sort((a, b) => b.tokens.length - a.tokens.length);
}

/** isAllowed leaves out features that do not apply to this person, before they can take a word. */
export function matchComplaint(
  patterns: readonly Pattern[],
  complaint: string,
  isAllowed: (featureId: string) => boolean = () => true,
): ComplaintMatch[] {
  // A negation reaches only within its clause: in "not herself, weeing a lot" the weeing is said, not denied.
  const clauses = complaint.split(/[,.;:!?\n]+|\s-\s/).map(tokensOf);
  const all = clauses.flat();
  const clauseOf = clauses.flatMap((words, c) => words.map(() => c));
  // Positions of meaningful words in the full token list, to look back for a negation.
  const kept: { word: string; at: number }[] = [];
  all.forEach((word, at) => {
    if (!FILLER.has(word)) kept.push({ word, at });
  });
  const used = new Array<boolean>(kept.length).fill(false);
  const found = new Map<string, ComplaintMatch>();
  for (const p of patterns) {
    if (!isAllowed(p.featureId)) continue;
    for (let i = 0; i + p.tokens.length <= kept.length; i++) {
      let ok = true;
      for (let k = 0; k < p.tokens.length && ok; k++)
        ok = !used[i + k] && sameWord(kept[i + k]!.word, p.tokens[k]!, p.isExact);
      if (!ok) continue;
      for (let k = 0; k < p.tokens.length; k++) used[i + k] = true;
      const start = kept[i]!.at;
      const before = all
        .slice(Math.max(0, start - 3), start)
        .filter((_, k, b) => clauseOf[start - b.length + k] === clauseOf[start]);
      const answer = before.some((w) => NEGATIONS.has(w)) ? 'no' : 'yes';
      const previous = found.get(p.featureId);
      // A symptom both affirmed and denied in one complaint is taken as present: missing it is the worse mistake.
      if (!previous || (previous.answer === 'no' && answer === 'yes'))
        found.set(p.featureId, { featureId: p.featureId, answer, phrase: p.phrase });
    }
  }
  return [...found.values()];
}
