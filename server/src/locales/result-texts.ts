import type { Language } from '@medibuddy/contracts';
import enAssessments from './en/assessments.json' with { type: 'json' };
import enClinical from './en/clinical.json' with { type: 'json' };
import hiAssessments from './hi/assessments.json' with { type: 'json' };
import hiClinical from './hi/clinical.json' with { type: 'json' };

/**
 * The sentences a result page is built from, in each language: server/src/locales/<language>/
 * assessments.json (summaries, figures, headlines, next steps, the validated scores' sentences, image and checklist
 * sentences) and clinical.json (the blood test's and the kidney-stone test's rules). The generators take a language
 * and fill these, so an English result is stored as it always was and a Hindi page is built from the same numbers.
 * The same catalogue rules as texts.ts: the same keys in every language, plain `{name}` placeholders only (the
 * catalogue tests hold both). Kept beside texts.ts rather than in it while other work changes that file.
 */
export type ResultTextKey = keyof typeof enAssessments | keyof typeof enClinical;

const catalogues: Record<Language, Record<string, string>> = {
  en: { ...enAssessments, ...enClinical },
  hi: { ...hiAssessments, ...hiClinical },
};

/** A message in a language with its values put in; a key missing in the language reads in English. */
export function say(language: Language, key: ResultTextKey, values: Record<string, string | number> = {}): string {
  const message = catalogues[language][key] ?? catalogues.en[key] ?? key;
  return message.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined ? '' : String(value);
  });
}

/** Whether a key is in the catalogues (for keys built from data, such as a rule id). */
export function hasResultText(key: string): key is ResultTextKey {
  return key in catalogues.en;
}
