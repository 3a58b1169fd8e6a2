import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@medibuddy/contracts';
import enValidation from '@medibuddy/contracts/locales/en/validation.json' with { type: 'json' };
import hiValidation from '@medibuddy/contracts/locales/hi/validation.json' with { type: 'json' };
import enAssessments from './en/assessments.json' with { type: 'json' };
import enClinical from './en/clinical.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enProblems from './en/problems.json' with { type: 'json' };
import enReport from './en/report.json' with { type: 'json' };
import hiAssessments from './hi/assessments.json' with { type: 'json' };
import hiClinical from './hi/clinical.json' with { type: 'json' };
import hiMail from './hi/mail.json' with { type: 'json' };
import hiProblems from './hi/problems.json' with { type: 'json' };
import hiReport from './hi/report.json' with { type: 'json' };

/**
 * What the server says to people, by language (decision 039): the zod issues' messages from the contracts' validation
 * catalogue (the same texts the web app shows under a form's fields) and the server's own catalogues,
 * server/src/locales/<language>/<namespace>.json (problems: problem details; mail: the e-mails; report: the PDF
 * report's own words; assessments and clinical: the sentences a result page is built from, result-texts.ts). Messages
 * are ICU messages with plain `{name}` placeholders only (the catalogue tests hold that), so no parser is needed here.
 */
export type TextKey =
  | keyof typeof enValidation
  | keyof typeof enProblems
  | keyof typeof enMail
  | keyof typeof enReport
  | keyof typeof enAssessments
  | keyof typeof enClinical;
/** Values put into a message; a function is called with the message's language (a duration in words). */
export type TextValues = Record<string, unknown>;

const catalogues: Record<Language, Record<string, string>> = {
  en: { ...enValidation, ...enProblems, ...enMail, ...enReport, ...enAssessments, ...enClinical },
  hi: { ...hiValidation, ...hiProblems, ...hiMail, ...hiReport, ...hiAssessments, ...hiClinical },
};

/** A message in a language with its values put in; a key missing in the language reads in English. */
export function textIn(language: Language, key: TextKey, values: TextValues = {}): string {
  const message = catalogues[language][key] ?? catalogues.en[key] ?? key;
  return message.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value === 'function') return String((value as (language: Language) => unknown)(language));
    return value === undefined || value === null ? '' : String(value);
  });
}

/** "10 minutes", "1 minute", "30 seconds" (and "10 मिनट"): how long something lasts, in words. */
export function durationIn(language: Language, seconds: number): string {
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return minutes === 1 ? textIn(language, 'time.minute') : textIn(language, 'time.minutes', { count: minutes });
  }
  return seconds === 1 ? textIn(language, 'time.second') : textIn(language, 'time.seconds', { count: seconds });
}

/**
 * The language a request asks for by its Accept-Language header (RFC 9110 §12.5.4): of the languages MediBuddy
 * speaks, the one with the highest weight ('hi', 'hi-IN' are Hindi); English when none is named or the header is
 * missing or unreadable.
 */
export function languageOfAcceptLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANGUAGE;
  const ranges = value
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=(.*)$/i.exec(p)?.[1]?.trim()).find((v) => v !== undefined);
      // A weight that is not a qvalue (0 to 1, up to three decimals) makes the range unreadable: it is skipped.
      const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0;
      return { primary: tag.trim().toLowerCase().split('-')[0], weight, order };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const chosen = ranges.find((range) => isLanguage(range.primary))?.primary;
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}
