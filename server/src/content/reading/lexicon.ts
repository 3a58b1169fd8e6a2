import path from 'node:path';
import { z } from 'zod';
import { loadContentFile, type EntryNames } from '../content-file';

/**
 * The lexicon (lexicon.json beside this file): the concepts the product reads and their words in English, Hindi and
 * Hinglish, brand names mapped to ingredients. Its schema lives here, beside the file; the reading
 * (server/src/reading/lexicon.ts) indexes its words. Read once when the server starts: a broken entry stops the start
 * with a message naming the file, the entry and the field.
 */
export const LEXICON_FILE = path.join(import.meta.dirname, 'lexicon.json');

/**
 * A term's words, matched word for word in English and with up to 2 words between them in Hindi and Hinglish; `...`
 * between two words lets up to 4 words of any kind stand there ("lost ... weight": "lost a bit of weight").
 */
const Terms = z
  .array(
    z
      .string()
      .min(1)
      .refine((t) => !/^\s*\.\.\.|\.\.\.\s*$/.test(t), { message: 'a term may not begin or end with ...' }),
  )
  .default([]);

export const ConceptSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum([
    'crisis',
    'distress',
    'death',
    'ask',
    'action',
    'poison',
    'alcohol',
    'medicine',
    'symptom',
    'severity',
    'person',
    'measure',
    'condition',
    'negation',
    'context',
  ]),
  /** The English a non-English message is read as; the first English term when left out. */
  gloss: z.string().optional(),
  /** Groups the safety rules treat alike (sedative, opioid, harms-pregnancy ...). */
  classes: z.array(z.string().regex(/^[a-z0-9-]+$/)).optional(),
  /**
   * A measure's lab analyte in contracts' lab-units.json (decision 030): a number followed by one of its units
   * ("7.8 mmol/l", "102f") is read in that unit and measured in the analyte's canonical unit, the rules' unit.
   */
  analyte: z.string().optional(),
  en: Terms,
  hi: Terms,
  hiLatn: Terms,
});
export type Concept = z.infer<typeof ConceptSchema>;
export type ConceptKind = Concept['kind'];

export const LexiconSchema = z
  .strictObject({
    about: z.string(),
    concepts: z.array(ConceptSchema).min(1),
    /** Everyday Hindi words written in Latin letters: two or more in an English-looking message make it Hinglish. */
    hinglishMarkers: z.array(z.string()).min(10),
    /** Units of age and time, and the words after a number that make it an age ("2 mahine ka"). */
    timeUnits: z.record(z.enum(['day', 'week', 'month', 'year']), z.array(z.string()).min(1)),
    ageMarkers: z.array(z.string()).min(1),
  })
  .superRefine((lexicon, ctx) => {
    const seen = new Set<string>();
    lexicon.concepts.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: ['concepts', i, 'id'], message: `repeats ${c.id}` });
      seen.add(c.id);
      if (c.en.length + c.hi.length + c.hiLatn.length === 0)
        ctx.addIssue({ code: 'custom', path: ['concepts', i], message: 'has no words' });
    });
  });
export type Lexicon = z.infer<typeof LexiconSchema>;

/** How messages name an entry: `concept "chest-pain" (concepts[3])`. */
export const LEXICON_NAMES: EntryNames = { concepts: { noun: 'concept', idField: 'id' } };

export function loadLexicon(file = LEXICON_FILE): Lexicon {
  return loadContentFile(file, LexiconSchema, LEXICON_NAMES);
}
