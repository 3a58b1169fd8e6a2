// The project's rules as code: `npm run lint` (part of `npm test`). docs/architecture.md explains the layers
// these boundaries encode; scripts/lint.test.mjs shows each boundary failing on a deliberate violation.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const ownership = JSON.parse(readFileSync(path.join(root, 'server/src/db/table-owners.json'), 'utf8'));

/** Every table the schema declares (`export const name = pgTable(`), in any file of server/src/db/schema/. */
const schemaDir = path.join(root, 'server/src/db/schema');
const allTables = readdirSync(schemaDir)
  .filter((f) => f.endsWith('.ts'))
  .flatMap((f) => [...readFileSync(path.join(schemaDir, f), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)])
  .map((m) => m[1]);

/** A repository may import only the tables it owns from the schema; nobody else may import tables at all. */
function tableOwnershipRules() {
  const owned = new Set(Object.values(ownership.owners).flat());
  const unowned = allTables.filter((t) => !owned.has(t));
  if (unowned.length > 0) throw new Error(`server/src/db/table-owners.json: no owner for ${unowned.join(', ')}`);
  const schemaImport = (file, allowed) => ({
    files: [file],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['../../db/schema', '../db/schema', './schema'].map((name) => ({
            name,
            importNames: allTables.filter((t) => !allowed.includes(t)),
            message: `Only the owning repository queries this table (server/src/db/table-owners.json).`,
          })),
          // The tables are imported from db/schema (its index.ts), never from a file under it, so the names above see them.
          patterns: [
            {
              group: ['**/db/schema/*'],
              message: 'Import tables from db/schema, not from a file under it (server/src/db/table-owners.json).',
            },
          ],
        },
      ],
    },
  });
  return [
    schemaImport('server/src/**/*.ts', []),
    ...Object.entries(ownership.owners).map(([file, tables]) => schemaImport(file, tables)),
    {
      files: ['server/src/db/**', 'server/src/**/*.test.ts', 'server/test/**', 'server/bench/**'],
      rules: { 'no-restricted-imports': 'off' },
    },
  ];
}

/** A web feature imports shared code (components, lib) and its own files, never another feature. */
function webFeatureZones() {
  const dir = path.join(root, 'web/src/features');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      target: `./web/src/features/${d.name}`,
      from: './web/src/features',
      except: [`./${d.name}`],
      message:
        'A web feature must not import another feature: move what both need to web/src/components or web/src/lib.',
    }));
}

/** Plugins, db and content are the ground the feature modules stand on: no arrow from them up into a module. */
const belowModules = {
  target: ['./server/src/plugins', './server/src/db', './server/src/content'],
  from: './server/src/modules',
  message:
    'Plugins, db and content sit below the feature modules: a module imports them, never the reverse ' +
    '(pass what they need in from app.ts, or move the shared code down into them).',
};

/** server/src/lib is the floor: small helpers that import nothing else of the server. */
const libAtTheBottom = {
  target: './server/src/lib',
  from: './server/src',
  except: ['./lib'],
  message:
    'server/src/lib imports only other lib files: code that needs the database or config belongs in db/ or above.',
};

/**
 * Each server module has one face, its index.ts: outside the module (other modules, app.ts, plugins, tests and the
 * helpers under server/test) code imports `../auth` or `./modules/auth`, never a file inside it; a module's own
 * files (its tests included) import each other directly. The benchmarks and sets (server/bench, server/sets) and
 * content-check.ts, which load every content file where it lives, may reach inside.
 */
function moduleFaceZones() {
  const modulesDir = path.join(root, 'server/src/modules');
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const outsideModules = readdirSync(path.join(root, 'server/src'))
    .filter((entry) => entry !== 'modules' && entry !== 'content-check.ts')
    .map((entry) => `./server/src/${entry}`);
  return modules.map((name) => ({
    target: [
      ...outsideModules,
      ...modules.filter((m) => m !== name).map((m) => `./server/src/modules/${m}`),
      './server/test',
    ],
    from: `./server/src/modules/${name}`,
    except: ['./index.ts'],
    message: `Outside modules/${name}, import only its face (modules/${name}/index.ts): add what you need to it.`,
  }));
}

const layerZones = [
  {
    target: './contracts/src',
    from: ['./server', './web', './e2e'],
    message: 'contracts are imported by server and web, never the reverse.',
  },
  {
    target: './web/src',
    from: ['./server', './e2e'],
    message: 'The web talks to the server over HTTP only (types come from contracts).',
  },
  { target: './server/src', from: ['./web', './e2e'], message: 'The server must not import web or e2e code.' },
  belowModules,
  libAtTheBottom,
  {
    target: './server/src/modules/**/*.routes.ts',
    from: './server/src/modules/**/*.repository.ts',
    message: 'Routes call services; only services call repositories.',
  },
  {
    target: './server/src/modules/**/*.repository.ts',
    from: ['./server/src/modules/**/*.service.ts', './server/src/modules/**/*.routes.ts'],
    message: 'A repository depends on the database only, never on services or routes.',
  },
  ...webFeatureZones(),
  ...moduleFaceZones(),
];

/**
 * Source files excepted from max-lines, each to be split next; none now. scripts/lint.test.mjs fails once one of them
 * is 400 lines or fewer, so that it leaves this list when it is split, and when max-lines is turned off anywhere else.
 * @type {string[]}
 */
export const maxLinesExceptions = [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      'server/models/**',
      'server/src/db/migrations/**',
      'ml/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      // Without .ts/.tsx here import-x does not read TypeScript files it imports, and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  // No import cycle, file by file, in the server, contracts and web (packages in node_modules are not followed).
  {
    files: ['server/**/*.ts', 'contracts/**/*.ts', 'web/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Tests may reach across layers to set a case up (a content check against the medicines catalogue, a
  // transaction test with a module's repository); the product code may not.
  {
    files: ['server/src/{plugins,db,content}/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: layerZones.filter((z) => z !== belowModules) },
      ],
    },
  },
  // No source file over 400 lines, counted as `wc -l` counts them (blank lines and comments included, so the
  // figure in the editor is the figure here): a bigger file is split by what its parts do, not cut at line 400.
  // Tests (unit, API, browser specs and their helpers under test/), type declarations and data are not held to it;
  // data is JSON, which ESLint does not read, and the generated SQL migrations are ignored above.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.*', '**/test/**', 'e2e/tests/**', '**/*.d.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // ESLint refuses a block with no files: with nothing excepted there is no block.
  ...(maxLinesExceptions.length > 0 ? [{ files: maxLinesExceptions, rules: { 'max-lines': 'off' } }] : []),
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...tableOwnershipRules(),
);
