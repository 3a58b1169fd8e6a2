/**
 * The skin test's questions beside the picture: NICE's weighted 7-point checklist (NG12 1.7.2), its points, the
 * score from which NICE recommends a suspected cancer pathway referral, and what the result says at or above it and
 * below it. The text is data, in skin-checklist.json beside this file; this module holds its schema and the rules
 * across entries, and reads it once when the server starts. A file that breaks a rule stops the server with a
 * message naming the entry and the rule. Scored by modules/assessments/skin-checklist.ts.
 */
import path from 'node:path';
import { ContentSourceSchema, type Language } from '@medibuddy/contracts';
import { z } from 'zod';
import { entryLabel, loadContentFile, plainText, type EntryNames } from './content-file';

export const SKIN_CHECKLIST_FILE = path.join(import.meta.dirname, 'skin-checklist.json');

const SourceIdSchema = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a source id (a letter, then letters and digits)');

export const SkinChecklistItemContentSchema = z.strictObject({
  /** camelCase: the multipart field is `checklist.<key>`, and stored answers are keyed by it. */
  key: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'must be camelCase (a lower-case letter, then letters and digits)'),
  /** NICE's major features score 2 points, its minor ones 1 (checked below). */
  kind: z.enum(['major', 'minor']),
  points: z.number().int().min(1).max(2),
  /** The question in patients' plain words, answered yes / no / not sure. */
  question: plainText,
  help: plainText,
  source: SourceIdSchema,
});

const StepSchema = z.strictObject({
  headline: plainText,
  timeframe: z.enum(['within 2 weeks', 'routine']),
  nextStep: plainText,
  sources: z.array(SourceIdSchema).min(1, 'must cite at least one source'),
});

export const SkinChecklistFileSchema = z.strictObject({
  about: z.array(z.string()),
  /** Stored with each answered checklist, so a result read later names the version it was scored by. */
  version: plainText,
  sources: z.record(SourceIdSchema, z.strictObject({ ...ContentSourceSchema.shape, url: z.url() })),
  /** Why the questions are asked, one short line on the test page. */
  why: plainText,
  /** What an answer of 'Not sure' does: it is not counted. */
  notSure: plainText,
  items: z.array(SkinChecklistItemContentSchema).min(1),
  /** The score from which the `atOrAbove` step applies. */
  threshold: z.number().int().min(1),
  thresholdSource: SourceIdSchema,
  atOrAbove: StepSchema,
  below: StepSchema,
});
export type SkinChecklistFile = z.infer<typeof SkinChecklistFileSchema>;
export type SkinChecklistItemContent = SkinChecklistFile['items'][number];

const NAMES: EntryNames = { items: { noun: 'item', idField: 'key' }, sources: { noun: 'source' } };
const POINTS_BY_KIND = { major: 2, minor: 1 } as const;

/**
 * Keys once each, points as NICE weighs each kind, a threshold the items can reach, the step at or above it urgent,
 * every cited source declared and every declared one cited.
 */
export function skinChecklistProblems(data: SkinChecklistFile): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  const cited = new Set<string>();
  const cite = (where: string, source: string) => {
    if (!(source in data.sources)) problems.push(`${where}: source "${source}" is not declared in sources`);
    cited.add(source);
  };
  data.items.forEach((item, i) => {
    const where = entryLabel(NAMES, 'items', i, item);
    if (keys.has(item.key)) problems.push(`${where}: key appears twice`);
    keys.add(item.key);
    if (item.points !== POINTS_BY_KIND[item.kind])
      problems.push(`${where}, points: a ${item.kind} feature scores ${POINTS_BY_KIND[item.kind]}`);
    cite(`${where}, source`, item.source);
  });
  const maxScore = data.items.reduce((sum, item) => sum + item.points, 0);
  if (data.threshold > maxScore) problems.push(`threshold: ${data.threshold} is more than the items add up to`);
  cite('thresholdSource', data.thresholdSource);
  if (data.atOrAbove.timeframe === 'routine') problems.push('atOrAbove.timeframe: must be urgent, not routine');
  data.atOrAbove.sources.forEach((s, i) => cite(`atOrAbove.sources[${i}]`, s));
  data.below.sources.forEach((s, i) => cite(`below.sources[${i}]`, s));
  for (const id of Object.keys(data.sources))
    if (!cited.has(id)) problems.push(`source "${id}": declared but cited nowhere`);
  return problems;
}

export function loadSkinChecklist(file = SKIN_CHECKLIST_FILE): SkinChecklistFile {
  return loadContentFile(file, SkinChecklistFileSchema, NAMES, skinChecklistProblems);
}

let loaded: SkinChecklistFile | undefined;
/** The checklist, parsed once; a broken file fails at the first use (the server reads it at start). */
export function skinChecklist(): SkinChecklistFile {
  loaded ??= loadSkinChecklist();
  return loaded;
}

export const SKIN_CHECKLIST_HINDI_FILE = path.join(import.meta.dirname, 'skin-checklist.hi.json');

const StepWordsSchema = z.strictObject({ headline: plainText, nextStep: plainText });

const SkinChecklistHindiSchema = z.strictObject({
  about: z.array(z.string()),
  why: plainText,
  notSure: plainText,
  items: z.record(z.string(), z.strictObject({ question: plainText, help: plainText })),
  atOrAbove: StepWordsSchema,
  below: StepWordsSchema,
});
export type SkinChecklistHindi = z.infer<typeof SkinChecklistHindiSchema>;

/** Every item of the English in Hindi, and no Hindi for an item the English does not have. */
export function skinChecklistHindiProblems(hindi: SkinChecklistHindi, english: SkinChecklistFile): string[] {
  const keys = english.items.map((i) => i.key);
  return [
    ...keys.filter((k) => !hindi.items[k]).map((k) => `item "${k}": no Hindi`),
    ...Object.keys(hindi.items)
      .filter((k) => !keys.includes(k))
      .map((k) => `item "${k}": not an item of skin-checklist.json`),
  ];
}

/**
 * The Hindi of the checklist's words (skin-checklist.hi.json): translated from the English, which carries
 * the points, the threshold and the sources.
 */
export function loadSkinChecklistHindi(file = SKIN_CHECKLIST_HINDI_FILE): SkinChecklistHindi {
  return loadContentFile(file, SkinChecklistHindiSchema, { items: { noun: 'item' } }, (hindi) =>
    skinChecklistHindiProblems(hindi, skinChecklist()),
  );
}

/** Read when the server starts, so a broken or incomplete file stops it. */
const HINDI = loadSkinChecklistHindi();
let hindiChecklist: SkinChecklistFile | undefined;

/** The checklist with its words in a language (version, points, threshold and sources the English's). */
export function skinChecklistIn(language: Language): SkinChecklistFile {
  const english = skinChecklist();
  if (language === 'en') return english;
  if (!hindiChecklist) {
    const hi = HINDI;
    hindiChecklist = {
      ...english,
      why: hi.why,
      notSure: hi.notSure,
      items: english.items.map((item) => ({ ...item, ...hi.items[item.key] })),
      atOrAbove: { ...english.atOrAbove, ...hi.atOrAbove },
      below: { ...english.below, ...hi.below },
    };
  }
  return hindiChecklist;
}
