import path from 'node:path';
import { HelplineUseSchema, RedFlagSourceSchema } from '@medibuddy/contracts';
import { z } from 'zod';
import { loadContentFile, type EntryNames } from '../content-file';

/**
 * The safety check's own rules (safety-rules.json beside this file, sources in SOURCES.md here): each raises a red
 * flag of contracts/src/content/red-flags.json or carries its own kind, texts and sources. Its schema lives here;
 * server/src/reading/safety.ts checks the concepts and red flags each rule names and runs them.
 */
export const SAFETY_RULES_FILE = path.join(import.meta.dirname, 'safety-rules.json');

const Texts = z.strictObject({ en: z.string().min(1), hi: z.string().min(1) });

const RuleSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z-]+$/),
    /** Raise this red flag (its advice, sources and helplines), or give kind, texts and sources of its own. */
    flag: z.string().optional(),
    /**
     * crisis and emergency: care now, no answer in its place; urgent: a doctor today (a medicine taken that needs its
     * prescriber, an animal bite);
     * soon: a doctor within days, not a medicine bought to treat it (a cough of 3 weeks or more, with weight loss).
     */
    kind: z.enum(['crisis', 'emergency', 'urgent', 'soon']).optional(),
    helplines: z.array(HelplineUseSchema).optional(),
    /** Each group needs one of its concepts or classes. */
    all: z.array(z.array(z.string().min(1)).min(1)).min(1),
    /** The rule does not fire when any of these concepts is read (a mother's own fever beside her baby's age). */
    none: z.array(z.string().min(1)).min(1).optional(),
    measure: z.strictObject({ id: z.string(), atMost: z.number(), atLeast: z.number() }).optional(),
    ageMonthsBelow: z.number().positive().optional(),
    label: Texts.optional(),
    advice: Texts.optional(),
    sources: z.array(RedFlagSourceSchema).min(1).optional(),
  })
  .refine((r) => (r.flag ? !r.kind && !r.label : r.kind && r.label && r.advice && r.sources), {
    message: 'a rule either names a red flag or carries its kind, label, advice and sources',
  });

export const SafetyRulesSchema = z.strictObject({
  about: z.string(),
  rules: z.array(RuleSchema).min(1),
  /** Concepts that raise the crisis lines before the answer, without the crisis reply. */
  distress: z.array(z.string()).min(1),
});
export type SafetyRules = z.infer<typeof SafetyRulesSchema>;

export const SAFETY_RULES_NAMES: EntryNames = { rules: { noun: 'rule', idField: 'id' } };

export function loadSafetyRules(file = SAFETY_RULES_FILE): SafetyRules {
  return loadContentFile(file, SafetyRulesSchema, SAFETY_RULES_NAMES);
}
