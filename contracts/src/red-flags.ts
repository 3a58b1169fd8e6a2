import { z } from 'zod';
import redFlagData from './content/red-flags.json';
import { HELPLINE_USES, type HelplineUse } from './helpline-lookup';

/**
 * The schemas of the red-flag data (content/red-flags.json). The flags themselves, and the check that finds them
 * in a text, are in red-flag-lookup.ts, without zod, for the web app's first load (decision 014); they are
 * re-exported here, so the package's index has one list for the whole product. The data is checked when this module
 * loads (every server start, the contracts' tests): a pattern that does not compile, or a flag without a source,
 * stops the server at start and fails the tests.
 */

const SourceSchema = z.object({ title: z.string().min(1), publisher: z.string().min(1), url: z.url() });

/**
 * A pattern as written in the data file: it must compile as a JavaScript regular expression, without a
 * lookbehind, which browsers before Safari 16.4 cannot compile (the web app checks symptoms in the browser too).
 */
const PatternSchema = z
  .string()
  .min(1)
  .refine((source) => !source.includes('(?<'), 'must not use a lookbehind (older browsers cannot compile it)')
  .refine((source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  }, 'must be a valid regular expression');

export const RedFlagKindSchema = z.enum(['emergency', 'crisis']);

/** Which helplines a flag calls for beside the local emergency number (see helplines.ts). */
export const HelplineUseSchema = z.enum(HELPLINE_USES);
export type { HelplineUse };

export const RedFlagEntrySchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  /** Plain words, shown to the user: "Chest pain". */
  label: z.string().min(1),
  kind: RedFlagKindSchema,
  /** What to do, for this sign. */
  advice: z.string().min(1),
  /** Any one matches a single text. */
  patterns: z.array(PatternSchema).min(1),
  /**
   * Signs that are an emergency together but not alone (a stiff neck with a high fever): each group needs a
   * match in at least one of the texts.
   */
  together: z.array(z.array(PatternSchema).min(1)).optional(),
  helplines: z.array(HelplineUseSchema).optional(),
  sources: z.array(SourceSchema).min(1),
});

export const RedFlagDataSchema = z.object({
  about: z.string(),
  messages: z.object({ emergency: z.string().min(1), crisis: z.string().min(1) }),
  flags: z.array(RedFlagEntrySchema).min(1),
});

// Checked once at load, where the server and the tests load it; the web reads the same file through
// red-flag-lookup.ts.
RedFlagDataSchema.parse(redFlagData);

export {
  CRISIS_MESSAGE,
  detectRedFlags,
  EMERGENCY_MESSAGE,
  emergencyNoticeFor,
  helplineUsesOf,
  normaliseForRedFlags,
  RED_FLAGS,
  type EmergencyNotice,
  type RedFlag,
  type RedFlagKind,
  type RedFlagMatch,
} from './red-flag-lookup';

// The distress signal (distress.ts) reads the same text, patterns and sources as the red flags.
export { PatternSchema as RedFlagPatternSchema, SourceSchema as RedFlagSourceSchema };
