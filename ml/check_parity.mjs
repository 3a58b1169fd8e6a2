// ONNX parity in Node: runs server/models/<test>/model.onnx with onnxruntime-node (the runtime the server uses) and
// compares it with what Python computed.
//   node ml/check_parity.mjs <heart|diabetes|cardio|liver|all> [--models DIR] [--cache DIR] [--json]
// 1. every training row (ml/.cache/<test>/, written by ml/train.py; skipped with a note when absent, e.g. in a fresh
//    checkout without the data) and 2. the golden records in card.json. Fails when any output differs by >= 1e-5.
// Exit codes: 0 ok, 1 mismatch or broken model, 2 onnxruntime-node not installed.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TESTS = ['heart', 'diabetes', 'cardio', 'liver'];
const TOLERANCE = 1e-5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? path.resolve(args[i + 1]) : fallback;
};
const target = args.find((a, i) => !a.startsWith('--') && !['--models', '--cache'].includes(args[i - 1]));
const modelsDir = option('--models', path.join(root, 'server', 'models'));
const cacheDir = option('--cache', path.join(root, 'ml', '.cache'));
const asJson = args.includes('--json');
if (!target || ![...TESTS, 'all'].includes(target)) {
  console.error(`usage: node ml/check_parity.mjs <${TESTS.join('|')}|all> [--models DIR] [--cache DIR] [--json]`);
  process.exit(1);
}

let ort;
try {
  ort = createRequire(path.join(root, 'server', 'package.json'))('onnxruntime-node');
} catch {
  console.error('onnxruntime-node is not installed (run npm ci in the repo root)');
  process.exit(2);
}

// Float32Array / Float64Array over a file, copied so the view is aligned.
const readTyped = (file, Type) => {
  const buf = readFileSync(file);
  return new Type(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
};

async function check(test) {
  const dir = path.join(modelsDir, test);
  const card = JSON.parse(readFileSync(path.join(dir, 'card.json'), 'utf8'));
  const session = await ort.InferenceSession.create(path.join(dir, 'model.onnx'));
  const order = card.onnx.input.order;
  const F = order.length;
  const expectNames = (have, want, what) => {
    if (JSON.stringify(have) !== JSON.stringify(want)) throw new Error(`${what} ${have} != card ${want}`);
  };
  expectNames(session.inputNames, [card.onnx.input.name], 'input names');
  expectNames([...session.outputNames].sort(), card.onnx.outputs.map((o) => o.name).sort(), 'output names');

  const run = async (data, n) => {
    const out = await session.run({ [card.onnx.input.name]: new ort.Tensor('float32', data, [n, F]) });
    return { probability: out.probability.data, logit: out.logit.data, contributions: out.contributions.data };
  };
  const result = { test, version: card.version, rows: 0, max_abs_diff: 0, golden: card.golden.length };
  const note = (d) => { result.max_abs_diff = Math.max(result.max_abs_diff, d); };

  // 1. every training row
  const meta = path.join(cacheDir, test, 'parity.json');
  if (existsSync(meta)) {
    const { rows, features } = JSON.parse(readFileSync(meta, 'utf8'));
    if (features !== F) throw new Error(`parity fixture has ${features} features, model ${F}`);
    const inputs = readTyped(path.join(cacheDir, test, 'inputs.f32'), Float32Array);
    const expected = readTyped(path.join(cacheDir, test, 'expected.f64'), Float64Array);
    const got = await run(inputs, rows);
    const W = 2 + F;
    for (let i = 0; i < rows; i++) {
      note(Math.abs(got.probability[i] - expected[i * W]));
      note(Math.abs(got.logit[i] - expected[i * W + 1]));
      for (let k = 0; k < F; k++) note(Math.abs(got.contributions[i * F + k] - expected[i * W + 2 + k]));
    }
    result.rows = rows;
  } else {
    result.note = `no parity fixture in ${path.relative(root, path.join(cacheDir, test))}: run ml/train.py ${test}; golden records only`;
  }

  // 2. golden records (null = not measured -> NaN)
  const golden = new Float32Array(card.golden.length * F);
  card.golden.forEach((g, r) => order.forEach((key, k) => { golden[r * F + k] = g.input[key] ?? Number.NaN; }));
  const got = await run(golden, card.golden.length);
  card.golden.forEach((g, r) => {
    note(Math.abs(got.probability[r] - g.probability));
    note(Math.abs(got.logit[r] - g.logit));
    order.forEach((key, k) => note(Math.abs(got.contributions[r * F + k] - g.contributions[key])));
  });
  result.ok = Number.isFinite(result.max_abs_diff) && result.max_abs_diff < TOLERANCE;
  if (!result.ok) result.error = `max abs diff ${result.max_abs_diff} >= ${TOLERANCE}`;
  return result;
}

const results = {};
let failed = false;
for (const test of target === 'all' ? TESTS : [target]) {
  try {
    results[test] = await check(test);
  } catch (err) {
    results[test] = { test, ok: false, error: String(err?.message ?? err) };
  }
  const r = results[test];
  failed ||= !r.ok;
  if (!asJson) {
    console.log(`${test.padEnd(9)} ${r.ok ? 'ok  ' : 'FAIL'} ${r.version ?? ''} rows ${r.rows ?? 0} + golden ${r.golden ?? 0}` +
      ` max abs diff ${r.max_abs_diff?.toExponential(2) ?? '-'}${r.error ? ` (${r.error})` : ''}${r.note ? ` (${r.note})` : ''}`);
  }
}
if (asJson) console.log(JSON.stringify(results));
process.exit(failed ? 1 : 0);
