import autocannon from 'autocannon';
import { signUpBenchUser, withBenchApp } from './app';

/**
 * `npm run bench -w server`: what a prediction costs next to a bare route and a database write.
 *   (a) GET /healthz                          the bare route
 *   (b) POST /compat/predict2 as a visitor    validation + ONNX inference, nothing saved
 *   (c) POST /api/assessments/diabetes        the same + session lookup + an INSERT
 * The app runs in a child process so the load generator does not share its event loop. Figures only: timings
 * are never asserted anywhere.
 */

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const DIABETES = { Pregnancies: 6, Glucose: 148, BloodPressure: 72, SkinThickness: 35, Insulin: 0, BMI: 33.6, DiabetesPedigreeFunction: 0.627, Age: 50 };

type Figures = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  await withBenchApp(async (base) => {
    const cookie = await signUpBenchUser(base, 'bench@example.org');

    const json = { 'content-type': 'application/json' };
    const visitorBody = JSON.stringify([DIABETES]);
    const signedInBody = JSON.stringify({ inputs: { ...DIABETES, Insulin: null } });
    // One of each first: a wrong answer should stop the run, not be measured.
    const probe = await fetch(`${base}/api/assessments/diabetes`, { method: 'POST', headers: { ...json, cookie }, body: signedInBody });
    if (probe.status !== 201) throw new Error(`assessment failed: ${probe.status} ${await probe.text()}`);

    console.log(`MediBuddy bench: ${CONNECTIONS} connections, ${DURATION_S} s each, app in a child process on PGlite\n`);
    const bare = await measure('(a) GET /healthz', { url: `${base}/healthz` });
    const inference = await measure('(b) POST /compat/predict2 (visitor: inference only)', {
      url: `${base}/compat/predict2`,
      method: 'POST',
      headers: json,
      body: visitorBody,
    });
    const write = await measure('(c) POST /api/assessments/diabetes (inference + DB write)', {
      url: `${base}/api/assessments/diabetes`,
      method: 'POST',
      headers: { ...json, cookie },
      body: signedInBody,
    });

    const rows = [bare, inference, write];
    const width = Math.max(...rows.map((r) => r.name.length));
    console.log(`${'route'.padEnd(width)}  ${'req/s'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  non-2xx  errors`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(width)}  ${r.rps.toFixed(0).padStart(8)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p99.toFixed(1).padStart(7)}  ${String(r.non2xx).padStart(7)}  ${String(r.errors).padStart(6)}`,
      );
    }
    const ratio = (x: Figures) => x.rps / bare.rps;
    console.log(`\n(b)/(a) = ${ratio(inference).toFixed(2)}   (c)/(a) = ${ratio(write).toFixed(2)}   (c)/(b) = ${(write.rps / inference.rps).toFixed(2)}`);
    const isMet = ratio(inference) > 0.5 && inference.rps > write.rps;
    console.log(
      `target (inference-only throughput over half the bare route's, and above the write's): ${isMet ? 'met' : 'NOT met'}`,
    );
    if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) console.log('warning: some requests failed; figures are suspect');
  });
}

await main();
