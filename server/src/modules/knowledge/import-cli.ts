// `npm run knowledge:import -- <medquad.json>`: loads MedQuAD (qa/medquad.json in the shared data sets folder, see
// README; CC BY 4.0) into the chat assistant's knowledge in the app's database. Re-running the same file changes
// nothing.
import { runImportCommand } from '../../db/import-cli';
import { importMedquad, MEDQUAD_CREDIT, MedquadImportError } from './medquad';

const SHOWN_PROBLEMS = 20;

process.exitCode = await runImportCommand({
  usage: 'npm run knowledge:import -- <medquad.json>',
  unit: 'passages',
  inputError: MedquadImportError,
  run: (db, text, onBatch) => importMedquad(db, text, { onBatch }),
  report(report, seconds) {
    for (const p of report.skipped.slice(0, SHOWN_PROBLEMS)) console.log(`  item ${p.index}: ${p.reason} (skipped)`);
    if (report.skipped.length > SHOWN_PROBLEMS)
      console.log(`  … and ${report.skipped.length - SHOWN_PROBLEMS} more malformed items`);
    console.log(
      `Done in ${seconds.toFixed(1)} s: ${report.total} items read, ${report.written} passages written ` +
        `(unchanged ones are not rewritten), ${report.skipped.length} malformed items skipped.\nAnswers from these passages credit: ${MEDQUAD_CREDIT}.`,
    );
  },
});
