import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA, json, noSession, stubFetch } from '../test/http';
import { renderApp, submitSignUp } from '../test/render';
import { accountLanguageAddress, languageForNewAccount } from './account-language';
import { LANGUAGE_STORAGE_KEY } from './i18n';

const HINDI_ACCOUNT = { language: 'hi' } as const;
const ENGLISH_ACCOUNT = { language: 'en' } as const;

describe("the account's language in the browser (decision 039)", () => {
  afterEach(() => window.localStorage.clear());

  it("a sign-in opens the account's language when this browser has made no choice of its own", () => {
    expect(accountLanguageAddress(HINDI_ACCOUNT, '/diagnosis')).toBe('/hi/diagnosis');
    expect(accountLanguageAddress(HINDI_ACCOUNT, '/')).toBe('/hi');
    expect(accountLanguageAddress(ENGLISH_ACCOUNT, '/diagnosis')).toBeUndefined();
  });

  it("the browser's own choice wins over the account's", () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(accountLanguageAddress(HINDI_ACCOUNT, '/diagnosis')).toBeUndefined();
  });

  it("a new account gets the browser's choice when it is not the account's", () => {
    expect(languageForNewAccount(ENGLISH_ACCOUNT)).toBeUndefined();
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    expect(languageForNewAccount(ENGLISH_ACCOUNT)).toBe('hi');
    expect(languageForNewAccount(HINDI_ACCOUNT)).toBeUndefined();
  });

  it('a sign-up in a browser that chose Hindi saves Hindi on the new account', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    const http = stubFetch({
      'GET /api/auth/session': noSession,
      'POST /api/auth/sign-up': () => json(201, { user: ADA, message: 'Welcome to MediBuddy, Ada!' }),
      'PATCH /api/profile': ({ body }) => json(200, { user: { ...ADA, ...(body as object) } }),
    });
    const { user } = renderApp('/signup');
    await submitSignUp(user);
    await waitFor(() => expect(http.calls('PATCH /api/profile')).toHaveLength(1));
    expect(http.calls('PATCH /api/profile')[0]?.body).toEqual({ language: 'hi' });
  });
});
