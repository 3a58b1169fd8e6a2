import { z } from 'zod';
import { formSchemaFor } from './clinical-fields';
import { CitationSchema } from './findings';
import {
  KIDNEY_STONE_FIELDS,
  KIDNEY_STONE_SYMPTOM_FIELDS,
  STONE_NAUSEA,
  STONE_PAIN_ONSET,
  type KidneyStoneSymptomKey,
} from './forms/kidney-stone-fields';

export * from './forms/kidney-stone-fields';

export const KIDNEY_STONE_SYMPTOM_KEYS = KIDNEY_STONE_SYMPTOM_FIELDS.map((f) => f.key) as KidneyStoneSymptomKey[];

/** The legacy labels -> keys, for a compatibility record keyed by label. Its 'Total' is recounted, never trusted. */
export const KIDNEY_STONE_COMPAT_KEYS = Object.fromEntries(
  KIDNEY_STONE_SYMPTOM_FIELDS.map((f) => [f.specLabel, f.key]),
) as { readonly [F in (typeof KIDNEY_STONE_SYMPTOM_FIELDS)[number] as F['specLabel']]: F['key'] };

/**
 * The request body. Two answers are asked twice, in the symptom list and in the score, and must agree:
 * pain (yes/no vs when it began) and nausea (yes/no vs which). A form keeps them in step for the user.
 */
export const KidneyStoneInputSchema = formSchemaFor(KIDNEY_STONE_FIELDS).superRefine((v, ctx) => {
  const issue = (path: 'painOnset' | 'nausea', message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const hasPain = v.backBellySidePain === 1;
  if (hasPain && v.painOnset === STONE_PAIN_ONSET.noPain) {
    issue('painOnset', 'must say when the pain began, since you have back, belly or side pain');
  }
  if (!hasPain && v.painOnset !== STONE_PAIN_ONSET.noPain) {
    issue('painOnset', "must be 'I have no such pain', since you answered No to back, belly or side pain");
  }
  const hasNausea = v.nauseaVomiting === 1;
  if (hasNausea && v.nausea === STONE_NAUSEA.none) {
    issue('nausea', 'must be nausea only or vomiting, since you answered Yes to nausea or vomiting');
  }
  if (!hasNausea && v.nausea !== STONE_NAUSEA.none) {
    issue('nausea', 'must be neither, since you answered No to nausea or vomiting');
  }
});
export type KidneyStoneInput = z.infer<typeof KidneyStoneInputSchema>;

/** The form's running Total: how many symptoms were answered Yes. */
export function countSymptoms(input: Partial<Record<KidneyStoneSymptomKey, number>>): number {
  return KIDNEY_STONE_SYMPTOM_KEYS.filter((key) => input[key] === 1).length;
}

export const StoneBandSchema = z.enum(['low', 'moderate', 'high']);
export type StoneBand = z.infer<typeof StoneBandSchema>;

export const StoneFactorSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The answer in words, e.g. 'Less than 6 hours ago'. */
  answer: z.string(),
  points: z.number().int(),
  maxPoints: z.number().int(),
  note: z.string().optional(),
});
export type StoneFactor = z.infer<typeof StoneFactorSchema>;

export const KidneyStoneAssessmentSchema = z.object({
  /** The form's Total: symptoms answered Yes, 0-8. Shown, not used for the estimate. */
  total: z.number().int(),
  /** STONE points counted, 0-13. */
  score: z.number().int(),
  /** The highest the score could be once untested items are known (score + 3 when no urine test was done). */
  maxScore: z.number().int(),
  /** False without back, belly or side pain: the score was built for people with that pain only. */
  applies: z.boolean(),
  /** Null when the score does not apply. */
  band: StoneBandSchema.nullable(),
  /** Share of people in the band's validation group who had a ureteral stone on CT; null when it does not apply. */
  probability: z.number().nullable(),
  /** What a urine test showing blood would make of the score; null unless the test was not done (and no blood is visible). */
  ifHaematuria: z.object({ score: z.number().int(), band: StoneBandSchema, probability: z.number() }).nullable(),
  factors: z.array(StoneFactorSchema),
  urgent: z.boolean(),
  urgentMessage: z.string().nullable(),
  /** Plain-language limits and advice that apply to these answers. */
  notes: z.array(z.string()),
  citation: CitationSchema,
});
export type KidneyStoneAssessment = z.infer<typeof KidneyStoneAssessmentSchema>;
