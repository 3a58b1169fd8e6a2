import type { Language } from '@medibuddy/contracts';
import enAssessments from './en/assessments.json' with { type: 'json' };
import enClinical from './en/clinical.json' with { type: 'json' };
import { textIn } from './texts';

/**
 * The sentences a result page is built from, in each language: server/src/locales/<language>/assessments.json
 * (summaries, figures, headlines, next steps, the validated scores' sentences, image and checklist sentences) and
 * clinical.json (the blood test's and the kidney-stone test's rules), read by texts.ts with the server's other
 * catalogues. The generators take a language and fill these, so an English result is stored as it always was and a
 * Hindi page is built from the same numbers.
 */
export type ResultTextKey = keyof typeof enAssessments | keyof typeof enClinical;

/** A message in a language with its values put in; a key missing in the language reads in English. */
export function say(language: Language, key: ResultTextKey, values: Record<string, string | number> = {}): string {
  return textIn(language, key, values);
}

/** Whether a key is in the catalogues (for keys built from data, such as a rule id). */
export function hasResultText(key: string): key is ResultTextKey {
  return key in enAssessments || key in enClinical;
}
