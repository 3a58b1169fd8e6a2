import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SourceSchema } from './knowledge-base';

/** What each triage level tells the person to do, and the emergency numbers: data with sources (advice.json). */
const LevelAdviceSchema = z.strictObject({
  advice: z.string().min(20),
  /** Completes "Your answers fit X, which ...". */
  because: z.string().min(10),
});

export const TriageAdviceContentSchema = z.strictObject({
  levels: z.strictObject({
    emergency: LevelAdviceSchema,
    urgent: LevelAdviceSchema,
    soon: LevelAdviceSchema,
    self_care: LevelAdviceSchema,
  }),
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
