// `npm run medicines:import -- <file.csv>`: loads a CSV in the layout of Medicine_Details.csv into the app's
// database (DATABASE_URL, or the embedded one in DATA_DIR; stop the app first when it uses the embedded one,
// which only one process may open). Re-running the same file changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { CsvImportError, importMedicinesCsv } from './csv-import';

const SHOWN_PROBLEMS = 50;

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (!arg || arg === '--help') {
    console.log('Usage: npm run medicines:import -- <file.csv>');
    return arg ? 0 : 2;
  }
  // npm runs scripts from the package folder; a relative path means the folder the command was typed in.
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
  try {
    await database.migrate();
    const report = await importMedicinesCsv(database.db, text, {
      onBatch: ({ written, total }) => process.stdout.write(`\r  ${written} / ${total} rows written`),
    });
    process.stdout.write('\n');
    for (const p of report.problems.slice(0, SHOWN_PROBLEMS)) console.log(`  line ${p.line}: ${p.reason} (skipped)`);
    if (report.problems.length > SHOWN_PROBLEMS) console.log(`  … and ${report.problems.length - SHOWN_PROBLEMS} more malformed rows`);
    console.log(
      `Done: ${report.total} rows read; ${report.inserted} added, ${report.updated} updated, ${report.unchanged} unchanged; ` +
        `${report.duplicates} repeated rows and ${report.problems.length} malformed rows skipped. ` +
        'Prescription status was inferred from the ingredients: over the counter only for known over-the-counter ingredients, otherwise prescription or unknown (ask a pharmacist).',
    );
    return 0;
  } catch (error) {
    process.stdout.write('\n');
    if (error instanceof CsvImportError) {
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
