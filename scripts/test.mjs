// `npm test`: the whole suite, in the order that fails fastest. Each step's runner writes a JSON report;
// the last line printed is the plain total "N passed, N failed" over every runner.
//   TEST_DATABASE_URL=postgres://…  also runs the server suite against that PostgreSQL server.
//   SKIP_E2E=1 / SKIP_ML=1          leave out the browser suite / the model re-training check.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(title, cmd, args, { cwd = root, env = {} } = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${res.status === 0 ? 'ok' : `FAILED (exit ${res.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) failures.push(title);
  return res.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

function vitest(title, workspace, extraEnv = {}, tag = workspace) {
  const out = path.join(reports, `vitest-${tag}.json`);
  run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, workspace),
    env: extraEnv,
  });
  countVitest(out);
}

run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
// The project's rules as code: each step counts as one test in the totals.
for (const [title, cmd, args] of [
  ['lint: ESLint with the layer and table-ownership boundaries', 'npx', ['eslint', '.']],
  ['format: Prettier', 'npx', ['prettier', '--check', '.']],
  ['lint: each boundary fails on a deliberate violation', process.execPath, ['--test', 'scripts/lint.test.mjs']],
  ['lint: rules for docs and comments (repo-rules)', process.execPath, ['--test', 'scripts/repo-rules.test.mjs']],
  ['content: the data files a clinician edits are valid', 'npm', ['run', 'check:content', '-w', 'server', '--silent']],
]) {
  if (run(title, cmd, args)) totals.passed += 1;
  else totals.failed += 1;
}
// Python in ml/: Debian's flake8 and black (ml/.flake8, ml/pyproject.toml), which .ci/run installs.
const hasPythonLint =
  spawnSync('/usr/bin/python3', ['-m', 'flake8', '--version']).status === 0 &&
  spawnSync('black', ['--version']).status === 0;
if (hasPythonLint) {
  for (const [title, cmd, args] of [
    ['lint: Python in ml/ (flake8)', '/usr/bin/python3', ['-m', 'flake8', '--config', 'ml/.flake8', 'ml']],
    ['format: Python in ml/ (black)', 'black', ['--check', '--quiet', 'ml']],
  ]) {
    if (run(title, cmd, args)) totals.passed += 1;
    else totals.failed += 1;
  }
} else {
  console.log('\n=== lint: Python in ml/ SKIPPED — Debian python3-flake8 and black are not installed (see README)');
  if (process.env.CI) failures.push('Python lint (python3-flake8 or black missing in CI)');
}
vitest('contracts unit tests', 'contracts');
vitest(
  'server tests on embedded PGlite',
  'server',
  { TEST_DATABASE_URL: '', TEST_EMBEDDED_PASS: '1' },
  'server-pglite',
);
if (process.env.TEST_DATABASE_URL) {
  vitest('server tests on PostgreSQL', 'server', {}, 'server-postgres');
}
vitest('web unit tests', 'web');

if (process.env.SKIP_ML !== '1') {
  // Re-trains the tabular models from ML_DATA_DIR and fails under the bars; then checks the committed ONNX
  // files against the training run's numbers in Node's onnxruntime.
  const hasPython = spawnSync('/usr/bin/python3', ['-c', 'import sklearn, onnx, pandas']).status === 0;
  if (hasPython) {
    for (const [title, cmd, args] of [
      ['models: feature-encoding unit tests', '/usr/bin/python3', ['-m', 'unittest', 'discover', '-s', 'ml', '-q']],
      ['models: re-train and check the bars', 'sh', ['ml/run.sh', 'all', '--check']],
      ['models: ONNX parity in onnxruntime-node', process.execPath, ['ml/check_parity.mjs', 'all']],
    ]) {
      if (run(title, cmd, args)) totals.passed += 1;
      else totals.failed += 1;
    }
  } else {
    console.log(
      '\n=== models: SKIPPED — Debian python3-sklearn, python3-onnx, python3-pandas are not installed (see README)',
    );
    if (process.env.CI) failures.push('models (python packages missing in CI)');
  }
}

if (process.env.SKIP_E2E !== '1') {
  if (run('web build', 'npm', ['run', 'build', '-w', 'web', '--silent'])) {
    run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e') });
    const pw = path.join(reports, 'playwright.json');
    if (existsSync(pw)) {
      const s = JSON.parse(readFileSync(pw, 'utf8')).stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
    }
  }
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
