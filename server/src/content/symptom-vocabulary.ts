/**
 * Symptoms in plain words, the other names people use for them, and the words a medicine's "uses" say when it
 * treats them. The entries are data, in server/src/content/symptom-vocabulary.json (how they were written: its
 * `about`); this module holds their schema and the rules across entries, reads the file once when the server
 * starts (a file that breaks a rule stops the server with a message naming the entry and the rule), and matches
 * what people type against it.
 *
 * `terms` and `exclude` are phrases of the English full-text search: words in a phrase must be adjacent in a
 * use ("runny nose"); `exclude` removes uses that contain a term in another sense ("hay fever" is not a fever).
 */
import path from 'node:path';
import { z } from 'zod';
import { entryLabel, parseContent, plainText, readContentJson, type EntryNames } from './content-file';

export const SYMPTOM_VOCABULARY_FILE = path.join(import.meta.dirname, 'symptom-vocabulary.json');

const phrase = z.string().regex(/^[a-z0-9'-]+(?: [a-z0-9'-]+)*$/, 'must be lower-case words joined by single spaces');

export const SymptomEntrySchema = z.strictObject({
  label: plainText,
  synonyms: z.array(plainText),
  terms: z.array(phrase).min(1, 'must list at least one term'),
  exclude: z.array(phrase).min(1, 'must list at least one phrase, or be left out').optional(),
});
export type SymptomEntry = z.infer<typeof SymptomEntrySchema>;

export const SymptomVocabularyFileSchema = z.strictObject({
  /** What the file is, for whoever edits it. */
  about: z.array(z.string()),
  /** The labels suggested when nothing is typed. */
  suggestedFirst: z.array(plainText).min(1, 'must list at least one label'),
  /** Most common first: suggestions keep this order on a tie. */
  symptoms: z.array(SymptomEntrySchema).min(1, 'must list at least one symptom'),
});
export type SymptomVocabularyFile = z.infer<typeof SymptomVocabularyFileSchema>;

const NAMES: EntryNames = { symptoms: { noun: 'symptom', idField: 'label' }, suggestedFirst: { noun: 'suggestion' } };

/** The rules across entries: a name (label or synonym, as compared) means one symptom; suggestions are labels. */
function problemsOf(data: SymptomVocabularyFile): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  data.symptoms.forEach((entry, i) => {
    const where = entryLabel(NAMES, 'symptoms', i, entry);
    [entry.label, ...entry.synonyms].forEach((raw, j) => {
      const at = j === 0 ? 'label' : `synonyms[${j - 1}]`;
      const name = normaliseSymptom(raw);
      const owner = owners.get(name);
      if (name === '') problems.push(`${where}, ${at}: "${raw}" has no letters or digits`);
      else if (owner !== undefined && owner !== entry.label)
        problems.push(`${where}, ${at}: "${raw}" already names the symptom "${owner}"`);
      else owners.set(name, entry.label);
    });
  });
  data.suggestedFirst.forEach((label, i) => {
    if (!data.symptoms.some((e) => e.label === label))
      problems.push(`suggestedFirst[${i}]: "${label}" is not the label of a symptom`);
  });
  return problems;
}

/** The file's data, checked; throws naming each broken entry and rule. */
export function parseSymptomVocabulary(
  raw: unknown,
  file = path.basename(SYMPTOM_VOCABULARY_FILE),
): SymptomVocabularyFile {
  return parseContent(file, raw, SymptomVocabularyFileSchema, NAMES, problemsOf);
}

const vocabulary = parseSymptomVocabulary(readContentJson(SYMPTOM_VOCABULARY_FILE));

export const SYMPTOM_VOCABULARY: SymptomEntry[] = vocabulary.symptoms;

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
    (h) =>
      !hits.some(
        (other) => other !== h && other.words.size > h.words.size && [...h.words].every((w) => other.words.has(w)),
      ),
  );
  return [...new Set(kept.map((h) => h.entry))];
}

const SUGGESTION_LIMIT = 8;

/** The default list when nothing is typed: the most common reasons to look for a medicine. */
const COMMON = vocabulary.suggestedFirst;

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
    const rank = n.name.startsWith(q)
      ? 0
      : n.name.split(' ').some((w) => w.startsWith(q))
        ? 1
        : n.name.includes(q)
          ? 2
          : -1;
    if (rank < 0) continue;
    const isLabel = n.name === normaliseSymptom(n.entry.label);
    // The label wins a tie: "Heartburn" rather than "Heartburn (heart burn)".
    const score = rank * 2 + (isLabel ? 0 : 1);
    const current = best.get(n.entry);
    if (!current || score < current.rank) best.set(n.entry, { rank: score, name: n.name });
  }
  return (
    [...best.entries()]
      // Ties keep the vocabulary's order, which lists the most common symptoms first.
      .sort((a, b) => a[1].rank - b[1].rank || SYMPTOM_VOCABULARY.indexOf(a[0]) - SYMPTOM_VOCABULARY.indexOf(b[0]))
      .slice(0, limit)
      .map(([entry, { name }]) =>
        name === normaliseSymptom(entry.label) ? { label: entry.label } : { label: entry.label, matchedName: name },
      )
  );
}
