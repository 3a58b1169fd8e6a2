import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { MotionGlobalConfig } from 'motion/react';
import { format } from 'node:util';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

// Page fades and menus finish at once in tests; what is animated is checked in the browser tests.
MotionGlobalConfig.skipAnimations = true;

// jsdom has no matchMedia; react-hot-toast and motion ask for prefers-reduced-motion.
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
