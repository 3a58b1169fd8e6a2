// Rules about the repository's files that ESLint does not see, each shown failing on a deliberate violation.
// Run by `npm run lint` and by `npm test` (lint step): node --test scripts/repo-rules.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
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
