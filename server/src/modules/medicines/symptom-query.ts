import { sql } from 'drizzle-orm';
import { specificEntriesFor } from './complaint-entries';
import { complaintsOf, type SafetyFacts } from './medicine-safety';
import type { SymptomQuery } from './medicines.repository';
import { entriesFor, normaliseSymptom, type SymptomEntry } from '../../content/symptom-vocabulary';

/** How the finder searches the catalogue's uses for a symptom: the vocabulary's full-text queries. */

/**
 * Words that say nothing about which medicine helps when they are all a symptom has: searching "pain" or
 * "problem" on its own would list half the catalogue. (The vocabulary handles "pain" as "Body aches".)
 */
const TOO_GENERAL = new Set([
  'pain',
  'ache',
  'problem',
  'problems',
  'issue',
  'issues',
  'disease',
  'disorder',
  'infection',
  'infections',
  'treatment',
  'prevention',
  'high',
  'low',
  'severe',
  'mild',
  'chronic',
  'acute',
  'body',
  'feeling',
  'feel',
  'bad',
  'blood',
  'condition',
  'symptom',
  'symptoms',
  'sore',
  'pressure',
  'level',
  'levels',
  'heart',
  'skin',
  'stomach',
  'head',
  'chest',
  'my',
  'and',
  'the',
  'in',
  'of',
  'with',
  'a',
  'an',
  'have',
  'got',
  'very',
]);

/** A phrase of the vocabulary as to_tsquery text: words joined by "followed by". Only [a-z0-9] words exist. */
function phrase(term: string): string {
  const words = normaliseSymptom(term).split(' ').filter(Boolean);
  return words.length === 1 ? (words[0] as string) : `(${words.join(' <-> ')})`;
}

/**
 * The full-text query for what a symptom means in the vocabulary: any term, none of the exclusions. With
 * `isCore`, only each entry's first term: the symptom itself, not the conditions it is part of.
 */
export function tsqueryText(entries: readonly SymptomEntry[], isCore = false): string {
  const terms = [...new Set(entries.flatMap((e) => (isCore ? e.terms.slice(0, 1) : e.terms)))].map(phrase);
  const excluded = [...new Set(entries.flatMap((e) => e.exclude ?? []))].map(phrase);
  const positive = `(${terms.join(' | ')})`;
  return excluded.length === 0 ? positive : `${positive} & !(${excluded.join(' | ')})`;
}

/**
 * How a symptom is searched: through the vocabulary, or (unknown words) as the phrase typed, or not at all. `also`:
 * the vocabulary entries of complaints its guides name that its own words do not ("nappy area" is nappy rash).
 */
export function symptomQueryOf(symptom: string, also: readonly SymptomEntry[] = []): SymptomQuery | null {
  const entries = [...new Set([...specificEntriesFor(symptom), ...also])];
  if (entries.length > 0) {
    return {
      all: sql`to_tsquery('english', ${tsqueryText(entries)})`,
      core: sql`to_tsquery('english', ${tsqueryText(entries, true)})`,
    };
  }
  const words = normaliseSymptom(symptom).split(' ').filter(Boolean);
  if (words.every((w) => TOO_GENERAL.has(w) || w.length < 3)) return null;
  const typed = sql`phraseto_tsquery('english', ${normaliseSymptom(symptom)})`;
  return { all: typed, core: typed };
}

/** A symptom as searched: the words, the full-text query, and the complaints (the facts' names) it stands for. */
export type SearchedSymptom = { symptom: string; query: SymptomQuery; complaints: Set<string> };

/** The symptoms that can be searched, each with its query and complaints; words too general to search are dropped. */
export function searchesFor(symptoms: readonly string[], facts: SafetyFacts): SearchedSymptom[] {
  return symptoms.flatMap((symptom) => {
    // Words the vocabulary does not know but a guide does ("running a temperature", "my baby's nappy area") are
    // searched as the guide's complaint too, so they get the same products as the complaint's own name.
    const complaints = complaintsOf(symptom);
    const guided = facts.guides
      .filter((g) => g.answers(symptom, complaints) && !g.complaints.some((c) => complaints.has(c)))
      .flatMap((g) => g.complaints);
    for (const c of guided) for (const name of complaintsOf(c)) complaints.add(name);
    const known = specificEntriesFor(symptom).length > 0;
    const query = known
      ? symptomQueryOf(
          symptom,
          guided.flatMap((c) => entriesFor(c)),
        )
      : symptomQueryOf(guided[0] ?? symptom);
    return query ? [{ symptom, query, complaints }] : [];
  });
}
