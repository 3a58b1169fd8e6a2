// The shared body of the `npm run <thing>:import -- <file>` commands: read the file, open the app's database
// (DATABASE_URL, or the embedded one in DATA_DIR; stop the app first when it uses the embedded one, which only one
// process may open), migrate, import with a progress line, and answer an exit code. Nothing is printed of the data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Db } from './client';

type Progress = { written: number; total: number };

export type ImportCommand<R> = {
  /** e.g. 'npm run medicines:import -- <file.csv>' */
  usage: string;
  /** What the progress line counts, e.g. 'rows written'. */
  unit: string;
  /** The importer's own error for a file it refuses as a whole. */
  inputError: abstract new (...args: never[]) => Error;
  run(db: Db, text: string, onBatch: (progress: Progress) => void): Promise<R>;
  /** Prints what the import did. */
  report(result: R, seconds: number): void;
};

export async function runImportCommand<R>(command: ImportCommand<R>): Promise<number> {
  const arg = process.argv[2];
  if (!arg || arg === '--help') {
    console.log(`Usage: ${command.usage}`);
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
  const target = config.databaseUrl
    ? 'the PostgreSQL database in DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  console.log(`Importing ${file} into ${target}…`);
  const started = performance.now();
  try {
    await database.migrate();
    const result = await command.run(database.db, text, ({ written, total }) =>
      process.stdout.write(`\r  ${written} / ${total} ${command.unit}`),
    );
    process.stdout.write('\n');
    command.report(result, (performance.now() - started) / 1000);
    return 0;
  } catch (error) {
    process.stdout.write('\n');
    if (error instanceof command.inputError) {
      console.error(`Nothing was imported: ${error.message}`);
      return 1;
    }
    console.error(`Nothing was imported: the database refused the data (${(error as Error).message}).`);
    return 1;
  } finally {
    await database.close();
  }
}
