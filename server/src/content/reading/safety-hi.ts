import path from 'node:path';
import { z } from 'zod';
import { loadContentFile, type EntryNames } from '../content-file';

/**
 * The Hindi of the safety check's replies (safety-hi.json beside this file): the emergency and crisis messages, the
 * label and advice of every red flag, the distress lines. Translations of the English beside them, no facts of their
 * own; server/src/reading/safety.ts checks that every red flag has its Hindi.
 */
export const SAFETY_HI_FILE = path.join(import.meta.dirname, 'safety-hi.json');

export const SafetyHindiSchema = z.strictObject({
  about: z.string(),
  messages: z.strictObject({ emergency: z.string().min(1), crisis: z.string().min(1) }),
  flags: z.record(z.string(), z.strictObject({ label: z.string().min(1), advice: z.string().min(1) })),
  distress: z.strictObject({ line: z.string().includes('{lines}'), listen: z.string().includes('{emergency}') }),
});
export type SafetyHindi = z.infer<typeof SafetyHindiSchema>;

export const SAFETY_HI_NAMES: EntryNames = { flags: { noun: 'red flag' } };

export function loadSafetyHindi(file = SAFETY_HI_FILE): SafetyHindi {
  return loadContentFile(file, SafetyHindiSchema, SAFETY_HI_NAMES);
}
