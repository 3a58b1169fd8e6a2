// `npm run quality`: builds the web app into a folder of its own, starts the real server on a fresh embedded
// database, runs Lighthouse (mobile, simulated throttling) in Debian's Chromium on every prerendered page (the
// build's route-pages.json: each address served from prerendered/), and prints per page the median performance
// score, FCP, LCP and TBT over QUALITY_RUNS runs and the JavaScript a first visit to that page downloads.
// Exits 1 when a page misses a target: median performance >= 98, accessibility 100, best practices >= 95, and at
// most 120 KB of compressed JavaScript on a first visit. Not part of `npm test` (it takes many minutes).
//
//   CHROME_PATH       the browser (default /usr/bin/chromium)
//   QUALITY_PORT      the app's port (default 3131; a baseline server takes the next one)
//   QUALITY_RUNS      Lighthouse runs per page, medians reported (default 5)
//   QUALITY_PAGES     only these addresses, comma-separated (e.g. "/,/diagnosis")
//   QUALITY_BASELINE  another build's folder (e.g. a copy of an older dist): served by a second server and measured
//                     in turn with this one, run by run, so both see the same machine load; printed side by side
//   --no-build        reuse the build from the previous run
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.QUALITY_PORT ?? 3131);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const outDir = path.join(tmpdir(), 'medibuddy-quality-dist');
const baselineDir = process.env.QUALITY_BASELINE ? path.resolve(process.env.QUALITY_BASELINE) : undefined;
const reportDir = path.resolve(process.env.QUALITY_REPORT_DIR ?? path.join(tmpdir(), 'medibuddy-quality-reports'));

const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 95 };
const FIRST_PAGE_JS_LIMIT_KB = 120;
const RUNS = Math.max(1, Number(process.env.QUALITY_RUNS ?? 5));

function build() {
  if (process.argv.includes('--no-build') && existsSync(path.join(outDir, 'index.html'))) return;
  console.log(`Building the web app into ${outDir} …`);
  // Its own output folder: a build here never replaces web/dist under someone's running tests.
  const result = spawnSync(
    'npm',
    ['run', 'build', '-w', 'web', '--silent', '--', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('the web build failed');
}

/** The addresses the build prerendered, in route order (route-pages.json points them at prerendered/ files). */
function prerenderedPaths(dist) {
  const table = JSON.parse(readFileSync(path.join(dist, 'route-pages.json'), 'utf8'));
  const all = table.filter((row) => row.html.startsWith('prerendered/')).map((row) => row.path);
  const only = process.env.QUALITY_PAGES?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!only) return all;
  const unknown = only.filter((p) => !all.includes(p));
  if (unknown.length) throw new Error(`QUALITY_PAGES: not prerendered: ${unknown.join(', ')}`);
  return only;
}

async function startServer(dist, serverPort, label) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medibuddy-quality-'));
  const origin = `http://localhost:${serverPort}`;
  const log = path.join(reportDir, `server-${label}.log`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'server'),
    stdio: ['ignore', openSync(log, 'w'), 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: dist,
      LOG_LEVEL: process.env.QUALITY_LOG_LEVEL ?? 'warn',
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the server (${dist}) exited with code ${server.exitCode}; its log: ${log}`);
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The scripts a page loaded, from Lighthouse's network records: URL and bytes on the wire (compressed). */
function scriptsOf(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({
      url: new URL(item.url).pathname,
      transferSize: item.transferSize ?? 0,
      resourceSize: item.resourceSize ?? 0,
      priority: item.priority,
    }));
}

/** What one Lighthouse run measured, reduced to the figures compared against the targets. */
function figuresOf(lhr) {
  const score = (key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
  const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: scriptsOf(lhr).reduce((sum, s) => sum + s.transferSize, 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Medians over the runs (each figure on its own), plus the run whose performance score is the median one. */
function summarize(runs) {
  const figures = runs.map((r) => figuresOf(r.lhr));
  const pick = (key) => median(figures.map((f) => f[key]));
  const byScore = [...runs].sort(
    (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  );
  return {
    scores: figures.map((f) => f.performance),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    js: pick('js'),
    benchmarkIndex: pick('benchmarkIndex'),
    medianRun: byScore[Math.floor(byScore.length / 2)],
  };
}

function line(label, s) {
  return (
    `  ${label.padEnd(9)}performance ${String(s.performance).padStart(3)} (runs ${s.scores.join(', ')})  ` +
    `FCP ${seconds(s.fcp)}  LCP ${seconds(s.lcp)}  TBT ${Math.round(s.tbt)} ms  CLS ${s.cls.toFixed(3)}  ` +
    `first-visit JS ${kb(s.js)}  a11y ${s.accessibility}  best practices ${s['best-practices']}`
  );
}

async function main() {
  build();
  const paths = prerenderedPaths(outDir);
  mkdirSync(reportDir, { recursive: true });
  const targets = [{ label: 'this', ...(await startServer(outDir, port, 'this')) }];
  if (baselineDir) targets.push({ label: 'baseline', ...(await startServer(baselineDir, port + 1, 'baseline')) });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(
    `${paths.length} prerendered pages, ${RUNS} Lighthouse runs each${baselineDir ? `, alternating with the baseline ${baselineDir}` : ''}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const failures = [];
  const table = [];
  try {
    for (const urlPath of paths) {
      // Lighthouse's default: a mobile device, simulated slow 4G and a 4x slower CPU. Its figures vary from run to
      // run on a shared machine, so each page is measured RUNS times and the medians are reported (Lighthouse's
      // own advice for variance). With a baseline, the two builds take turns, so a busy moment hits both.
      const runs = Object.fromEntries(targets.map((t) => [t.label, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const target of targets) {
          // A run Lighthouse could not finish (NO_NAVSTART on a busy machine) scores 0: say so and run it again,
          // up to twice, rather than let a broken recording count as a measurement.
          for (let attempt = 1; ; attempt++) {
            const result = await lighthouse(`${target.origin}${urlPath}`, {
              port: chrome.port,
              output: 'html',
              logLevel: 'error',
              onlyCategories: Object.keys(TARGETS),
            });
            if (!result) throw new Error(`Lighthouse returned nothing for ${urlPath}`);
            const { runtimeError } = result.lhr;
            if (runtimeError)
              console.log(`  ${target.label} ${urlPath} run ${run + 1}: Lighthouse error ${runtimeError.code}`);
            if (!runtimeError || attempt === 3) {
              runs[target.label].push(result);
              break;
            }
          }
        }
      }
      console.log(`\n${urlPath}  (load average ${loadavg()[0].toFixed(1)})`);
      for (const target of targets) {
        const summary = summarize(runs[target.label]);
        console.log(line(target.label, summary));
        const name = `${target.label}-${urlPath === '/' ? 'home' : urlPath.slice(1).replaceAll('/', '_')}`;
        writeFileSync(path.join(reportDir, `${name}.html`), summary.medianRun.report);
        writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(summary.medianRun.lhr));
        if (target.label !== 'this') continue;
        table.push({ urlPath, summary });
        for (const [key, target] of Object.entries(TARGETS)) {
          if (summary[key] < target) {
            const { lhr } = summary.medianRun;
            const failed = Object.values(lhr.audits)
              .filter(
                (a) =>
                  a.score !== null &&
                  a.score < 1 &&
                  a.scoreDisplayMode !== 'informative' &&
                  a.scoreDisplayMode !== 'notApplicable',
              )
              .filter((a) => lhr.categories[key].auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
              .map((a) => a.id);
            failures.push(
              `${urlPath}: ${key} ${summary[key]} < ${target} (median run's failing audits: ${failed.join(', ')})`,
            );
          }
        }
        if (summary.js > FIRST_PAGE_JS_LIMIT_KB * 1024) {
          failures.push(`${urlPath}: ${kb(summary.js)} of JavaScript on a first visit > ${FIRST_PAGE_JS_LIMIT_KB} KB`);
        }
      }
    }
  } finally {
    chrome.kill();
    for (const target of targets) await target.stop();
  }
  // The scripts of the largest first visit, so a growing chunk is easy to find.
  const largest = table.reduce((a, b) => (b.summary.js > a.summary.js ? b : a), table[0]);
  if (largest) {
    console.log(`\nScripts of the largest first visit (${largest.urlPath}):`);
    for (const s of scriptsOf(largest.summary.medianRun.lhr))
      console.log(`  ${kb(s.transferSize).padStart(9)}  ${s.priority}  ${s.url}`);
  }
  // The simulation multiplies what this machine measured: a busy or slow machine scores lower.
  console.log(
    `\nMachine: Lighthouse benchmark index ${Math.round(median(table.map((t) => t.summary.benchmarkIndex)))}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`Reports (median run of each page): ${reportDir}`);
  if (failures.length) {
    console.log(`\nMissed targets:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nAll targets met: ${table.length} pages at median performance >= ${TARGETS.performance}, JavaScript <= ${FIRST_PAGE_JS_LIMIT_KB} KB.`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
