import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** What the app imports to load a catalogue: `loadCatalogue('hi/common')` resolves with its compiled messages. */
export const CATALOGUES_MODULE = 'virtual:medibuddy-catalogues';
const RESOLVED = `\0${CATALOGUES_MODULE}`;

/**
 * A catalogue's messages (key -> ICU message, as translators write them) compiled by Lingui's compiler: plain JSON
 * (strings and arrays) that src/lib/messages.ts reads without a parser in the browser (decision 032).
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

/**
 * The contracts' validation catalogue (contracts/src/locales/<language>/validation.json: the zod issues' messages, which
 * the server answers API requests with too, decision 039), compiled into each language's 'common', where the forms'
 * validation reads it.
 */
const SHARED_INTO_COMMON = ['validation.json'];

/** Every catalogue file: src/locales/<language>/<namespace>.json, as '<language>/<namespace>' and its paths. */
function catalogueFiles(root: string): { key: string; files: string[] }[] {
  const dir = path.join(root, 'src', 'locales');
  const shared = path.join(root, '..', 'contracts', 'src', 'locales');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      readdirSync(path.join(dir, language.name))
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({
          key: `${language.name}/${name.slice(0, -5)}`,
          files: [
            path.join(dir, language.name, name),
            ...(name === 'common.json' ? SHARED_INTO_COMMON.map((file) => path.join(shared, language.name, file)) : []),
          ],
        })),
    );
}

/**
 * The module `virtual:medibuddy-catalogues`: `loadCatalogue(key)`. In the browser build each compiled catalogue is a
 * JSON file of the build (assets/catalogues-<hash of them all>/<language>-<namespace>.json, cached for a year like
 * every asset), fetched only when a page of that language needs it: data, not a script, and one request each.
 * In the prerenderer's server build, the dev server and the tests the compiled messages are in the module itself.
 */
export function cataloguesPlugin(): Plugin {
  let root = '';
  let isBuild = false;
  return {
    name: 'medibuddy-catalogues',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === CATALOGUES_MODULE ? RESOLVED : null;
    },
    load(id, options) {
      if (id !== RESOLVED) return null;
      const compiled = catalogueFiles(root).map(({ key, files }) => {
        const messages = files.map((file) => {
          this.addWatchFile(file);
          return compileCatalogue(readFileSync(file, 'utf8'), file);
        });
        return { key, json: JSON.stringify(Object.assign({}, ...messages)) };
      });
      if (!isBuild || options?.ssr) {
        const entries = compiled.map(({ key, json }) => `${JSON.stringify(key)}: ${json}`);
        return `const messages = {\n${entries.join(',\n')}\n};\nexport const loadCatalogue = (key) => Promise.resolve(messages[key]);\n`;
      }
      // One folder per build, named by all the catalogues' content: the loader is one line however many there are.
      const hash = createHash('sha256');
      for (const { key, json } of compiled) hash.update(key).update(json);
      const dir = `assets/catalogues-${hash.digest('base64url').slice(0, 8)}`;
      for (const { key, json } of compiled) {
        this.emitFile({ type: 'asset', fileName: `${dir}/${key.replace('/', '-')}.json`, source: json });
      }
      return `export const loadCatalogue = (key) => fetch(\`/${dir}/\${key.replace('/', '-')}.json\`).then((res) => {
  if (!res.ok) throw new Error(\`catalogue \${key}: \${res.status}\`);
  return res.json();
});
`;
    },
  };
}
