// `npm run knowledge:import -- <medquad.json>`: loads MedQuAD (../shared/datasets/qa/medquad.json, CC BY 4.0) into
// the chat assistant's knowledge in the app's database (DATABASE_URL, or the embedded one in DATA_DIR; stop the
// app first when it uses the embedded one, which only one process may open). Re-running the same file changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { importMedquad, MEDQUAD_CREDIT, MedquadImportError } from './medquad';

const SHOWN_PROBLEMS = 20;

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (!arg || arg === '--help') {
    console.log('Usage: npm run knowledge:import -- <medquad.json>');
    return arg ? 0 : 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  const target = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  console.log(`Importing ${file} into ${target}…`);
  const started = performance.now();
  try {
    await database.migrate();
    const report = await importMedquad(database.db, text, {
      onBatch: ({ written, total }) => process.stdout.write(`\r  ${written} / ${total} passages`),
    });
    process.stdout.write('\n');
    for (const p of report.skipped.slice(0, SHOWN_PROBLEMS)) console.log(`  item ${p.index}: ${p.reason} (skipped)`);
    if (report.skipped.length > SHOWN_PROBLEMS) console.log(`  … and ${report.skipped.length - SHOWN_PROBLEMS} more malformed items`);
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${report.total} items read, ${report.written} passages written ` +
        `(unchanged ones are not rewritten), ${report.skipped.length} malformed items skipped.\nAnswers from these passages credit: ${MEDQUAD_CREDIT}.`,
    );
    return 0;
  } catch (error) {
    process.stdout.write('\n');
    if (error instanceof MedquadImportError) {
      console.error(`Nothing was imported: ${error.message}`);
      return 1;
    }
    console.error(`Nothing was imported: the database refused the data (${(error as Error).message}).`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
