import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/**
 * Creating and migrating a PGlite database costs seconds; loading a dump costs half a second. So the
 * migrations run once here and every test file starts from this snapshot. Against a real server
 * (TEST_DATABASE_URL) each test file gets a database of its own instead, see helper.ts.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'medibuddy-test-'));
  const snapshot = path.join(dir, 'snapshot.tar.gz');
  if (!process.env.TEST_DATABASE_URL) {
    const client = new PGlite();
    const database = openDatabase({ pglite: client });
    await database.migrate();
    const blob = await client.dumpDataDir('gzip');
    writeFileSync(snapshot, Buffer.from(await blob.arrayBuffer()));
    await client.close();
  }
  project.provide('pgliteSnapshot', snapshot);
  project.provide('testTmpDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    testTmpDir: string;
  }
}
