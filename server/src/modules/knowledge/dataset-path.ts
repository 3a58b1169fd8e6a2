import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * Where medquad.json is, for the retrieval test and the benchmark: MEDQUAD_JSON, else ML_DATA_DIR/qa/, else
 * qa/ in the shared data sets folder (ML_DATA_DIR's default, see README), as the ML scripts and the medicines
 * import do.
 */
export function medquadPath(env: NodeJS.ProcessEnv = process.env): { file: string; isPresent: boolean } {
  const file = env.MEDQUAD_JSON
    ? path.resolve(env.MEDQUAD_JSON)
    : path.join(
        env.ML_DATA_DIR ? path.resolve(repoRoot, env.ML_DATA_DIR) : path.resolve(repoRoot, '../shared/datasets'),
        'qa',
        'medquad.json',
      );
  return { file, isPresent: existsSync(file) };
}
