import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SourceSchema } from './knowledge-base';

/** What each triage level tells the person to do, and the emergency numbers: data with sources (advice.json). */
const LevelAdviceSchema = z.strictObject({
  /** Completes "Your answers fit X, which ...". */
  because: z.string().min(10),
});

/** What one of NHS 111's dispositions tells the person: where to go, what to do meanwhile, when to call again. */
export const DispositionTextSchema = z.strictObject({
  headline: z.string().min(10),
  advice: z.string().min(20),
  meanwhile: z.string().min(20),
  callAgain: z.string().min(20),
});

/** The six dispositions' texts, in either language (advice.json, advice.hi.json). */
export const DispositionTextsSchema = z.strictObject({
  call_emergency: DispositionTextSchema,
  emergency_department: DispositionTextSchema,
  urgent_same_day: DispositionTextSchema,
  gp_two_weeks: DispositionTextSchema,
  pharmacy: DispositionTextSchema,
  self_care: DispositionTextSchema,
});

export const TriageAdviceContentSchema = z.strictObject({
  levels: z.strictObject({
    emergency: LevelAdviceSchema,
    urgent: LevelAdviceSchema,
    soon: LevelAdviceSchema,
    self_care: LevelAdviceSchema,
  }),
  dispositions: DispositionTextsSchema,
  emergencyNumbers: z.string().min(10),
  crisis: z.string().min(10),
  /** The reason given when nothing the person wrote or answered matched a symptom: never "look after it yourself". */
  notUnderstood: z.string().min(20),
  sources: z.array(SourceSchema).min(1),
});
export type TriageAdviceContent = z.infer<typeof TriageAdviceContentSchema>;

export function loadTriageAdvice(dir: URL = new URL('./', import.meta.url)): TriageAdviceContent {
  return TriageAdviceContentSchema.parse(JSON.parse(readFileSync(new URL('advice.json', dir), 'utf8')));
}
