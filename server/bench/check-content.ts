/**
 * `npm run check:content -w server`: reads and checks every file of medical content (server/src/content/ and
 * contracts/src/content/, the list in src/content-check.ts) exactly as the server does when it starts, and exits 1
 * naming each broken file, entry and field. Prints what each file holds when all hold.
 */
import path from 'node:path';
import process from 'node:process';
import { runContentChecks } from '../src/content-check';

const results = await runContentChecks();
for (const r of results) {
  const names = r.files.map((f) => path.basename(f)).join(', ');
  if ('error' in r) console.log(`FAIL ${r.error.message}`);
  else console.log(`ok   ${names}: ${r.summary}`);
}
if (results.some((r) => 'error' in r)) process.exit(1);
