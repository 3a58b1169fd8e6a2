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
