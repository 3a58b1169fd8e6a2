/**
 * Whether a passage is about what the question asks about. Full-text search finds passages that share a word
 * with the question ("adult" finds "ADULT syndrome"); a passage is accepted only when every word of its topic
 * is in the question, and every other word of the question's subject is in the passage.
 */
import { editDistance } from '../../lib/edit-distance';
import { CONDITION_WORDS } from '../knowledge';

const SPELLINGS: readonly [RegExp, string][] = [
  [/^haem/, 'hem'],
  [/^anaem/, 'anem'],
  [/^leukaem/, 'leukem'],
  [/aemia$/, 'emia'],
  [/^oesoph/, 'esoph'],
  [/^oedem/, 'edem'],
  [/^oestr/, 'estr'],
  [/^paed/, 'ped'],
  [/^coeli/, 'celi'],
  [/^foet/, 'fet'],
  [/oea$/, 'ea'],
  [/^tumour/, 'tumor'],
  [/^behaviour/, 'behavior'],
  [/^dyspnoe/, 'dyspne'],
  [/^ischaem/, 'ischem'],
  [/^orthopaed/, 'orthoped'],
  [/^gynaec/, 'gynec'],
];

/** Adjectives people use for the condition itself ("diabetic diet" is about diabetes). */
const CONDITION_ADJECTIVES: Record<string, string> = {
  diabetic: 'diabetes',
  diabetics: 'diabetes',
  asthmatic: 'asthma',
  epileptic: 'epilepsy',
  arthritic: 'arthritis',
  anemic: 'anemia',
  anaemic: 'anemia',
  obese: 'obesity',
  allergic: 'allergy',
};

/** A word reduced so that spellings, plurals and possessives compare equal (both sides go through it). */
export function stem(word: string): string {
  let w = word.toLowerCase();
  w = CONDITION_ADJECTIVES[w] ?? w;
  for (const [re, to] of SPELLINGS) w = w.replace(re, to);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Words in a topic that only join or qualify ("and", "of", "disease" after a specific name). */
const TOPIC_JOINERS = new Set([
  'i',
  'the',
  'of',
  'and',
  'in',
  'a',
  'an',
  'for',
  'with',
  'to',
  'your',
  'you',
  'about',
  'on',
  'or',
  'what',
  'need',
  'know',
  'how',
  'is',
  'are',
  'be',
  'from',
  'by',
  'at',
  'as',
]);
const DROPPABLE = new Set<string>([...CONDITION_WORDS, 'infection', 'infections']);
/** Words too general to name a topic on their own: with these, "disease" stays required ("Heart Disease"). */
const GENERAL = new Set([
  'heart',
  'kidney',
  'kidneys',
  'liver',
  'lung',
  'lungs',
  'skin',
  'eye',
  'eyes',
  'blood',
  'bone',
  'bones',
  'brain',
  'ear',
  'ears',
  'nerve',
  'nerves',
  'muscle',
  'muscles',
  'joint',
  'joints',
  'stomach',
  'bowel',
  'digestive',
  'mental',
  'thyroid',
  'gum',
  'gums',
  'foot',
  'feet',
  'back',
  'hand',
  'hands',
  'leg',
  'legs',
  'head',
  'neck',
  'chest',
  'breast',
  'genetic',
  'rare',
  'vascular',
  'autoimmune',
  'childhood',
  'adult',
  'adults',
  'infectious',
  'inflammatory',
  'metabolic',
  'kidney',
  'bladder',
  'urinary',
  'sexually',
  'transmitted',
  'sex',
  'tooth',
  'teeth',
  'oral',
  'mouth',
  'throat',
  'nose',
  'spine',
  'spinal',
  'hair',
  'nail',
  'nails',
]);

/** Topic words that the person the question is about stands for. */
const QUALIFIERS: Record<'child' | 'pregnant' | 'adult', ReadonlySet<string>> = {
  adult: new Set(['adult', 'grownup']),
  child: new Set(['child', 'children', 'childhood', 'kid', 'pediatric', 'infant', 'baby', 'teen', 'teenager', 'young']),
  pregnant: new Set(['pregnancy', 'pregnant', 'women', 'woman']),
};

/** The alternative names of a topic: "High Blood Pressure (Hypertension)" is either. */
export function topicAlternatives(topic: string): string[][] {
  // "HIV/AIDS" is either name too.
  const names = [
    topic.replace(/\([^)]*\)/g, ' '),
    ...[...topic.matchAll(/\(([^)]*)\)/g)].map((m) => m[1] ?? ''),
  ].flatMap((n) => (/^[^/]+\/[^/]+$/.test(n.trim()) ? n.split('/') : [n]));
  return names
    .map((name) =>
      name
        .toLowerCase()
        .replace(/['’]s\b/g, '')
        .split(/[^a-z0-9]+/)
        .filter((w) => w !== '' && !TOPIC_JOINERS.has(w)),
    )
    .filter((words) => words.length > 0)
    .map((words) => {
      const specific = words.filter((w) => !DROPPABLE.has(w));
      return specific.length > 0 && specific.some((w) => !GENERAL.has(w)) ? specific : words;
    });
}

/** The stems of a question's subject words. */
export function stemsOf(words: readonly string[]): Set<string> {
  return new Set(words.map(stem));
}

/**
 * How well a topic names the question's subject: null when some word of the topic is not in the question;
 * otherwise how many of the question's words it covers (more is more specific: "Diabetes Type 2" over
 * "Diabetes" for "type 2 diabetes").
 */
export function topicMatch(
  topic: string,
  subject: ReadonlySet<string>,
  person: 'child' | 'pregnant' | 'adult' | null = null,
): { covered: Set<string> } | null {
  let best: Set<string> | null = null;
  // "Kidney Stones in Adults" answers a question about no one in particular; "... in Children" one about a child.
  const qualifiers = QUALIFIERS[person ?? 'adult'];
  for (const words of topicAlternatives(topic)) {
    const stems = words.map(stem).filter((s) => !qualifiers.has(s));
    if (stems.length === 0 || !stems.every((s) => subject.has(s))) continue;
    if (!best || stems.length > best.size) best = new Set(stems);
  }
  return best ? { covered: best } : null;
}

/** Whether a passage's text mentions a word (by stem: "flying" finds "fly", "foods" finds "food"). */
export function mentions(text: string, stemmed: string): boolean {
  if (stemmed.length <= 2) return new RegExp(`\\b${stemmed.replace(/[^a-z0-9]/g, '')}\\b`, 'i').test(text);
  // "forgetting" finds "forget", "swelling" finds "swell": the ending and a doubled last letter go.
  const bare = stemmed.length > 6 ? stemmed.replace(/(ing|ed)$/, '').replace(/([b-df-hj-np-tv-z])\1$/, '$1') : stemmed;
  const root = bare.length > 5 ? bare.slice(0, Math.max(5, bare.length - 2)) : bare;
  return new RegExp(`\\b${root.replace(/[^a-z0-9]/g, '')}`, 'i').test(text);
}

/** The topic word a typo most likely meant, or null: one edit from 5 letters, two from 9. */
export function correctTypo(word: string, vocabulary: ReadonlySet<string>): string | null {
  if (word.length < 5) return null;
  const allowed = word.length >= 9 ? 2 : 1;
  let best: { word: string; distance: number } | null = null;
  for (const candidate of vocabulary) {
    if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > allowed) continue;
    const d = editDistance(word, candidate, allowed);
    if (d <= allowed && (!best || d < best.distance)) best = { word: candidate, distance: d };
  }
  return best?.word ?? null;
}
