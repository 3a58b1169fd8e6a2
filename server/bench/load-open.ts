import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { VALID_INPUTS } from '../test/clinical-inputs';
import { createThrowawayDatabase, signUpBenchUser, withBenchApp, type BenchApp } from './app';

/**
 * `npm run bench:load-open -w server`: an open model of patients' visits on one instance (embedded database, rate
 * limits off). Each visit is the session check, a heart test saved, a chat question, the symptom check's first
 * step, a medicine search, the history's first page and, one visit in eight, the health-record PDF of a record of
 * 20 results (LOAD_RECORD_SIZE). Requests arrive at a fixed overall rate
 * (autocannon's overallRate over enough connections); the rate is raised step by step until p99 passes 500 ms or the
 * rate is no longer sustained. Prints, per step: the rate asked and reached, p50/p99, errors, the app's CPU time per
 * request (every thread of the app's processes, PDF workers included) and its memory, and the machine's load
 * average. LOAD_RATES (comma-separated requests/s) and LOAD_SECONDS change the sweep; LOAD_ALONE=0 skips the routes
 * measured alone. Figures only; the load generator shares the machine's cores with the app, so say the machine's
 * load beside them.
 *
 * LOAD_INSTANCES=2: two instances on one PostgreSQL database (a throwaway one on BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379), behind
 * the round-robin proxy of the several-instances test, in a process of its own (bench/proxy.ts). LOAD_DATABASE=postgres
 * LOAD_PROXY=1 runs one instance the same way, for a like-for-like ratio. LOAD_PDF_WORKERS sets each instance's
 * PDF_WORKERS.
 */
const RATES = (process.env.LOAD_RATES ?? '25,50,100,150,200,300,400').split(',').map(Number);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const P99_BAR_MS = 500;
/** A PDF is a download the person waits for: its own bar. */
const PDF_BAR_MS = 3000;
/** LOAD_PDF=0 leaves the health-record PDF out of the visits. */
const WITH_PDF = process.env.LOAD_PDF !== '0';
const WITH_ALONE = process.env.LOAD_ALONE !== '0';
/** Saved results in the record whose PDF the visits download. */
const RECORD_SIZE = Number(process.env.LOAD_RECORD_SIZE ?? 20);
const INSTANCES = Number(process.env.LOAD_INSTANCES ?? 1);
const DATABASE = process.env.LOAD_DATABASE ?? (INSTANCES > 1 ? 'postgres' : 'pglite');
const BEHIND_PROXY = INSTANCES > 1 || process.env.LOAD_PROXY === '1';
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (INSTANCES > 1 && DATABASE !== 'postgres') throw new Error('several instances need LOAD_DATABASE=postgres');

const load = () => loadavg()[0]?.toFixed(1);

/** Starts `count` app processes one after another (each migrates the shared database in turn), then runs. */
async function withInstances(
  count: number,
  options: Parameters<typeof withBenchApp>[1],
  run: (bases: string[], apps: BenchApp[]) => Promise<void>,
): Promise<void> {
  const bases: string[] = [];
  const apps: BenchApp[] = [];
  const next = async (): Promise<void> => {
    if (bases.length === count) return run(bases, apps);
    await withBenchApp(async (base, app) => {
      bases.push(base);
      apps.push(app);
      await next();
    }, options);
  };
  await next();
}

/** bench/proxy.ts in its own process, in front of `targets`; its URL and how to stop it. */
async function startProxy(targets: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const proxy = fork(path.join(import.meta.dirname, 'proxy.ts'), targets, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    proxy.once('message', (m) => resolve((m as { url: string }).url));
    proxy.once('exit', (code) => reject(new Error(`the proxy exited (${code}) before listening`)));
  });
  return {
    url,
    close: async () => {
      if (proxy.exitCode !== null) return;
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.send('close');
      await exited;
    },
  };
}

/** The q-quantile of `values` (nearest rank); null when there are none. */
function percentile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);
}

/** GETs `url` `perSecond` times a second for `seconds`, on schedule whatever the answers (an open model). */
async function downloadPdfs(url: string, cookie: string, perSecond: number, seconds: number) {
  const ms: number[] = [];
  let failed = 0;
  const downloads: Promise<void>[] = [];
  const start = performance.now();
  for (let at = 0; at < seconds * 1000; at += 1000 / perSecond) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - performance.now())));
    downloads.push(
      (async () => {
        const sent = performance.now();
        const answer = await fetch(url, { headers: { cookie } }).catch(() => null);
        const isPdf = answer?.ok && (await answer.arrayBuffer()).byteLength > 0;
        if (isPdf) ms.push(performance.now() - sent);
        else failed += 1;
      })(),
    );
  }
  await Promise.all(downloads);
  return { ms, failed };
}

/** The instances' CPU time summed, and each one's memory. */
async function statsOf(apps: BenchApp[]): Promise<{ cpuMs: number; rss: string }> {
  const all = await Promise.all(apps.map((app) => app.stats()));
  return {
    cpuMs: all.reduce((sum, s) => sum + s.cpuMs, 0),
    rss: all.map((s) => s.rssMb ?? '?').join(' + '),
  };
}

async function sweep(base: string, apps: BenchApp[]) {
  const cookie = await signUpBenchUser(base, `load-open-${Date.now()}@example.org`);
  const json = { 'content-type': 'application/json', cookie };
  const visit: autocannon.Request[] = [
    { method: 'GET', path: '/api/auth/session', headers: { cookie } },
    { method: 'GET', path: '/api/auth/me', headers: { cookie } },
    {
      method: 'POST',
      path: '/api/assessments/heart',
      headers: json,
      body: JSON.stringify({ inputs: VALID_INPUTS.heart }),
    },
    {
      method: 'POST',
      path: '/api/chat/messages',
      headers: json,
      body: JSON.stringify({ text: 'what is a normal blood pressure' }),
    },
    {
      method: 'POST',
      path: '/api/triage/sessions',
      headers: json,
      body: JSON.stringify({ age: 34, sex: 'female', complaint: 'sore throat and runny nose' }),
    },
    {
      method: 'POST',
      path: '/api/medicines/recommendations',
      headers: json,
      body: JSON.stringify({ symptoms: ['headache'] }),
    },
    { method: 'GET', path: '/api/health-record/history', headers: { cookie } },
  ];
  // The PDF once in eight visits, of an account with a record of RECORD_SIZE results (the visits' account saves one a
  // visit, so its record, and its PDF's cost, would grow with every step of the sweep).
  const reader = await signUpBenchUser(base, `load-open-reader-${Date.now()}@example.org`);
  for (let i = 0; i < RECORD_SIZE; i++) {
    const saved = await fetch(`${base}/api/assessments/heart`, {
      method: 'POST',
      headers: { ...json, cookie: reader },
      body: JSON.stringify({ inputs: VALID_INPUTS.heart }),
    });
    if (saved.status !== 201) throw new Error(`saving the reader's record failed: ${saved.status}`);
  }
  const pdf: autocannon.Request = {
    method: 'GET',
    path: '/api/health-record/report.pdf',
    headers: { cookie: reader },
  };
  // The visits' requests in turn, shared by all connections: autocannon walks `requests` from the start for each
  // connection, so with a long list and few requests per connection its last entries would never be sent.
  const visits = (): autocannon.Request[] => {
    let next = 0;
    return [{ setupRequest: (request) => ({ ...request, ...visit[next++ % visit.length] }) }];
  };
  // Each route alone first, at a low rate: what one request of it costs the app (CPU) and takes (latency).
  if (WITH_ALONE) console.log('each route alone, 10 requests/s for 5 s:');
  const routes = !WITH_ALONE ? [] : WITH_PDF ? [...visit, pdf] : visit;
  for (const route of routes) {
    const before = await statsOf(apps);
    const alone = await autocannon({ url: base, connections: 10, overallRate: 10, duration: 5, requests: [route] });
    const after = await statsOf(apps);
    const cpu = (after.cpuMs - before.cpuMs) / Math.max(1, alone.requests.total);
    console.log(
      `  ${route.method} ${route.path}: p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms, app CPU ${cpu.toFixed(1)} ms/request, load ${load()}`,
    );
  }
  console.log(`open model: ${SECONDS} s per step, up to ${CONNECTIONS} connections, p99 bar ${P99_BAR_MS} ms`);
  let best: number | null = null;
  for (const rate of RATES) {
    const before = await statsOf(apps);
    // The PDFs arrive on their own clock (one in eight visits: rate / 56 a second, below autocannon's 1/s), timed
    // apart: a 20-page PDF takes longer than the 500 ms bar by itself, and at 1 request in 56 it would be the p99.
    const [result, pdfs] = await Promise.all([
      autocannon({
        url: base,
        connections: Math.min(CONNECTIONS, rate),
        overallRate: rate,
        duration: SECONDS,
        requests: visits(),
      }),
      WITH_PDF ? downloadPdfs(`${base}${pdf.path}`, reader, rate / 56, SECONDS) : { ms: [], failed: 0 },
    ]);
    const after = await statsOf(apps);
    const reached = result.requests.average;
    const errors = result.non2xx + result.errors + pdfs.failed;
    const cpuPerRequest = (after.cpuMs - before.cpuMs) / Math.max(1, result.requests.total + pdfs.ms.length);
    const byStatus = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${code}:${(stat as { count: number }).count}`)
      .join(' ');
    const pdfP99 = percentile(pdfs.ms, 0.99);
    const ok =
      result.latency.p99 <= P99_BAR_MS &&
      reached >= 0.95 * rate &&
      errors === 0 &&
      (pdfP99 === null || pdfP99 <= PDF_BAR_MS);
    const pdfLine = WITH_PDF
      ? `; PDF ${pdfs.ms.length} (${pdfs.failed} failed): p50 ${percentile(pdfs.ms, 0.5) ?? '-'} ms, p99 ${pdfP99 ?? '-'} ms`
      : '';
    console.log(
      `  ${rate}/s asked, ${reached.toFixed(1)}/s reached: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `errors ${errors} (${byStatus})${pdfLine}; app CPU ${cpuPerRequest.toFixed(1)} ms/request, ` +
        `app memory ${after.rss} MiB, load ${load()} ${ok ? '' : '(over the bar)'}`,
    );
    if (!ok) break;
    best = rate;
  }
  console.log(
    best === null
      ? '  no step met the bar'
      : `  highest rate with p99 <= ${P99_BAR_MS} ms (PDF p99 <= ${PDF_BAR_MS} ms) on ${INSTANCES} instance(s): ${best} requests/s (about ${(best / 7).toFixed(1)} visits/s at 7 requests a visit, plus their PDFs)`,
  );
}

const throwaway = DATABASE === 'postgres' ? await createThrowawayDatabase(POSTGRES_SERVER) : null;
try {
  const env: Record<string, string> = {
    ...(throwaway ? { REDIS_URL } : {}),
    ...(process.env.LOAD_PDF_WORKERS ? { PDF_WORKERS: process.env.LOAD_PDF_WORKERS } : {}),
  };
  await withInstances(INSTANCES, { databaseUrl: throwaway?.url, env }, async (bases, apps) => {
    const proxy = BEHIND_PROXY ? await startProxy(bases) : null;
    console.log(
      `${INSTANCES} instance(s) on ${DATABASE}${throwaway ? ' and Redis' : ''}${proxy ? ', behind a round-robin proxy' : ''}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    try {
      await sweep(proxy?.url ?? (bases[0] as string), apps);
    } finally {
      await proxy?.close();
    }
  });
} finally {
  await throwaway?.drop();
}
