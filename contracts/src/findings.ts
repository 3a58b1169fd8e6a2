import { z } from 'zod';

/** The published source a rule comes from: enough to find it (title with journal/year), a link where stable. */
export const CitationSchema = z.object({
  title: z.string(),
  url: z.string().optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

/**
 * info: worth knowing, no action unless other concerns; attention: discuss with a doctor at a routine
 * appointment; urgent: seek care today.
 */
export const SeveritySchema = z.enum(['info', 'attention', 'urgent']);
export type Severity = z.infer<typeof SeveritySchema>;

export const SEVERITY_RANK: Record<Severity, number> = { info: 0, attention: 1, urgent: 2 };

/** One thing a rule noticed about the values entered, explained for a lay reader and traceable to its source. */
export const FindingSchema = z.object({
  /** Stable rule id, e.g. 'anaemia', 'fasting-glucose-diabetes-range'. */
  id: z.string(),
  title: z.string(),
  severity: SeveritySchema,
  /** The form keys the finding rests on. */
  fields: z.array(z.string()),
  /** The value(s) as entered, with units: '10.4 g/dL'. */
  value: z.string(),
  /** The range or cut-off the value was compared with: 'below 12.0 g/dL (women)'. */
  referenceRange: z.string(),
  explanation: z.string(),
  citation: CitationSchema,
});
export type Finding = z.infer<typeof FindingSchema>;

/**
 * When to act on a result: now (emergency department or emergency number), today (a doctor the same day),
 * days (a doctor within a few days), routine (a routine appointment). Every clinical result ends with one.
 */
export const TimeframeSchema = z.enum(['now', 'today', 'days', 'routine']);
export type Timeframe = z.infer<typeof TimeframeSchema>;

/** Most urgent highest. */
export const TIMEFRAME_RANK: Record<Timeframe, number> = { routine: 0, days: 1, today: 2, now: 3 };

/** The heading a page and a PDF print above the next step. */
export const TIMEFRAME_HEADING: Record<Timeframe, string> = {
  now: 'Go to an emergency department now',
  today: 'See a doctor today',
  days: 'See a doctor within a few days',
  routine: 'Discuss at a routine appointment',
};

export const NextStepSchema = z.object({
  timeframe: TimeframeSchema,
  /** TIMEFRAME_HEADING of the timeframe. */
  heading: z.string(),
  /** The concrete step in plain words. */
  text: z.string(),
  /** The guideline the step comes from; absent when it follows from a model's band. */
  citation: CitationSchema.optional(),
});
export type NextStep = z.infer<typeof NextStepSchema>;

/** A guideline finding: a finding with the timeframe its source gives. */
export const GuidelineFindingSchema = FindingSchema.extend({
  timeframe: TimeframeSchema,
  /** The step to take, in plain words. */
  nextStep: z.string(),
});
export type GuidelineFinding = z.infer<typeof GuidelineFindingSchema>;

/** The most urgent of several timeframes (routine when there is none). */
export function mostUrgentTimeframe(timeframes: readonly Timeframe[]): Timeframe {
  return timeframes.reduce<Timeframe>((a, b) => (TIMEFRAME_RANK[b] > TIMEFRAME_RANK[a] ? b : a), 'routine');
}
