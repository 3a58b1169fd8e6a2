import autocannon from 'autocannon';
import { VALID_INPUTS } from '../test/clinical-inputs';
import { signUpBenchUser, withBenchApp } from './app';

/**
 * `npm run bench:load-open -w server`: an open model of patients' visits on one instance (embedded database, rate
 * limits off). Each visit is the session check, a heart test saved, a chat question, the symptom check's first
 * step, a medicine search and, one visit in eight, the health-record PDF. Requests arrive at a fixed overall rate
 * (autocannon's overallRate over enough connections); the rate is raised step by step until p99 passes 500 ms or the
 * rate is no longer sustained. Prints, per step: the rate asked and reached, p50/p99, errors, the app's CPU time per
 * request and its memory. LOAD_RATES (comma-separated requests/s) and LOAD_SECONDS change the sweep. Figures only;
 * the load generator shares the machine's cores with the app, so say the machine's load beside them.
 */
const RATES = (process.env.LOAD_RATES ?? '25,50,100,150,200,300,400').split(',').map(Number);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const P99_BAR_MS = 500;
/** LOAD_PDF=0 leaves the health-record PDF out of the visits (it dominates: see docs/performance.md). */
const WITH_PDF = process.env.LOAD_PDF !== '0';

await withBenchApp(async (base, app) => {
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
  // The PDF once in eight visits.
  const pdf: autocannon.Request = { method: 'GET', path: '/api/health-record/report.pdf', headers: { cookie } };
  const requests = !WITH_PDF ? visit : [...Array.from({ length: 7 }, () => visit).flat(), ...visit.slice(0, 6), pdf];
  // Each route alone first, at a low rate: what one request of it costs the app (CPU) and takes (latency).
  console.log('each route alone, 10 requests/s for 5 s:');
  const routes = WITH_PDF ? [...visit, pdf] : visit;
  for (const route of routes) {
    const before = await app.stats();
    const alone = await autocannon({ url: base, connections: 10, overallRate: 10, duration: 5, requests: [route] });
    const after = await app.stats();
    const cpu = (after.cpuMs - before.cpuMs) / Math.max(1, alone.requests.total);
    console.log(
      `  ${route.method} ${route.path}: p50 ${alone.latency.p50} ms, p99 ${alone.latency.p99} ms, app CPU ${cpu.toFixed(1)} ms/request`,
    );
  }
  console.log(`open model: ${SECONDS} s per step, up to ${CONNECTIONS} connections, p99 bar ${P99_BAR_MS} ms`);
  let best: number | null = null;
  for (const rate of RATES) {
    const before = await app.stats();
    const result = await autocannon({
      url: base,
      connections: Math.min(CONNECTIONS, rate),
      overallRate: rate,
      duration: SECONDS,
      requests,
    });
    const after = await app.stats();
    const reached = result.requests.average;
    const errors = result.non2xx + result.errors;
    const cpuPerRequest = (after.cpuMs - before.cpuMs) / Math.max(1, result.requests.total);
    const byStatus = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${code}:${(stat as { count: number }).count}`)
      .join(' ');
    const ok = result.latency.p99 <= P99_BAR_MS && reached >= 0.95 * rate && errors === 0;
    console.log(
      `  ${rate}/s asked, ${reached.toFixed(1)}/s reached: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `errors ${errors} (${byStatus}), app CPU ${cpuPerRequest.toFixed(1)} ms/request, app memory ${after.rssMb ?? '?'} MiB ${ok ? '' : '(over the bar)'}`,
    );
    if (!ok) break;
    best = rate;
  }
  console.log(
    best === null
      ? '  no step met the bar'
      : `  highest rate with p99 <= ${P99_BAR_MS} ms on one instance: ${best} requests/s (about ${(best / 7).toFixed(1)} visits/s at 7 requests a visit)`,
  );
});
