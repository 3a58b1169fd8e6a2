import { z } from 'zod';
import { CitationSchema } from './findings';

/**
 * What a risk result leads with: validated scores (an absolute risk "N in 100 people like you" or a points band),
 * and the model's figure said honestly (re-based to a population share, or a score relative to its study).
 */

export const RISK_SCORE_IDS = ['who-2019-lab', 'who-2019-non-lab', 'pce-2013', 'findrisc', 'idrs'] as const;
export const RiskScoreIdSchema = z.enum(RISK_SCORE_IDS);

export const RiskScoreLevelSchema = z.enum(['low', 'low-moderate', 'moderate', 'high', 'very-high']);

export const RiskScoreSchema = z.object({
  id: RiskScoreIdSchema,
  name: z.string(),
  /** 'a heart attack or stroke in the next 10 years'. */
  outcome: z.string(),
  /** The absolute risk (0-1) when the score gives one; absent for a points-only score (IDRS). */
  risk: z.number().min(0).max(1).optional(),
  /** "about N in 100 people like you" (rounded as the score prints it). */
  inHundred: z.number().int().min(0).max(100).optional(),
  timeframeYears: z.number().optional(),
  points: z.number().optional(),
  maxPoints: z.number().optional(),
  /** The score's own band: 'under 5 %', '10 % to under 20 %', 'moderate'. */
  band: z.string(),
  level: RiskScoreLevelSchema,
  /** One sentence, in words and as N in 100 where the score gives a risk. */
  headline: z.string(),
  /** What would lower it, from the answers given. */
  lower: z.array(z.string()),
  /** Limits a clinician would add (a chart for another region, a score that ranks rather than predicts). */
  caveat: z.string().optional(),
  citation: CitationSchema,
});
export type RiskScore = z.infer<typeof RiskScoreSchema>;

/** A score that could have been given with more answers, and which. */
export const MissingScoreSchema = z.object({ name: z.string(), needs: z.array(z.string()) });
export type MissingScore = z.infer<typeof MissingScoreSchema>;

export const ModelFigureSchema = z.object({
  /** rebased: re-based to a population share with a source; study-relative: a score relative to the study. */
  kind: z.enum(['rebased', 'study-relative']),
  /** The share with the condition in the training data (0-1). */
  studyShare: z.number().min(0).max(1),
  /** The re-based probability (rebased) or the raw score (study-relative), 0-1. */
  value: z.number().min(0).max(1),
  /** The population share it was re-based to, with its source. */
  population: z.object({ share: z.number(), who: z.string(), citation: CitationSchema }).optional(),
  /** The figure in words, as the page and the report say it. */
  text: z.string(),
});
export type ModelFigure = z.infer<typeof ModelFigureSchema>;
