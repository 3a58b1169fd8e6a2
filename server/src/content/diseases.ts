/**
 * Disease content shown on the result page of every test: title, description, 5 symptoms, 5 precautions,
 * when to seek care, and the sources each entry was written from; and the notices every result page shows.
 *
 * The text is data, in diseases.json beside this file (how it was written and from what: its `about`, and
 * SOURCES.md in this folder). This module holds its schema and the rules across entries, and reads it once
 * when the server starts: a file that breaks a rule stops the server with a message naming the entry and the rule.
 */
import path from 'node:path';
import {
  CONTENT_UPDATED,
  ContentSourceSchema,
  DiseaseContentSchema,
  type ContentSource,
  type DiseaseContent,
  type Language,
} from '@medibuddy/contracts';
import { z } from 'zod';
import {
  ContentFileError,
  entryLabel,
  parseContent,
  plainText,
  readContentJson,
  type EntryNames,
} from './content-file';

// The schema is the contract's (the web parses the same entries); re-exported for the server's own readers.
export { CONTENT_UPDATED, ContentSourceSchema, DiseaseContentSchema, type ContentSource, type DiseaseContent };

/** The skin test's content keys: one per class of the skin model (the 9 ISIC classes). */
const SKIN_CONTENT_KEYS = [
  'actinic_keratosis',
  'basal_cell_carcinoma',
  'dermatofibroma',
  'melanoma',
  'nevus',
  'pigmented_benign_keratosis',
  'seborrheic_keratosis',
  'squamous_cell_carcinoma',
  'vascular_lesion',
] as const;

export const DISEASE_CONTENT_KEYS = [
  // clinical tests
  'heart_disease',
  'cardiovascular_disease',
  'diabetes',
  'liver_disease',
  'kidney_stones',
  // blood test (diabetes is shared)
  'anemia',
  'thalassemia',
  'thrombocytopenia',
  'healthy_blood',
  // eye (fundus) images
  'cataract',
  'diabetic_retinopathy',
  'glaucoma',
  'normal_fundus',
  // chest CT images
  'lung_cancer',
  'normal_chest_ct',
  // skin images
  ...SKIN_CONTENT_KEYS,
] as const;
export type DiseaseContentKey = (typeof DISEASE_CONTENT_KEYS)[number];

/** Which content keys each test's results can lead to. */
export const CONTENT_KEYS_BY_TEST = {
  heart: ['heart_disease'],
  cardio: ['cardiovascular_disease'],
  diabetes: ['diabetes'],
  liver: ['liver_disease'],
  kidney_stone: ['kidney_stones'],
  blood: ['anemia', 'healthy_blood', 'diabetes', 'thalassemia', 'thrombocytopenia'],
  cataract: ['cataract', 'diabetic_retinopathy', 'glaucoma', 'normal_fundus'],
  diabetic_retinopathy: ['diabetic_retinopathy', 'cataract', 'glaucoma', 'normal_fundus'],
  ct_scan: ['lung_cancer', 'normal_chest_ct'],
  skin: SKIN_CONTENT_KEYS,
} as const satisfies Record<string, readonly DiseaseContentKey[]>;

/* ----------------------------------------------------------------------------------------------------------
 * The entries, the sources they cite and the result notices: data in diseases.json, checked here.
 * -------------------------------------------------------------------------------------------------------- */

/** How a test reaches its result: a trained model on clinical values, a fixed scoring rule, or a model on an image. */
export type TestKind = 'clinical_model' | 'rules' | 'image_model';

export const DISEASES_FILE = path.join(import.meta.dirname, 'diseases.json');

const SourceIdSchema = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a source id (a letter, then letters and digits)');

export const DiseasesFileSchema = z.strictObject({
  /** What the file is, for whoever edits it. */
  about: z.array(z.string()),
  /** Every source an entry may cite, by id. */
  sources: z.record(SourceIdSchema, z.strictObject(ContentSourceSchema.shape)),
  /** The entries in the order the result pages list them; each cites source ids of the table above. */
  entries: z.array(
    z.strictObject({
      ...DiseaseContentSchema.shape,
      sources: z.array(SourceIdSchema).min(1, 'must cite at least one source'),
    }),
  ),
  /** The notices every result page shows; whatThisDoesNotMean per way a test reaches its result. */
  resultNotice: z.strictObject({
    notADiagnosis: plainText,
    emergency: plainText,
    whatThisDoesNotMean: z.strictObject({
      clinical_model: plainText,
      rules: plainText,
      image_model: plainText,
    } satisfies Record<TestKind, z.ZodType>),
  }),
});
export type DiseasesFile = z.infer<typeof DiseasesFileSchema>;

const NAMES: EntryNames = { entries: { noun: 'entry', idField: 'key' }, sources: { noun: 'source' } };

/** The rules across entries: every listed key once, each cited source declared, each declared source cited. */
function problemsOf(data: DiseasesFile): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const cited = new Set<string>();
  data.entries.forEach((entry, i) => {
    const where = entryLabel(NAMES, 'entries', i, entry);
    if (!isDiseaseContentKey(entry.key))
      problems.push(`${where}: key must be one of the content keys (${DISEASE_CONTENT_KEYS.join(', ')})`);
    if (seen.has(entry.key)) problems.push(`${where}: key appears twice`);
    seen.add(entry.key);
    entry.sources.forEach((id, j) => {
      if (!(id in data.sources)) problems.push(`${where}, sources[${j}]: source "${id}" is not declared in sources`);
      if (entry.sources.indexOf(id) !== j) problems.push(`${where}, sources[${j}]: source "${id}" cited twice`);
      cited.add(id);
    });
  });
  for (const key of DISEASE_CONTENT_KEYS)
    if (!seen.has(key)) problems.push(`entries: no entry for the content key "${key}"`);
  for (const id of Object.keys(data.sources))
    if (!cited.has(id)) problems.push(`source "${id}": declared but cited by no entry`);
  return problems;
}

/** The file's data checked, with each entry's source ids replaced by the sources themselves. */
export function parseDiseasesFile(raw: unknown, file = path.basename(DISEASES_FILE)) {
  const data = parseContent(file, raw, DiseasesFileSchema, NAMES, problemsOf);
  const content = Object.fromEntries(
    data.entries.map((entry) => [entry.key, { ...entry, sources: entry.sources.map((id) => data.sources[id]!) }]),
  ) as Record<DiseaseContentKey, DiseaseContent>;
  return { content, resultNotice: data.resultNotice };
}

const loaded = parseDiseasesFile(readContentJson(DISEASES_FILE));

export const DISEASE_CONTENT: Readonly<Record<DiseaseContentKey, DiseaseContent>> = loaded.content;

/** Notes for the CT test's classes, which all lead to the lung_cancer entry (or normal_chest_ct). */
export const LUNG_CT_CLASS_NOTES: Readonly<Record<string, string>> = DISEASE_CONTENT.lung_cancer.classNotes ?? {};

export const RESULT_NOTICE = loaded.resultNotice;

export function isDiseaseContentKey(value: string): value is DiseaseContentKey {
  return (DISEASE_CONTENT_KEYS as readonly string[]).includes(value);
}

/** The content for a key, or undefined for an unknown key (never throws, so a bad key cannot break a page). */
export function getDiseaseContent(key: string): DiseaseContent | undefined {
  return isDiseaseContentKey(key) ? DISEASE_CONTENT[key] : undefined;
}

/* ----------------------------------------------------------------------------------------------------------
 * The Hindi of the entries and notices: diseases.hi.json, translated from diseases.json, which carries the
 * sources. A Hindi entry holds only the texts; its key, category, sources, reviewedBy and updated are the English
 * entry's. Read once at start, like the English: a missing entry or notice, an entry the English lacks, or a list
 * of another length than its English stops the server.
 * -------------------------------------------------------------------------------------------------------- */

export const DISEASES_HINDI_FILE = path.join(import.meta.dirname, 'diseases.hi.json');

const HindiEntrySchema = z.strictObject({
  title: plainText,
  description: plainText,
  symptoms: z.array(plainText),
  precautions: z.array(plainText),
  whenToSeekCare: z.array(plainText),
  labels: z.strictObject({ symptoms: plainText, precautions: plainText }).optional(),
  classNotes: z.record(z.string(), plainText).optional(),
});

export const DiseasesHindiFileSchema = z.strictObject({
  /** What the file is, for whoever edits it. */
  about: z.array(z.string()),
  /** The texts of each entry of diseases.json, keyed by its content key. */
  entries: z.record(z.string(), HindiEntrySchema),
  resultNotice: DiseasesFileSchema.shape.resultNotice,
});
export type DiseasesHindiFile = z.infer<typeof DiseasesHindiFileSchema>;

const HINDI_NAMES: EntryNames = { entries: { noun: 'entry' } };

/** The rules against the English: every entry once, each list as long as its English, the same labels and notes. */
function hindiProblemsOf(english: Readonly<Record<DiseaseContentKey, DiseaseContent>>) {
  return (data: DiseasesHindiFile): string[] => {
    const problems: string[] = [];
    for (const key of Object.keys(data.entries))
      if (!isDiseaseContentKey(key)) problems.push(`entry "${key}": diseases.json has no such entry`);
    for (const key of DISEASE_CONTENT_KEYS) {
      const hi = data.entries[key];
      const en = english[key];
      if (!hi) {
        problems.push(`entries: no entry for the content key "${key}"`);
        continue;
      }
      for (const field of ['symptoms', 'precautions', 'whenToSeekCare'] as const)
        if (hi[field].length !== en[field].length)
          problems.push(`entry "${key}", ${field}: has ${hi[field].length} items, the English ${en[field].length}`);
      if (Boolean(hi.labels) !== Boolean(en.labels))
        problems.push(
          `entry "${key}", labels: ${en.labels ? 'missing (the English has them)' : 'the English has none'}`,
        );
      const enNotes = Object.keys(en.classNotes ?? {}).sort();
      const hiNotes = Object.keys(hi.classNotes ?? {}).sort();
      if (enNotes.join() !== hiNotes.join())
        problems.push(
          `entry "${key}", classNotes: for ${hiNotes.join(', ') || 'none'}, the English ${enNotes.join(', ') || 'none'}`,
        );
    }
    return problems;
  };
}

/**
 * The Hindi entries (each a whole DiseaseContent: the English entry with the Hindi texts) and notices, checked
 * against the English. Throws a ContentFileError naming every problem.
 */
export function parseDiseasesHindiFile(
  raw: unknown,
  english: Readonly<Record<DiseaseContentKey, DiseaseContent>> = DISEASE_CONTENT,
  file = path.basename(DISEASES_HINDI_FILE),
) {
  const data = parseContent(file, raw, DiseasesHindiFileSchema, HINDI_NAMES, hindiProblemsOf(english));
  const problems: string[] = [];
  const content = Object.fromEntries(
    DISEASE_CONTENT_KEYS.map((key) => {
      const { title, description, symptoms, precautions, whenToSeekCare, labels, classNotes } = data.entries[key]!;
      const entry = DiseaseContentSchema.safeParse({
        ...english[key],
        title,
        description,
        symptoms,
        precautions,
        whenToSeekCare,
        ...(labels ? { labels } : {}),
        ...(classNotes ? { classNotes } : {}),
      });
      if (!entry.success)
        problems.push(...entry.error.issues.map((i) => `entry "${key}", ${i.path.join('.')}: ${i.message}`));
      return [key, entry.data];
    }),
  ) as Record<DiseaseContentKey, DiseaseContent>;
  if (problems.length > 0) throw new ContentFileError(file, problems);
  return { content, resultNotice: data.resultNotice };
}

/** Reads and checks a Hindi file (diseases.hi.json unless told) against the English. */
export function loadDiseasesHindi(file = DISEASES_HINDI_FILE) {
  return parseDiseasesHindiFile(readContentJson(file), DISEASE_CONTENT, path.basename(file));
}

const hindi = loadDiseasesHindi();

/** The content for a key in a language, or undefined for an unknown key (never throws). */
export function getDiseaseContentIn(language: Language, key: DiseaseContentKey): DiseaseContent | undefined {
  if (!isDiseaseContentKey(key)) return undefined;
  return language === 'hi' ? hindi.content[key] : DISEASE_CONTENT[key];
}

/** The notices every result page shows, in a language. */
export function resultNoticeIn(language: Language): typeof RESULT_NOTICE {
  return language === 'hi' ? hindi.resultNotice : RESULT_NOTICE;
}
