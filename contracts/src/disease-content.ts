import { z } from 'zod';

/**
 * The shape of the disease content a result page shows (title, description, 5 symptoms, 5 precautions, when to
 * seek care, sources). The entries themselves live on the server (server/src/content/diseases.json); the schema
 * lives here so the web can parse them from an assessment response.
 */
export const CONTENT_UPDATED = '2026-11-22' as const;

const text = z.string().trim().min(1).max(300);

export const ContentSourceSchema = z.object({
  title: text,
  publisher: text,
  url: z.url().optional(),
  note: text.optional(),
});
export type ContentSource = z.infer<typeof ContentSourceSchema>;

export const DiseaseContentSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  title: text,
  /** condition: a disease or risk finding; benign: a harmless growth; normal: nothing found. */
  category: z.enum(['condition', 'benign', 'normal']),
  /** 2 to 4 short sentences. */
  description: text,
  symptoms: z.tuple([text, text, text, text, text]),
  precautions: z.tuple([text, text, text, text, text]),
  /** Red flags: when to get urgent or prompt care for this condition. */
  whenToSeekCare: z.union([z.tuple([text]), z.tuple([text, text]), z.tuple([text, text, text])]),
  sources: z.array(ContentSourceSchema).min(1),
  reviewedBy: z.null(),
  updated: z.literal(CONTENT_UPDATED),
  /** Headings to use instead of 'Symptoms' and 'Precautions' where those words do not fit (normal or benign results). */
  labels: z.object({ symptoms: text, precautions: text }).optional(),
  /** Extra notes per model class that shares this entry (the CT test's lung classes). */
  classNotes: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), text).optional(),
});
export type DiseaseContent = z.infer<typeof DiseaseContentSchema>;

/** The three notices every result page shows; whatThisDoesNotMean is the one for the test's method. */
export const ResultNoticesSchema = z.object({
  notADiagnosis: z.string(),
  emergency: z.string(),
  whatThisDoesNotMean: z.string(),
});
export type ResultNotices = z.infer<typeof ResultNoticesSchema>;
