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
