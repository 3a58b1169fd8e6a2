import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * Where the full Medicine_Details.csv is, for the precision test and the benchmark: MEDICINES_CSV, else
 * ML_DATA_DIR/medicines/, else medicines/ in the shared data sets folder (ML_DATA_DIR's default, see README), as
 * the ML scripts do.
 */
export function medicinesCsvPath(env: NodeJS.ProcessEnv = process.env): { file: string; isPresent: boolean } {
  const file = env.MEDICINES_CSV
    ? path.resolve(env.MEDICINES_CSV)
    : path.join(
        env.ML_DATA_DIR ? path.resolve(repoRoot, env.ML_DATA_DIR) : path.resolve(repoRoot, '../shared/datasets'),
        'medicines',
        'Medicine_Details.csv',
      );
  return { file, isPresent: existsSync(file) };
}
