/**
 * First-aid and self-care topics the chat answers from (nosebleeds, burns, a seizure, a hypo, a child's fever...):
 * for each, what it is, its symptoms, what to do, and when to get help, the emergency signs first. The text is
 * data, in first-aid.json beside this file; this module holds its schema and the rules across entries, and reads
 * it once when the server starts. A file that breaks a rule stops the server with a message naming the entry and
 * the rule.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ContentSourceSchema } from '@medibuddy/contracts';
import { z } from 'zod';
import { entryLabel, loadContentFile, plainText, type EntryNames } from './content-file';

export const FIRST_AID_FILE = path.join(import.meta.dirname, 'first-aid.json');

const SourceIdSchema = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a source id (a letter, then letters and digits)');
const items = z.array(plainText).min(1, 'must list at least one');
/**
 * Doses are the medicine facts' to give (with their own sources and age bands): a topic names a medicine at most
 * and points to its leaflet or a pharmacist.
 */
const NO_DOSE = /\b\d+(?:\.\d+)?\s*(?:mg|mcg|micrograms?|ml|g|tablets?|capsules?|sachets?|puffs?)\b/i;

export const FirstAidTopicSchema = z.strictObject({
  /** Stable id, kebab-case: the passages' keys are made from it. */
  key: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be kebab-case (lower-case letters, digits and hyphens)'),
  /** The heading the chat names the topic by. */
  title: plainText,
  /**
   * The names people use, lower case ("nose bleed", "scald", "hypo"). The chat matches a topic only when every
   * word of one of its names is in the question, so each name is a whole subject on its own.
   */
  aliases: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9 &'-]*[a-z0-9]$/, 'must be a lower-case name'))
    .min(1, 'must list at least one'),
  /**
   * Words that often come with the topic in a question (the body part, what caused it: "kettle", "wasp"). The chat
   * answers from a passage only when it mentions every word of the question's subject; these let a passage cover
   * "a burn from the kettle on my hand" without writing them into its text.
   */
  contextWords: z.array(z.string().regex(/^[a-z0-9&]+$/, 'must be one lower-case word')),
  /** Written for children: the names then only match a question about a child ("diarrhoea in children"). */
  forChildren: z.boolean(),
  whatItIs: z.strictObject({ text: plainText, source: SourceIdSchema }),
  symptoms: z.strictObject({ items, source: SourceIdSchema }),
  whatToDo: z.strictObject({ items, source: SourceIdSchema }),
  /** `emergency`: call an emergency number now; `urgent`: see a doctor or call NHS 111 soon. */
  whenToGetHelp: z.strictObject({ emergency: items, urgent: z.array(plainText), source: SourceIdSchema }),
});
export type FirstAidTopic = z.infer<typeof FirstAidTopicSchema>;

export const FirstAidFileSchema = z.strictObject({
  about: z.array(z.string()),
  sources: z.record(SourceIdSchema, z.strictObject({ ...ContentSourceSchema.shape, url: z.url() })),
  topics: z.array(FirstAidTopicSchema).min(1),
});
export type FirstAidFile = z.infer<typeof FirstAidFileSchema>;
export type FirstAidSource = FirstAidFile['sources'][string];

const NAMES: EntryNames = { topics: { noun: 'topic', idField: 'key' }, sources: { noun: 'source' } };

const SECTIONS = ['whatItIs', 'symptoms', 'whatToDo', 'whenToGetHelp'] as const;

/** Keys and names once each, every cited source declared and every declared one cited, no dose written. */
export function firstAidProblems(data: FirstAidFile): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const names = new Map<string, string>();
  const cited = new Set<string>();
  data.topics.forEach((topic, i) => {
    const where = entryLabel(NAMES, 'topics', i, topic);
    if (keys.has(topic.key)) problems.push(`${where}: key appears twice`);
    keys.add(topic.key);
    topic.aliases.forEach((alias, j) => {
      const other = names.get(alias);
      if (other) problems.push(`${where}, aliases[${j}]: "${alias}" is already a name of topic "${other}"`);
      names.set(alias, topic.key);
    });
    for (const section of SECTIONS) {
      const { source } = topic[section];
      if (!(source in data.sources))
        problems.push(`${where}, ${section}.source: source "${source}" is not declared in sources`);
      cited.add(source);
    }
    const texts = [
      topic.whatItIs.text,
      ...topic.symptoms.items,
      ...topic.whatToDo.items,
      ...topic.whenToGetHelp.emergency,
      ...topic.whenToGetHelp.urgent,
    ];
    for (const t of texts)
      if (NO_DOSE.test(t))
        problems.push(`${where}: "${t}" gives a dose (point to the leaflet or a pharmacist instead)`);
  });
  for (const id of Object.keys(data.sources))
    if (!cited.has(id)) problems.push(`source "${id}": declared but cited by no topic`);
  return problems;
}

export function loadFirstAid(file = FIRST_AID_FILE): FirstAidFile {
  return loadContentFile(file, FirstAidFileSchema, NAMES, firstAidProblems);
}

export const FIRST_AID: FirstAidFile = loadFirstAid();

const Text = z.string().min(1);
const FirstAidHindiSchema = z.strictObject({
  about: z.string(),
  topics: z.record(
    z.string(),
    z.strictObject({
      title: Text,
      whatItIs: Text,
      symptoms: z.array(Text),
      whatToDo: z.array(Text),
      emergency: z.array(Text),
      urgent: z.array(Text),
    }),
  ),
});
export type FirstAidHindi = z.infer<typeof FirstAidHindiSchema>;

/**
 * The Hindi of the first-aid notes (first-aid.hi.json), for a question in Hindi or Hinglish (decision 025):
 * translated from the English, which carries the sources. A topic without its Hindi, or a list of another length
 * than its English, stops the server at start.
 */
export function loadFirstAidHindi(
  data: FirstAidFile = FIRST_AID,
  file = path.join(import.meta.dirname, 'first-aid.hi.json'),
): FirstAidHindi {
  const hindi = FirstAidHindiSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  for (const t of data.topics) {
    const hi = hindi.topics[t.key];
    if (!hi) throw new Error(`first-aid.hi.json: the topic ${t.key} has no Hindi`);
    const lengths: [string, number, number][] = [
      ['symptoms', t.symptoms.items.length, hi.symptoms.length],
      ['whatToDo', t.whatToDo.items.length, hi.whatToDo.length],
      ['emergency', t.whenToGetHelp.emergency.length, hi.emergency.length],
      ['urgent', t.whenToGetHelp.urgent.length, hi.urgent.length],
    ];
    for (const [field, en, hiLength] of lengths)
      if (en !== hiLength)
        throw new Error(`first-aid.hi.json: ${t.key}.${field} has ${hiLength} items, the English ${en}`);
  }
  return hindi;
}
