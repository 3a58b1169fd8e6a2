import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, expect } from 'vitest';
import { activateLanguage, loadCatalogues, NAMESPACES } from '../lib/i18n';
import { json, noSession, signedInAs, stubFetch } from './http';
import { renderApp } from './render';
import { findUntranslated, keptInCatalogues, stringsOf } from './untranslated-text';

/** Pages rendered in Hindi (decision 032), and the check that they show no English of their own. */

/** The runs of Latin words the Hindi catalogues write themselves (names the translation keeps). */
const KEPT = keptInCatalogues(
  NAMESPACES.flatMap((ns) =>
    Object.values(
      JSON.parse(readFileSync(path.join(import.meta.dirname, '../locales/hi', `${ns}.json`), 'utf8')) as Record<
        string,
        string
      >,
    ),
  ),
);

/** The tests of the calling file run in Hindi, every catalogue loaded. */
export function inHindi(): void {
  beforeAll(async () => {
    await loadCatalogues('hi', NAMESPACES);
    activateLanguage('hi');
  });
  afterAll(() => activateLanguage('en'));
}

type Routes = Parameters<typeof stubFetch>[0];

/**
 * Renders a path in Hindi with the server stubbed: `answers` are 200 bodies by "METHOD /path" (their strings are the
 * data the page was given), `handlers` any other answers; `wrap` may add routes (withSuggestions).
 */
export async function renderInHindi(
  path: string,
  answers: Record<string, unknown> = {},
  {
    signedIn = false,
    handlers = {},
    wrap = (routes) => routes,
  }: { signedIn?: boolean; handlers?: Routes; wrap?: (routes: Routes) => Routes } = {},
) {
  stubFetch(
    wrap({
      'GET /api/auth/session': signedIn ? signedInAs() : noSession,
      ...Object.fromEntries(Object.entries(answers).map(([key, body]) => [key, () => json(200, body)])),
      ...handlers,
    }),
  );
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, given: stringsOf(answers) };
}

/** Fails on any text, title, label or placeholder in Latin letters that is not allowed, kept or given. */
export function expectAllHindi(given: readonly string[]): void {
  expect(findUntranslated(document.body, { given, kept: KEPT })).toEqual([]);
}

export { KEPT };
