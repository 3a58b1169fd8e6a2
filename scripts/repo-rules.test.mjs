// Rules about the repository's files that ESLint does not see, each shown failing on a deliberate violation.
// Run by `npm run lint` and by `npm test` (lint step): node --test scripts/repo-rules.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const decisionsDir = path.join(root, 'docs/decisions');

/** The header docs/decisions/README.md asks for: a title, a blank line, then `Date: YYYY-MM-DD. Status: …`. */
const DECISION_HEADER =
  /^# \d{3}\b[^\n]*\n\nDate: \d{4}-\d{2}-\d{2}\. Status: (accepted|superseded (in part )?by \d{3})\b/i;

/** Why a decision record's text lacks the header, or null when it has it. */
function decisionHeaderProblem(text) {
  if (DECISION_HEADER.test(text)) return null;
  return 'no header: "# NNN — title", a blank line, then "Date: YYYY-MM-DD. Status: Accepted" (or "Superseded by NNN")';
}

test('every decision record has a date and a status in one header', () => {
  const records = readdirSync(decisionsDir).filter((f) => /^\d{3}-.*\.md$/.test(f));
  assert.ok(records.length > 0);
  const problems = records
    .map((f) => [f, decisionHeaderProblem(readFileSync(path.join(decisionsDir, f), 'utf8'))])
    .filter(([, problem]) => problem)
    .map(([f, problem]) => `docs/decisions/${f}: ${problem}`);
  assert.deepEqual(problems, []);
});

test('a decision record without the header fails', () => {
  assert.ok(decisionHeaderProblem('# 099 — Something\n\n## Context\nWhy.\n'));
  assert.ok(decisionHeaderProblem('# 099 — Something\n\nStatus: accepted.\n'));
  assert.ok(decisionHeaderProblem('# 099 — Something\n\nDate: 2026-11-27. Status: proposed.\n'));
  assert.equal(decisionHeaderProblem('# 099 — Something\n\nDate: 2026-11-27. Status: Accepted.\n'), null);
  assert.equal(decisionHeaderProblem('# 099: Something\n\nDate: 2026-11-27. Status: Superseded by 100.\n'), null);
});

/**
 * Words that point at something a reader of the repository cannot open: the earlier client's specification and its
 * companion files, the tracker's issues, the work rounds ("stop 14") of whoever wrote the line. Say the thing itself,
 * or point to a file here (docs/product.md keeps what the code relies on from the specification).
 */
const OUTSIDE_REFERENCES = [
  /\b(SPEC|SPEC-DECISIONS|STYLE)\.md\b/,
  /\bSPEC\s*§/,
  /\b[Ii]ssue\s*#?\s*\d+/,
  /\([Ii]ssue\)(?!\s*=>|\.)/,
  /\b[Tt]he issue('s)?\b/,
  /\b[Ss]top \d+\b/,
  /\b[Tt]he spec('s)?\b/,
  /\b[Ss]pec (section|§)/,
  /\([Ss]pec(\)|: (?![A-Z]))/,
];

/** Where such words are history or data, not a pointer: decision records, judged test sets, this file. */
const REFERENCES_ALLOWED_IN = [
  /^docs\/decisions\//,
  /^(server|contracts)\/sets\/.*\.json$/,
  /^ml\/crisis\/sets\//,
  /^scripts\/repo-rules\.test\.mjs$/,
  /(^|\/)package-lock\.json$/,
];

const TEXT_FILE =
  /\.(ts|tsx|js|mjs|cjs|py|sh|md|json|ya?ml|html|css|txt|toml|cfg|ini)$|(^|\/)(\.env\.example|Dockerfile|run)$/;

/** The lines of `text` that point outside the repository, as "line: text". */
function outsideReferences(text) {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line])
    .filter(([, line]) => OUTSIDE_REFERENCES.some((re) => re.test(line)))
    .map(([n, line]) => `${n}: ${line.trim().slice(0, 120)}`);
}

test('no comment, doc or model card points outside the repository', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f && TEXT_FILE.test(f) && !REFERENCES_ALLOWED_IN.some((re) => re.test(f)));
  const found = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    for (const hit of outsideReferences(text)) found.push(`${file}:${hit}`);
  }
  assert.deepEqual(found, [], 'say the thing itself, or point to a file in the repository');
});

test('a reference outside the repository fails; the same words about the code are fine', () => {
  for (const line of [
    '// See SPEC.md §2 for the search.',
    ' * The diagnosis catalogue (spec section 3): the ten tests.',
    '/** The label of a recent prompt (spec: first 18 characters). */',
    "describe('results a GP would sign (issue 27)', () => {",
    '## How many instances (Issue #30)',
    'The bar (issue): every page at 98.',
    "now | today | routine: the timeframe in the issue's words.",
    'stop 13 retrained the served recipe',
    "The spec's form label reads 'gm/dl'.",
  ]) {
    assert.equal(outsideReferences(line).length, 1, line);
  }
  for (const line of [
    'const issue = schema.safeParse(x).error?.issues[0];',
    "error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number'),",
    'def score(spec: Spec, y: np.ndarray) -> float:',
    "expect(issue).toMatchObject({ path: ['Insulin'] });",
    '// Playwright: this spec keeps its downloads in one folder.',
    '(ADA Standards of Care 2025, §2)',
    '/** Retry-After is an HTTP date (RFC 9110 §10.2.3). */',
    'specLabel: string; // the label as the earlier client printed it',
    'Stop the app first when it uses the embedded database.',
  ]) {
    assert.deepEqual(outsideReferences(line), [], line);
  }
});

/** The files git knows, tracked or new (not ignored). */
function repositoryFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
}

/**
 * A judged (evaluation) set is data: cases written, often blind, to measure the code, never read by it at run time.
 * It lives in `server/sets/<area>/` or `contracts/sets/<area>/`, outside src/, so nothing ships or tunes against it by
 * accident. Under a src/ folder, a data file (not code) looks like one when its name or a folder above it (below src/)
 * says held-out, holdout, tuning, vignettes, judged, eval, blind, cases or set(s), or when it is a JSON object whose
 * top level holds such a list (vignettes, cases, heldOut, tuning).
 */
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|py|css|html|svg)$/;
const SET_NAME = /(held-?out|tuning|vignettes?|judged|(^|[-._])(eval|blind|cases?|sets?)([-._]|$))/i;
const SET_KEYS = ['vignettes', 'cases', 'heldOut', 'tuning'];

/** Why `file` (its path, and its text when it is JSON) looks like a judged set under src/, or null. */
function judgedSetProblem(file, text) {
  const at = file.split('/').lastIndexOf('src');
  if (at < 0 || CODE_FILE.test(file)) return null;
  const below = file.split('/').slice(at + 1);
  const named = below.find((part) => SET_NAME.test(part.replace(/\.[a-z]+$/, '')));
  if (named) return `"${named}" names a judged set`;
  if (file.endsWith('.json') && text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    const key = data && typeof data === 'object' && !Array.isArray(data) && SET_KEYS.find((k) => k in data);
    if (key) return `its top level holds "${key}", the list of a judged set`;
  }
  return null;
}

test('no judged set lives under a src/ folder (they belong in server/sets/ or contracts/sets/)', () => {
  const found = [];
  for (const file of repositoryFiles()) {
    let text = null;
    if (file.endsWith('.json') && file.split('/').includes('src')) {
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // listed by git but deleted in the working tree
      }
    }
    const problem = judgedSetProblem(file, text);
    if (problem) found.push(`${file}: ${problem}`);
  }
  assert.deepEqual(found, [], 'move the set with git mv to server/sets/<area>/ or contracts/sets/<area>/');
});

test('a judged set under src/ fails; content, code and sets outside src/ are fine', () => {
  for (const [file, text] of [
    ['server/src/reading/sets/messages.held-out.json', '{}'],
    ['contracts/src/red-flag-sets/crisis.tuning.json', '{}'],
    ['server/src/modules/triage/vignettes/holdout.json', '{}'],
    ['server/src/modules/chat/judged-chat-set.json', '{}'],
    ['server/src/modules/medicines/finder-safety-cases.json', '{}'],
    ['server/src/modules/assessments/result-safety-cases.json', '{}'],
    ['server/src/modules/chat/value-questions.held-out.json', '{}'],
    ['web/src/features/chat/questions.eval.csv', ''],
    ['server/src/modules/skin/new-questions.json', '{"note":"x","cases":[]}'],
    ['server/src/modules/skin/pictures.json', '{"heldOut":[],"tuning":[]}'],
  ]) {
    assert.ok(judgedSetProblem(file, text), file);
  }
  for (const [file, text] of [
    ['server/sets/reading/messages.held-out.json', '{}'],
    ['contracts/sets/red-flags/crisis.tuning.json', '{}'],
    ['server/src/modules/triage/vignettes/vignettes.ts', ''],
    ['server/src/modules/medicines/judged-safety.eval.test.ts', ''],
    ['server/src/content/reference-values.json', '{"about":"x","values":[]}'],
    ['server/src/content/SOURCES.md', '# Sources'],
    ['contracts/src/content/red-flags.json', '{"flags":[]}'],
  ]) {
    assert.equal(judgedSetProblem(file, text), null, file);
  }
});

/**
 * Test kinds by file name: `*.test.ts` runs alone, with no database, app, server process or judged set;
 * `*.int.test.ts` needs a database, the app or another process; `*.eval.test.ts` scores a judged set. Each kind runs
 * alone (`npm run test:unit|test:int|test:eval -w server`, unit and eval in contracts); `npm test` runs all three.
 */
const NEEDS_INTEGRATION =
  /from '(\.\.\/)+test\/helper'|from '\.\/helper'|\bbuildTestApp\b|\bcreateTestDatabase\b|\bbuildApp\b|\bPGlite\b|node:child_process|\.listen\(/;
const READS_JUDGED_SET = /['"`][^'"`\n]*(held-out|\.tuning)[^'"`\n]*\.json['"`]/;

/** Why a test file's name does not say its kind, or null when it does (or when the file is no vitest test). */
function testKindProblem(file, text) {
  if (!/\.test\.tsx?$/.test(file) || !/^(server|contracts)\//.test(file)) return null;
  const kind = /\.eval\.test\.tsx?$/.test(file) ? 'eval' : /\.int\.test\.tsx?$/.test(file) ? 'int' : 'unit';
  if (kind !== 'eval' && READS_JUDGED_SET.test(text)) return 'reads a judged set: name it *.eval.test.ts';
  if (kind === 'unit' && NEEDS_INTEGRATION.test(text)) {
    return 'uses a database, the app or a process: name it *.int.test.ts';
  }
  return null;
}

test('every server and contracts test file is named for its kind (unit, int, eval)', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server', 'contracts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.test\.tsx?$/.test(f) && existsSync(path.join(root, f)));
  assert.ok(files.length > 50);
  const problems = files
    .map((f) => [f, testKindProblem(f, readFileSync(path.join(root, f), 'utf8'))])
    .filter(([, problem]) => problem)
    .map(([f, problem]) => `${f}: ${problem}`);
  assert.deepEqual(problems, []);
});

test('a test named for the wrong kind fails; the right name passes', () => {
  const app = "import { buildTestApp } from '../../../test/helper';\n";
  const set = "const cases = readJson('../../sets/chat/value-questions.held-out.json');\n";
  assert.ok(testKindProblem('server/src/modules/chat/chat.test.ts', app));
  assert.equal(testKindProblem('server/src/modules/chat/chat.int.test.ts', app), null);
  assert.ok(testKindProblem('server/src/modules/chat/values.int.test.ts', set));
  assert.ok(testKindProblem('contracts/src/distress.test.ts', "import x from '../sets/distress/crisis.tuning.json';"));
  assert.equal(testKindProblem('server/src/modules/chat/values.eval.test.ts', app + set), null);
  assert.equal(
    testKindProblem('server/src/lib/edit-distance.test.ts', "import { distance } from './edit-distance';"),
    null,
  );
});

/**
 * Medical content (facts, thresholds, doses, rules and texts a clinician reviews) lives in one of two folders, each
 * file with its schema and loader beside it, checked by `npm run check:content -w server` and at start:
 * server/src/content/ and contracts/src/content/ (the web app bundles the contracts). Any other JSON file is one of
 * this short list of kinds that are not medical content; a new one is either content (move it into a content folder)
 * or earns a line here saying what it is.
 */
const CONTENT_FOLDERS = [/^server\/src\/content\//, /^contracts\/src\/content\//];
const NOT_MEDICAL_JSON = [
  /(^|\/)package(-lock)?\.json$/, // npm
  /(^|\/)tsconfig(\.[\w-]+)?\.json$/, // TypeScript
  /^\.prettierrc\.json$/, // the format
  /^server\/src\/db\/migrations\/meta\//, // drizzle-kit's record of the migrations
  /^server\/src\/db\/table-owners\.json$/, // which repository owns which table
  /^(server|contracts)\/sets\//, // judged sets (cases that measure the code)
  /^ml\/crisis\/sets\//, // training phrasings of the crisis classifier
  /^(web|server|contracts)\/src\/locales\//, // interface texts by language: the web app's, the API's and e-mails', validation's
  /^server\/models\/[^/]+\/card\.json$/, // model cards, written by ml/ with each model
  /^server\/src\/modules\/chat\/question-words\.json$/, // English question words (vocabulary, not facts)
  /^server\/src\/modules\/assessments\/(heatmap|image-gate)-checks\.json$/, // measurements of the image models
];

/** Why a JSON file at `file` breaks the rule, or null. */
function contentPlaceProblem(file) {
  if (!file.endsWith('.json') || CONTENT_FOLDERS.some((re) => re.test(file))) return null;
  if (NOT_MEDICAL_JSON.some((re) => re.test(file))) return null;
  return 'JSON outside the content folders: medical content goes to server/src/content/<area>/ (git mv)';
}

test('medical content JSON lives only in the content folders', () => {
  const found = repositoryFiles()
    .map((f) => [f, contentPlaceProblem(f)])
    .filter(([, problem]) => problem)
    .map(([f, problem]) => `${f}: ${problem}`);
  assert.deepEqual(found, []);
});

test('a content JSON outside the content folders fails; the listed kinds and the content folders are fine', () => {
  for (const file of [
    'server/src/modules/clinical/guidelines/guidelines.json',
    'server/src/reading/lexicon.json',
    'server/src/modules/assessments/expected-directions.json',
    'web/src/features/medicines/doses.json',
    'server/src/plugins/thresholds.json',
  ]) {
    assert.ok(contentPlaceProblem(file), file);
  }
  for (const file of [
    'server/src/content/clinical/guidelines.json',
    'server/src/content/reading/lexicon.json',
    'contracts/src/content/red-flags.json',
    'server/sets/reading/messages.held-out.json',
    'server/src/db/migrations/meta/_journal.json',
    'web/src/locales/hi/common.json',
    'server/src/locales/hi/problems.json',
    'contracts/src/locales/en/validation.json',
    'server/models/skin/card.json',
    'web/package.json',
    'server/src/modules/chat/answerers/plan.ts',
  ]) {
    assert.equal(contentPlaceProblem(file), null, file);
  }
});

/**
 * The Python files under `dir` (ml/) longer than `max` lines, counted as `wc -l` counts them, as "file: N lines".
 * ESLint's max-lines holds TypeScript to 400 lines; this holds ml/'s Python to the same (caches and dot-folders aside).
 */
function pythonFilesOver(dir, max = 400) {
  const over = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === '__pycache__' || entry.name === 'node_modules') continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.py')) {
        const lines = (readFileSync(full, 'utf8').match(/\n/g) ?? []).length;
        if (lines > max) over.push(`${path.relative(dir, full)}: ${lines} lines`);
      }
    }
  };
  walk(dir);
  return over;
}

test('no Python file in ml/ is over 400 lines', () => {
  assert.deepEqual(pythonFilesOver(path.join(root, 'ml')), []);
});

test('a Python file in ml/ of 401 lines fails, in a subfolder too; one of 400 lines, or a cache, is fine', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ml-lines-'));
  try {
    mkdirSync(path.join(dir, 'images'));
    mkdirSync(path.join(dir, '__pycache__'));
    writeFileSync(path.join(dir, 'images', 'long.py'), 'x = 1\n'.repeat(401));
    writeFileSync(path.join(dir, 'short.py'), 'x = 1\n'.repeat(400));
    writeFileSync(path.join(dir, '__pycache__', 'cached.py'), 'x = 1\n'.repeat(500));
    assert.deepEqual(pythonFilesOver(dir), [`${path.join('images', 'long.py')}: 401 lines`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The modules the table in docs/architecture.md ("Modules and their faces") names in its first column. */
function modulesInArchitectureTable(markdown) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Modules and their faces')) ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]).sort();
}

test('docs/architecture.md lists every server module, and no module that is gone', () => {
  const modules = readdirSync(path.join(root, 'server/src/modules'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const listed = modulesInArchitectureTable(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
  assert.deepEqual(listed, modules);
});

test('a module missing from the architecture table is seen', () => {
  const doc =
    '# A\n\n## Modules and their faces\n| module | owns |\n|---|---|\n| `auth` | sessions |\n\n## Next\n| `x` | y |\n';
  assert.deepEqual(modulesInArchitectureTable(doc), ['auth']);
  assert.notDeepEqual(modulesInArchitectureTable(doc), ['auth', 'chat']);
});
