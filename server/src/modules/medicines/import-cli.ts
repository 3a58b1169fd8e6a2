// `npm run medicines:import -- <file.csv>`: loads a CSV in the layout of Medicine_Details.csv into the app's
// database. Re-running the same file changes nothing.
import { runImportCommand } from '../../db/import-cli';
import { CsvImportError, importMedicinesCsv } from './csv-import';

const SHOWN_PROBLEMS = 50;

process.exitCode = await runImportCommand({
  usage: 'npm run medicines:import -- <file.csv>',
  unit: 'rows written',
  inputError: CsvImportError,
  run: (db, text, onBatch) => importMedicinesCsv(db, text, { onBatch }),
  report(report) {
    for (const p of report.problems.slice(0, SHOWN_PROBLEMS)) console.log(`  line ${p.line}: ${p.reason} (skipped)`);
    if (report.problems.length > SHOWN_PROBLEMS)
      console.log(`  … and ${report.problems.length - SHOWN_PROBLEMS} more malformed rows`);
    console.log(
      `Done: ${report.total} rows read; ${report.inserted} added, ${report.updated} updated, ${report.unchanged} unchanged; ` +
        `${report.duplicates} repeated rows and ${report.problems.length} malformed rows skipped. ` +
        'Prescription status was inferred from the ingredients: over the counter only for known over-the-counter ingredients, otherwise prescription or unknown (ask a pharmacist).',
    );
  },
});
