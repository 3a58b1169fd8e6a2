import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLanguage, loadCatalogues, NAMESPACES } from '../lib/i18n';

// Lazy pages load their chunk on first render; on a busy 2-core machine that can take seconds, so the queries
// that wait for them get more than Testing Library's default 1 s (a wrong page still fails, just later).
configure({ asyncUtilTimeout: 5_000 });

// Page fades finish at once in tests (jsdom has no Web Animations API); what is animated is checked in the
// browser tests.

// jsdom has no matchMedia; react-hot-toast and the page fades ask for prefers-reduced-motion.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

window.scrollTo = () => {};

// A test that logs console.error fails: React warnings (act, keys, invalid DOM) are bugs.
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});

afterEach(() => {
  cleanup();
  toast.remove();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during this test:\n${consoleErrors.join('\n---\n')}`);
  }
});

// Components read their texts from the catalogues (decision 032); tests run in English unless they load another.
await loadCatalogues('en', NAMESPACES);
activateLanguage('en');
