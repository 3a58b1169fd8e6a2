import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** A catalogue file: src/locales/<language>/<namespace>.json (decision 032). */
export const CATALOGUE_FILE = /[\\/]src[\\/]locales[\\/][a-z]{2}[\\/][\w-]+\.json$/;

/**
 * A catalogue's messages (key -> ICU message, as translators write them) compiled for @lingui/core, which reads
 * only compiled messages in a production build (its compiler is left out of the bundle). Compiled messages are
 * plain JSON (strings and arrays), so the result is still a JSON module.
 */
export function compileCatalogue(source: string, file = 'catalogue'): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
    compiled[key] = compileMessage(message);
  }
  return compiled;
}

/** Compiles every catalogue as it is imported (build, dev server and tests alike), before Vite's JSON plugin. */
export function cataloguesPlugin(): Plugin {
  return {
    name: 'medibuddy-catalogues',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOGUE_FILE.test(file)) return null;
      return { code: JSON.stringify(compileCatalogue(code, file)), map: null };
    },
  };
}
