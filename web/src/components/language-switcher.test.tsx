import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { ADA, json, noSession, signedInAs, stubFetch } from '../test/http';
import { renderApp } from '../test/render';

/** The switcher is a plain link to the other language's address; jsdom cannot load it, so the load is stopped. */
const stopNavigation = (event: MouseEvent) => event.preventDefault();

describe('the language switcher and the account (decision 039)', () => {
  beforeEach(() => document.addEventListener('click', stopNavigation));
  afterEach(() => {
    document.removeEventListener('click', stopNavigation);
    window.localStorage.clear();
  });

  it('saves the new language on the account of a signed-in person (a keepalive PATCH) and in the browser', async () => {
    const http = stubFetch({
      'GET /api/auth/session': signedInAs(),
      'PATCH /api/profile': ({ body }) => json(200, { user: { ...ADA, ...(body as object) } }),
    });
    const { user } = renderApp('/about');
    await screen.findByRole('button', { name: `Account menu for ${ADA.name}` });
    const [switcher] = screen.getAllByTestId('language-switcher');
    expect(switcher).toHaveAttribute('href', '/hi/about');

    await user.click(switcher!);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    await waitFor(() => expect(http.calls('PATCH /api/profile')).toHaveLength(1));
    const [save] = http.calls('PATCH /api/profile');
    expect(save?.body).toEqual({ language: 'hi' });
    expect(save?.init?.keepalive).toBe(true);
    expect((save?.init?.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('saves nothing on the server for a visitor: the choice stays in the browser', async () => {
    const http = stubFetch({ 'GET /api/auth/session': noSession });
    const { user } = renderApp('/about');
    await waitFor(() => expect(http.requests.some((r) => r.path === '/api/auth/session')).toBe(true));
    const [switcher] = await screen.findAllByTestId('language-switcher');
    await user.click(switcher!);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(http.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
