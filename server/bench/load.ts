import autocannon from 'autocannon';
import { VALID_INPUTS } from '../test/clinical-inputs';
import { signUpBenchUser, withBenchApp } from './app';

/**
 * `npm run bench:load -w server`: the real app (child process, embedded database, rate limits off) under
 * 200 connections for 30 s on a mix of routes a patient's visit makes: the session check, the catalogue
 * pages' data, a symptom lookup, a heart assessment saved to the account, the consent state, and the readiness
 * probe a proxy polls. Prints requests, errors (non-2xx and socket errors) and latency percentiles.
 * LOAD_CONNECTIONS and LOAD_SECONDS change the shape.
 */
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);

await withBenchApp(async (base) => {
  const cookie = await signUpBenchUser(base, `load-${Date.now()}@example.org`);
  const json = { 'content-type': 'application/json', cookie };
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/auth/session', headers: { cookie } },
    { method: 'GET', path: '/api/medicines/symptoms?q=hea', headers: { cookie } },
    {
      method: 'POST',
      path: '/api/assessments/heart',
      headers: json,
      body: JSON.stringify({ inputs: VALID_INPUTS.heart }),
    },
    { method: 'GET', path: '/api/health-record/consent', headers: { cookie } },
    { method: 'GET', path: '/readyz' },
    { method: 'GET', path: '/api/auth/me', headers: { cookie } },
  ];
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests });
  const ok = result['2xx'];
  // autocannon counts timeouts among its errors.
  const errors = result.non2xx + result.errors;
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s, ${requests.length} routes in turn`);
  console.log(`  requests ${result.requests.total} (${Math.round(result.requests.average)}/s), 2xx ${ok}`);
  console.log(
    `  errors ${errors} (non-2xx ${result.non2xx}, socket errors ${result.errors}, of which timeouts ${result.timeouts})`,
  );
  const byStatus = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}:${(stat as { count: number }).count}`)
    .join(' ');
  console.log(`  by status ${byStatus}`);
  console.log(
    `  latency ms: p50 ${result.latency.p50}, p90 ${result.latency.p90}, p99 ${result.latency.p99}, max ${result.latency.max}`,
  );
  if (errors > 0) process.exitCode = 1;
});
