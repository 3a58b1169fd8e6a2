import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentSourceSchema, IMAGE_MODEL_IDS, type ImageModelId } from '@medibuddy/contracts';
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
