import { datasetFile } from '../../lib/datasets';

/**
 * Where the full Medicine_Details.csv is, for the precision test and the benchmark: MEDICINES_CSV, else medicines/
 * in the shared data sets folder, as the ML scripts do.
 */
export function medicinesCsvPath(env: NodeJS.ProcessEnv = process.env): { file: string; isPresent: boolean } {
  return datasetFile(env.MEDICINES_CSV, env, 'medicines', 'Medicine_Details.csv');
}
