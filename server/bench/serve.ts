import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAssessmentRepository, type NewAssessmentRow } from '../src/modules/assessments/assessments.repository';
import { createSessionsRepository } from '../src/modules/auth/sessions.repository';
import { createConsentRepository } from '../src/modules/consent/consent.repository';
import { keyedHash } from '../src/plugins/session';

/**
 * The server half of `npm run bench`: the real app on an ephemeral port, on embedded PGlite in DATA_DIR (a temp dir
 * made by the parent) or on the PostgreSQL database in DATABASE_URL, rate limits off, logs silent. Sends its port
 * to the parent once the models are in, and on 'stats' the CPU time it has used and the SQL statements it has
 * sent to PostgreSQL.
 */
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
});

// Counted at the pool, under the app's retry wrapper (which binds this method when the database opens).
const RECENT = 12;
const queries = { count: 0, recent: [] as string[] };
const query = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const statement = args[0];
  queries.count += 1;
  queries.recent.push(typeof statement === 'string' ? statement : ((statement as { text?: string })?.text ?? '?'));
  if (queries.recent.length > RECENT) queries.recent.shift();
  return query.apply(this, args);
} as typeof pg.Pool.prototype.query;

const app = await buildApp(config);
await app.models.settled;
await app.imageModels.settled;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
/**
 * The floor under a save: its three statements (the session read, the consent read, the INSERT of the same row),
 * one after another as a save sends them, `connections` at a time for `seconds`, through the app's own pool and
 * repositories, with no HTTP, model or JSON answer around them.
 */
async function saveSqlAlone(input: {
  cookieToken: string;
  row: NewAssessmentRow;
  seconds: number;
  connections: number;
}) {
  const sessions = createSessionsRepository(app.database.db);
  const consents = createConsentRepository(app.database.db);
  const assessments = createAssessmentRepository(app.database.db);
  const tokenHash = keyedHash(config.sessionSecret, input.cookieToken);
  const stopAt = Date.now() + input.seconds * 1000;
  let saves = 0;
  await Promise.all(
    Array.from({ length: input.connections }, async () => {
      while (Date.now() < stopAt) {
        const userId = await sessions.findLiveUserId(tokenHash, new Date());
        if (!userId || (await consents.findConsent(userId))?.withdrawnAt !== null)
          throw new Error('no session/consent');
        await assessments.insert({ ...input.row, userId });
        saves += 1;
      }
    }),
  );
  return saves;
}

process.on('message', async (message) => {
  if (typeof message === 'object' && message !== null && 'saveSql' in message) {
    const saves = await saveSqlAlone((message as { saveSql: Parameters<typeof saveSqlAlone>[0] }).saveSql);
    process.send?.({ saveSqlDone: saves });
  }
  if (message === 'stats') {
    const cpu = process.cpuUsage();
    process.send?.({
      stats: {
        cpuMs: (cpu.user + cpu.system) / 1000,
        rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
        queries: config.databaseUrl ? { count: queries.count, recent: [...queries.recent] } : null,
      },
    });
  }
  if (message === 'close') {
    await app.close();
    process.exit(0);
  }
});
