import path from 'node:path';
import { RedFlagSourceSchema } from '@medibuddy/contracts';
import { z } from 'zod';
import { loadContentFile, type EntryNames } from '../content-file';

/**
 * The words of the safety replies (safety-texts.json beside this file), in English and Hindi: headings, who to call,
 * the youth lines by country. Read by server/src/reading/safety-reply.ts; Hindi has the same words and its own extras.
 */
export const SAFETY_TEXTS_FILE = path.join(import.meta.dirname, 'safety-texts.json');

const Text = z.string().min(1);
export const PhoneSchema = z.strictObject({ name: Text, number: Text, dial: Text, source: RedFlagSourceSchema });
export type Phone = z.infer<typeof PhoneSchema>;
/** The words every safety reply has in each language. */
const WordsSchema = z.strictObject({
  whoToCall: Text,
  someoneElse: Text,
  youthLines: Text,
  urgentHeading: Text,
  soonHeading: Text,
  doseElsewhere: Text,
});

export const SafetyTextsSchema = z.strictObject({
  about: z.string(),
  en: WordsSchema,
  hi: WordsSchema.extend({
    englishOnly: Text,
    abstain: Text,
    countries: z.record(z.string(), Text),
    names: z.record(z.string(), Text),
    poisonAdvice: Text,
    poisonAdviceOther: Text,
  }),
  youthLines: z.record(z.string(), z.array(PhoneSchema)),
});
export type SafetyTexts = z.infer<typeof SafetyTextsSchema>;

export const SAFETY_TEXTS_NAMES: EntryNames = { youthLines: { noun: 'youth lines of country' } };

export function loadSafetyTexts(file = SAFETY_TEXTS_FILE): SafetyTexts {
  return loadContentFile(file, SafetyTextsSchema, SAFETY_TEXTS_NAMES);
}
