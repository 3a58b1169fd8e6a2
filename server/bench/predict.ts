import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { createThrowawayDatabase, signUpBenchUser, withBenchApp, type BenchApp } from './app';
import { VALID_INPUTS } from '../test/clinical-inputs';

/**
 * `npm run bench -w server`: what a prediction costs next to a bare route and a saved assessment.
 *   (a) GET /healthz                          the bare route
 *   (b) POST /compat/predict2 as a visitor    validation + ONNX inference, nothing saved
 *   (c) POST /api/assessments/diabetes        the same + session and consent checks + an INSERT + the result page's JSON
 *   (d) the save's SQL alone                   (PostgreSQL only) its three statements through the app's pool, no HTTP:
 *                                              (b) + (d) is the least a save can cost while it sends them
 * The app runs in a child process so the load generator does not share its event loop. It runs on PostgreSQL, in a
 * database of its own created on the server in BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped afterwards; BENCH_DATABASE=pglite runs it on the embedded database instead. On PostgreSQL it also
 * prints the SQL statements each route sends. Figures only: timings are never asserted anywhere.
 */

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const isPglite = process.env.BENCH_DATABASE === 'pglite';

/** The legacy client's diabetes record, under its names (/compat/predict2); /api sends VALID_INPUTS.diabetes. */
const DIABETES = {
  Pregnancies: 6,
  Glucose: 148,
  BloodPressure: 72,
  SkinThickness: 35,
  Insulin: 0,
  BMI: 33.6,
  DiabetesPedigreeFunction: 0.627,
  Age: 50,
};

/** The parts of a save's answer the SQL-alone run writes again. */
type SavedAssessment = {
  test: string;
  inputs: unknown;
  result: unknown;
  model: { id: string; version: string };
};

type Figures = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds per request in the app's process. */
  appCpuMs: number;
  /** SQL statements and the database server's CPU milliseconds per request (PostgreSQL on this machine only). */
  queries?: number;
  dbCpuMs?: number;
};

/** CPU milliseconds used so far by each PostgreSQL backend serving one database, read from /proc (null where unreadable). */
type DatabaseCpu = () => Promise<Map<number, number> | null>;

function databaseCpuOf(databaseUrl: string): DatabaseCpu {
  const msPerTick = 1000 / 100; // USER_HZ is 100 on Linux
  return async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const byPid = new Map<number, number>();
      for (const { pid } of rows) {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * msPerTick); // utime + stime
      }
      return byPid;
    } catch {
      return null;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
}

/** CPU used between two readings: by backends seen in both, and all of a backend started in between. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

type Load = Pick<Figures, 'rps' | 'p50' | 'p99' | 'non2xx' | 'errors'> & { requests: number };

async function httpLoad(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function measure(
  app: BenchApp,
  databaseCpu: DatabaseCpu | null,
  name: string,
  load: autocannon.Options | (() => Promise<Load>),
): Promise<Figures> {
  const [before, dbBefore] = await Promise.all([app.stats(), databaseCpu?.()]);
  const { requests: total, ...result } = await (typeof load === 'function' ? load() : httpLoad(load));
  const [after, dbAfter] = await Promise.all([app.stats(), databaseCpu?.()]);
  const requests = Math.max(1, total);
  return {
    name,
    ...result,
    appCpuMs: (after.cpuMs - before.cpuMs) / requests,
    ...(before.queries && after.queries ? { queries: (after.queries.count - before.queries.count) / requests } : {}),
    ...(dbBefore && dbAfter ? { dbCpuMs: cpuBetween(dbBefore, dbAfter) / requests } : {}),
  };
}

/** The SQL one request sends, in order (PostgreSQL only). */
async function statementsOf(app: BenchApp, send: () => Promise<Response>): Promise<string[] | null> {
  const before = (await app.stats()).queries;
  const response = await send();
  await response.arrayBuffer();
  const after = (await app.stats()).queries;
  if (!before || !after) return null;
  return after.recent.slice(after.recent.length - Math.min(after.recent.length, after.count - before.count));
}

async function onDatabase(run: (databaseUrl: string | undefined) => Promise<void>): Promise<void> {
  if (isPglite) return run(undefined);
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  try {
    throwaway = await createThrowawayDatabase(POSTGRES_SERVER);
  } catch (err) {
    throw new Error(
      `cannot create a bench database on ${POSTGRES_SERVER} (${(err as Error).message}); set BENCH_POSTGRES_URL, or BENCH_DATABASE=pglite`,
      { cause: err },
    );
  }
  try {
    await run(throwaway.url);
  } finally {
    await throwaway.drop();
  }
}

async function main() {
  await onDatabase((databaseUrl) =>
    withBenchApp(
      async (base, app) => {
        const cookie = await signUpBenchUser(base, 'bench@example.org');

        const json = { 'content-type': 'application/json' };
        const visitorBody = JSON.stringify([DIABETES]);
        const signedInBody = JSON.stringify({ inputs: VALID_INPUTS.diabetes });
        const save = () =>
          fetch(`${base}/api/assessments/diabetes`, {
            method: 'POST',
            headers: { ...json, cookie },
            body: signedInBody,
          });
        // One of each first: a wrong answer should stop the run, not be measured.
        const probe = await save();
        if (probe.status !== 201) throw new Error(`assessment failed: ${probe.status} ${await probe.text()}`);
        const saved = ((await probe.json()) as { assessment: SavedAssessment }).assessment;
        const visitorProbe = await fetch(`${base}/compat/predict2`, {
          method: 'POST',
          headers: json,
          body: visitorBody,
        });
        if (visitorProbe.status !== 200)
          throw new Error(`prediction failed: ${visitorProbe.status} ${await visitorProbe.text()}`);

        const where = app.database === 'postgres' ? 'PostgreSQL (a throwaway database)' : 'embedded PGlite';
        console.log(
          `MediBuddy bench: ${CONNECTIONS} connections, ${DURATION_S} s each, app in a child process on ${where}\n`,
        );
        const statements = await statementsOf(app, save);
        if (statements) {
          console.log(`SQL of one signed-in save (${statements.length} statements):`);
          for (const s of statements) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 140)}`);
          console.log('');
        }

        const databaseCpu = databaseUrl ? databaseCpuOf(databaseUrl) : null;
        const bare = await measure(app, databaseCpu, '(a) GET /healthz', { url: `${base}/healthz` });
        const inference = await measure(app, databaseCpu, '(b) POST /compat/predict2 (visitor: inference only)', {
          url: `${base}/compat/predict2`,
          method: 'POST',
          headers: json,
          body: visitorBody,
        });
        const write = await measure(app, databaseCpu, '(c) POST /api/assessments/diabetes (signed-in save)', {
          url: `${base}/api/assessments/diabetes`,
          method: 'POST',
          headers: { ...json, cookie },
          body: signedInBody,
        });

        const sqlAlone = databaseUrl
          ? await measure(app, databaseCpu, "(d) the save's SQL alone (app pool, no HTTP)", async () => {
              const saves = await app.saveSqlAlone({
                cookieToken: cookie.slice(cookie.indexOf('=') + 1),
                row: {
                  userId: '',
                  test: saved.test,
                  inputs: saved.inputs,
                  result: saved.result,
                  modelId: saved.model.id,
                  modelVersion: saved.model.version,
                },
                seconds: DURATION_S,
                connections: CONNECTIONS,
              });
              return { requests: saves, rps: saves / DURATION_S, p50: NaN, p99: NaN, non2xx: 0, errors: 0 };
            })
          : null;

        const rows = [bare, inference, write, ...(sqlAlone ? [sqlAlone] : [])];
        const width = Math.max(...rows.map((r) => r.name.length));
        const hasQueries = rows.every((r) => r.queries !== undefined);
        const hasDbCpu = rows.every((r) => r.dbCpuMs !== undefined);
        const header = [
          'route'.padEnd(width),
          'req/s'.padStart(8),
          'p50 ms'.padStart(7),
          'p99 ms'.padStart(7),
          'non-2xx',
          'errors',
          'app CPU ms/req',
          ...(hasQueries ? ['SQL/req'] : []),
          ...(hasDbCpu ? ['DB CPU ms/req'] : []),
        ];
        console.log(header.join('  '));
        for (const r of rows) {
          const cells = [
            r.name.padEnd(width),
            r.rps.toFixed(0).padStart(8),
            (Number.isNaN(r.p50) ? '-' : r.p50.toFixed(1)).padStart(7),
            (Number.isNaN(r.p99) ? '-' : r.p99.toFixed(1)).padStart(7),
            String(r.non2xx).padStart(7),
            String(r.errors).padStart(6),
            r.appCpuMs.toFixed(2).padStart(14),
            ...(hasQueries ? [(r.queries ?? 0).toFixed(2).padStart(7)] : []),
            ...(hasDbCpu ? [(r.dbCpuMs ?? 0).toFixed(2).padStart(13)] : []),
          ];
          console.log(cells.join('  '));
        }
        const ratio = (x: Figures) => x.rps / bare.rps;
        console.log(
          `\n(b)/(a) = ${ratio(inference).toFixed(2)}   (c)/(a) = ${ratio(write).toFixed(2)}   (c)/(b) = ${(write.rps / inference.rps).toFixed(2)}`,
        );
        const saveCost = inference.rps / write.rps;
        console.log(
          `a signed-in save costs ${saveCost.toFixed(2)}x the inference-only route in requests/s (target: at most 2x): ${saveCost <= 2 ? 'met' : 'NOT met'}`,
        );
        // On a busy machine requests/s swing with the neighbours' load; CPU spent per request does much less.
        const cpuOf = (r: Figures) => r.appCpuMs + (r.dbCpuMs ?? 0);
        console.log(
          `and ${(cpuOf(write) / cpuOf(inference)).toFixed(2)}x its CPU per request (app${hasDbCpu ? ' + database' : ''}: ${cpuOf(write).toFixed(2)} ms against ${cpuOf(inference).toFixed(2)} ms)`,
        );
        if (sqlAlone) {
          const floor = cpuOf(inference) + cpuOf(sqlAlone);
          console.log(
            `the floor, (b) + (d): ${floor.toFixed(2)} ms of CPU per save, ${(floor / cpuOf(inference)).toFixed(2)}x (b); the save spends ${(cpuOf(write) - floor).toFixed(2)} ms above it`,
          );
        }
        const isMet = ratio(inference) > 0.5 && inference.rps > write.rps;
        console.log(
          `inference-only throughput over half the bare route's, and above the save's: ${isMet ? 'met' : 'NOT met'}`,
        );
        if (rows.some((r) => r.non2xx > 0 || r.errors > 0))
          console.log('warning: some requests failed; figures are suspect');
      },
      { databaseUrl },
    ),
  );
}

await main();
