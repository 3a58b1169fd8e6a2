import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentSourceSchema, IMAGE_MODEL_IDS, type ImageModelId, type Language } from '@medibuddy/contracts';
import { z } from 'zod';

/**
 * What an image result says first: can this wait? Each model's refer classes, the threshold on their summed
 * probability and the confidence floor below which no class is named, with the figures they were fixed by
 * (bench/image-triage.ts writes those: thresholds on validation, sensitivity and specificity on test, 95 % Wilson
 * intervals), and per level the words and next step, each citing its sources. Validated at load and in a test.
 */

export const IMAGE_TRIAGE_FILE = path.join(import.meta.dirname, 'image-triage.json');

const text = z.string().trim().min(1);
const RateSchema = z.object({
  value: z.number().min(0).max(1).nullable(),
  low: z.number().min(0).max(1).nullable(),
  high: z.number().min(0).max(1).nullable(),
  k: z.number().int().min(0),
  n: z.number().int().min(0),
});
export type Rate = z.infer<typeof RateSchema>;

export const IMAGE_TRIAGE_LEVELS = ['refer', 'unsure', 'routine'] as const;

const LevelSchema = z.object({
  /** The first line of the result, e.g. 'See a dermatologist within 2 weeks'. */
  headline: text,
  /** How soon to act: now, today, within days, within 2 weeks or routine. */
  timeframe: z.enum(['now', 'today', 'within days', 'within 2 weeks', 'routine']),
  /** The concrete next step, in plain words. */
  nextStep: text,
  /** Keys into `sources`; at least one. */
  sources: z.array(z.string()).min(1),
});

const ModelTriageSchema = z.object({
  question: text,
  referClasses: z.array(z.string().regex(/^[a-z][a-z0-9_]*$/)).min(1),
  /** Share of the choosing part's refer pictures the threshold must send to 'refer'. */
  targetSensitivity: z.number().min(0.5).max(1),
  /** The top class is named only where it was right this often on the choosing part, at or above the floor. */
  floorAccuracy: z.number().min(0.5).max(1),
  /** The served model these numbers were fixed for; another version gets a warning at start and in the check. */
  modelVersion: text,
  /**
   * Added to the log of each class's probability before anything else (a shift of the model's class priors, fixed on
   * the choosing part); absent for a model served as trained.
   */
  classOffsets: z.record(z.string(), z.number().min(-5).max(5)).optional(),
  referThreshold: z.number().min(0).max(1),
  /**
   * A picture is also flagged when one class's own probability reaches its threshold (skin: melanoma, chosen on
   * out-of-fold predictions for a sensitivity of at least 0.90), so a class the summed score under-flags is not lost.
   */
  classThresholds: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), z.number().min(0).max(1)).optional(),
  confidenceFloor: z.number().min(0.5).max(1),
  /** The test set in plain words, for the result page (no file paths). */
  testSetInWords: text,
  measured: z.object({
    choosingPart: text,
    reportingPart: text,
    choosing: z.object({ sensitivity: RateSchema, specificity: RateSchema }),
    reporting: z.object({
      /** Top-class accuracy as served (after classOffsets), and as the model was trained (no offsets). */
      accuracy: RateSchema.optional(),
      accuracyWithoutOffsets: RateSchema.optional(),
      sensitivity: RateSchema,
      specificity: RateSchema,
      namedShare: RateSchema,
      namedAccuracy: RateSchema,
      referFlaggedByClass: z.record(z.string(), z.string()),
    }),
  }),
  levels: z.object({ refer: LevelSchema, unsure: LevelSchema, routine: LevelSchema }),
});
export type ModelTriage = z.infer<typeof ModelTriageSchema>;

export const ImageTriageSchema = z
  .object({
    version: text,
    sources: z.record(z.string(), ContentSourceSchema),
    models: z.object(
      Object.fromEntries(IMAGE_MODEL_IDS.map((id) => [id, ModelTriageSchema])) as Record<
        ImageModelId,
        typeof ModelTriageSchema
      >,
    ),
  })
  .superRefine((data, ctx) => {
    for (const [model, spec] of Object.entries(data.models)) {
      for (const [level, entry] of Object.entries(spec.levels)) {
        for (const key of entry.sources) {
          if (!data.sources[key])
            ctx.addIssue({
              code: 'custom',
              path: ['models', model, 'levels', level],
              message: `unknown source ${key}`,
            });
        }
      }
    }
  });
export type ImageTriage = z.infer<typeof ImageTriageSchema>;

let loaded: ImageTriage | undefined;
/** The triage data, parsed once; a broken file fails at start, naming the bad field. */
export function imageTriage(): ImageTriage {
  loaded ??= ImageTriageSchema.parse(JSON.parse(readFileSync(IMAGE_TRIAGE_FILE, 'utf8')));
  return loaded;
}

/** The model's probabilities (card order) with the class offsets applied and renormalised. */
export function withClassOffsets(
  probabilities: ArrayLike<number>,
  classes: readonly string[],
  offsets: Record<string, number> | undefined,
): number[] {
  const raw = Array.from(probabilities);
  if (!offsets) return raw;
  const shifted = raw.map((p, i) => p * Math.exp(offsets[classes[i] as string] ?? 0));
  const total = shifted.reduce((a, b) => a + b, 0);
  return shifted.map((p) => p / total);
}

export const IMAGE_TRIAGE_HINDI_FILE = path.join(import.meta.dirname, 'image-triage.hi.json');

const LevelWordsSchema = z.strictObject({ headline: text, nextStep: text });

const ImageTriageHindiSchema = z.strictObject({
  about: z.array(z.string()),
  models: z.strictObject(
    Object.fromEntries(
      IMAGE_MODEL_IDS.map((id) => [
        id,
        z.strictObject({
          question: text,
          testSetInWords: text,
          levels: z.strictObject({ refer: LevelWordsSchema, unsure: LevelWordsSchema, routine: LevelWordsSchema }),
          /** The model's class names by key (the card's labels are English). */
          classLabels: z.record(z.string(), text),
        }),
      ]),
    ) as Record<
      ImageModelId,
      z.ZodObject<{
        question: typeof text;
        testSetInWords: typeof text;
        levels: z.ZodObject<{
          refer: typeof LevelWordsSchema;
          unsure: typeof LevelWordsSchema;
          routine: typeof LevelWordsSchema;
        }>;
        classLabels: z.ZodRecord<z.ZodString, typeof text>;
      }>
    >,
  ),
});
export type ImageTriageHindi = z.infer<typeof ImageTriageHindiSchema>;

/**
 * The Hindi of the triage's words and of each model's class names (image-triage.hi.json), checked against
 * the classes each model names (`classes`: the model cards' keys; the refer classes of the English when not given).
 */
export function loadImageTriageHindi(
  file = IMAGE_TRIAGE_HINDI_FILE,
  classes?: Partial<Record<ImageModelId, readonly string[]>>,
): ImageTriageHindi {
  const hindi = ImageTriageHindiSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const problems: string[] = [];
  for (const id of IMAGE_MODEL_IDS) {
    const keys = classes?.[id] ?? imageTriage().models[id].referClasses;
    const labels = hindi.models[id].classLabels;
    for (const key of keys) if (!labels[key]) problems.push(`${id}: class ${key} has no Hindi`);
    if (classes?.[id])
      for (const key of Object.keys(labels))
        if (!keys.includes(key)) problems.push(`${id}: the model has no class ${key}`);
  }
  if (problems.length > 0) throw new Error(`image-triage.hi.json:\n  - ${problems.join('\n  - ')}`);
  return hindi;
}

/** Read when the server starts, so a broken or incomplete file stops it. */
const HINDI: ImageTriageHindi = loadImageTriageHindi();
let hindiTriage: ImageTriage | undefined;
const loadedHindi = () => HINDI;

/** The triage data with its words in a language (thresholds, figures and sources the English's). */
export function imageTriageIn(language: Language): ImageTriage {
  const english = imageTriage();
  if (language === 'en') return english;
  if (!hindiTriage) {
    const words = loadedHindi();
    hindiTriage = {
      ...english,
      models: Object.fromEntries(
        IMAGE_MODEL_IDS.map((id) => {
          const spec = english.models[id];
          const hi = words.models[id];
          const level = (name: 'refer' | 'unsure' | 'routine') => ({ ...spec.levels[name], ...hi.levels[name] });
          return [
            id,
            {
              ...spec,
              question: hi.question,
              testSetInWords: hi.testSetInWords,
              levels: { refer: level('refer'), unsure: level('unsure'), routine: level('routine') },
            },
          ];
        }),
      ) as ImageTriage['models'],
    };
  }
  return hindiTriage;
}

/** A model class's name in a language: the card's label in English, the file's in Hindi. */
export function classLabelIn(language: Language, model: ImageModelId, key: string, english: string): string {
  if (language === 'en') return english;
  return loadedHindi().models[model].classLabels[key] ?? english;
}
