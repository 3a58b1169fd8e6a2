import { z } from 'zod';

/**
 * The languages MediBuddy speaks (decisions 032 and 039): the web app's pages, the API's problem details and
 * the recovery e-mail. An account keeps one of them (`users.language`, English unless chosen).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const LanguageSchema = z.enum(LANGUAGES, { error: `must be one of: ${LANGUAGES.join(', ')}` });
