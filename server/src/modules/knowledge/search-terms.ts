import type { SearchTerms } from './knowledge.types';

/** Words that say "a condition" without naming one. */
export const CONDITION_WORDS = [
  'disease',
  'diseases',
  'disorder',
  'disorders',
  'condition',
  'conditions',
  'problem',
  'problems',
] as const;

/**
 * Words that say what kind of question it is, or nothing at all, rather than what it is about: they may help
 * pick the right passage of a topic (the question part of the rank) but never the topic itself.
 */
const QUESTION_WORDS = new Set<string>([
  'symptom',
  'symptoms',
  'sign',
  'signs',
  'treat',
  'treated',
  'treating',
  'treatment',
  'treatments',
  'therapy',
  'cause',
  'causes',
  'caused',
  'causing',
  'prevent',
  'prevented',
  'preventing',
  'prevention',
  'diagnose',
  'diagnosed',
  'diagnosis',
  'test',
  'tests',
  'testing',
  'outlook',
  'prognosis',
  'inherit',
  'inherited',
  'inheritance',
  'genetic',
  'genetics',
  'gene',
  'genes',
  'risk',
  'risks',
  'research',
  'information',
  'info',
  ...CONDITION_WORDS,
  'people',
  'common',
  'get',
  'getting',
  'know',
  'tell',
  'explain',
  'mean',
  'means',
  'meaning',
  'help',
  'helps',
  'please',
  'doctor',
  'doctors',
  'medical',
  'health',
  'healthy',
  'thing',
  'things',
  'much',
  'many',
  'often',
  'type',
  'types',
  'kind',
  'kinds',
  'like',
  'feel',
  'feeling',
  'happen',
  'happens',
  'good',
  'bad',
  'best',
  'way',
  'ways',
  'manage',
  'managed',
  'managing',
  'management',
  'cure',
  'cured',
  'live',
  'living',
  'affect',
  'affects',
  'affected',
  'likely',
  'chance',
  'chances',
  'need',
  'needs',
  'someone',
  'person',
  'also',
  'still',
  'really',
  'lot',
  'bit',
  'since',
  'days',
  'weeks',
  'anything',
  'something',
  'worried',
  'worry',
  'normal',
  'usually',
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'medibuddy',
]);

/** At most this many words of a question are searched: a pasted essay must not become a slow query. */
const MAX_WORDS = 24;

/** The words of a text, lower-cased, [a-z0-9] only (everything else is a separator). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 || /\d/.test(w));
}

/**
 * The full-text queries for a question (see SearchTerms): any of its words; null when it has no word worth
 * searching. Only [a-z0-9] words reach to_tsquery, so its syntax cannot be injected.
 */
export function searchTermsOf(text: string): SearchTerms | null {
  const words = [...new Set(wordsOf(text))].slice(0, MAX_WORDS);
  const topicWords = words.filter((w) => !QUESTION_WORDS.has(w) && !/^\d+$/.test(w));
  if (words.length === 0) return null;
  // A question that is only question words ("what are the symptoms?") searches those: better than nothing.
  const topic = topicWords.length > 0 ? topicWords : words;
  return { all: words.join(' | '), topic: topic.join(' | ') };
}
