import { HINDI_BASE } from '../app/route-table';
import type enAuth from '../locales/en/auth.json';
import type enCatalogue from '../locales/en/catalogue.json';
import type enCommon from '../locales/en/common.json';
import type enHome from '../locales/en/home.json';
import type enSite from '../locales/en/site.json';
import type enTriage from '../locales/en/triage.json';
import type enMedicines from '../locales/en/medicines.json';
import type enTests from '../locales/en/tests.json';
import type enAccount from '../locales/en/account.json';
import type enChat from '../locales/en/chat.json';
import type enImages from '../locales/en/images.json';
import type enResults from '../locales/en/results.json';
import type enValidation from '../../../contracts/src/locales/en/validation.json';
import { loadCatalogue } from 'virtual:medibuddy-catalogues';
import { formatMessage, type CompiledMessage } from './messages';

/**
 * The site's languages and their message catalogues (decision 032). A page's language is its address: /hi and
 * /hi/... are Hindi (the router's basename), anything else English. Catalogues are JSON files per language and
 * namespace (src/locales/<language>/<namespace>.json), compiled by the build (build/catalogues.ts) into JSON files,
 * each fetched only when a page of that language needs it: 'common' (navbar, shared texts, form validation) before the first
 * render, a page's own namespaces with its code (app/router.tsx).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = [
  'common',
  'home',
  'catalogue',
  'auth',
  'site',
  'triage',
  'medicines',
  'tests',
  'account',
  'chat',
  'images',
  'results',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** A key of the English catalogues (the Hindi ones have the same keys: catalogues.test.ts). */
export type MessageKey = Extract<
  | keyof typeof enCommon
  | keyof typeof enHome
  | keyof typeof enCatalogue
  | keyof typeof enAuth
  | keyof typeof enSite
  | keyof typeof enTriage
  | keyof typeof enMedicines
  | keyof typeof enTests
  | keyof typeof enAccount
  | keyof typeof enChat
  | keyof typeof enImages
  | keyof typeof enResults
  | keyof typeof enValidation,
  string
>;

/** Numbers and dates in Indian conventions (lakh grouping, day-month-year). */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Native names, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

const PREFIX = new RegExp(`^${HINDI_BASE}(?=/|$)`, 'i');

export function languageOfPath(pathname: string): Language {
  return PREFIX.test(pathname) ? 'hi' : 'en';
}

/** The router's basename for a language: Hindi pages live under /hi. */
export function basenameOf(language: Language): string | undefined {
  return language === 'hi' ? HINDI_BASE : undefined;
}

/** The same page in another language: /diagnosis and /hi/diagnosis, / and /hi. */
export function pathIn(language: Language, pathname: string): string {
  const bare = pathname.replace(PREFIX, '') || '/';
  if (language === 'en') return bare;
  return bare === '/' ? HINDI_BASE : `${HINDI_BASE}${bare}`;
}

/** Where the visitor's choice of language is kept in this browser. */
export const LANGUAGE_STORAGE_KEY = 'medibuddy.language';

export function storedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'en' || value === 'hi' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
}

type Messages = Record<string, CompiledMessage>;

/** The messages of each language loaded so far, and the page's language (it never changes on a page load). */
const catalogues: Record<Language, Messages> = { en: {}, hi: {} };
let active: Language = 'en';

/** Each catalogue asked for, by '<language>/<namespace>': fetched once, however many parts ask at the same time. */
const requests = new Map<string, Promise<void>>();

/** Fetches the namespaces not yet loaded for a language and adds their messages. */
export async function loadCatalogues(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.all(
    namespaces.map((ns) => {
      const key = `${language}/${ns}`;
      let request = requests.get(key);
      if (!request) {
        request = loadCatalogue(key).then((messages) => {
          Object.assign(catalogues[language], messages);
        });
        // A failed fetch may be tried again (the page's error boundary offers a reload).
        request.catch(() => requests.delete(key));
        requests.set(key, request);
      }
      return request;
    }),
  );
}

/** Makes a language the one messages are read in (its catalogues loaded first). */
export function activateLanguage(language: Language): void {
  active = language;
}

export function currentLanguage(): Language {
  return active;
}

/**
 * A message of the current language, with its values put in ("Password must be at least {minimum} characters.").
 * A key with no message (a catalogue not loaded, which is a bug) reads as the key itself, so it shows.
 */
export function t(key: MessageKey, values?: Record<string, unknown>): string {
  const message = catalogues[active][key];
  return message === undefined ? key : formatMessage(message, values, INTL_LOCALE[active]);
}

/**
 * For components: the message function and the page's language. The language is fixed for a page load, and a page's
 * namespaces are loaded before it renders, so nothing here needs to re-render a component.
 */
export function useT(): { t: typeof t; language: Language } {
  return { t, language: currentLanguage() };
}
