import type { Language, User } from '@medibuddy/contracts';
import { apiRequest } from './api-client';
import { sessionResponseParser } from './first-load-parsers';
import { currentLanguage, pathIn, storedLanguage } from './i18n';

/**
 * The language kept on a signed-in person's account (decision 039): the switcher saves a new choice there, a sign-up
 * saves the language of the page it was made on, and a sign-in applies the account's language when this browser
 * has made no choice of its own.
 */

/**
 * Saves the language on the account (PATCH /api/profile); the account as the server now has it. `keepalive`: the
 * switcher's full load of the other language's address follows at once and must not cancel the request.
 */
export async function saveAccountLanguage(language: Language): Promise<User | null> {
  const { user } = await apiRequest('/api/profile', {
    method: 'PATCH',
    json: { language },
    // The { user } answer, checked by the first load's hand-written parser: the navbar's switcher loads no zod.
    schema: sessionResponseParser,
    keepalive: true,
  });
  return user;
}

/**
 * Where a sign-in should go instead of `path` in this language: the same path in the account's language, when this
 * browser has no choice of its own and the account reads another language than this page; undefined to stay.
 */
export function accountLanguageAddress(user: Pick<User, 'language'>, path: string): string | undefined {
  if (storedLanguage() !== undefined || user.language === currentLanguage()) return undefined;
  return pathIn(user.language, path);
}

/** The language a new account should get: this browser's choice, or else the page's; undefined when it is English. */
export function languageForNewAccount(user: Pick<User, 'language'>): Language | undefined {
  const wanted = storedLanguage() ?? currentLanguage();
  return wanted === user.language ? undefined : wanted;
}
