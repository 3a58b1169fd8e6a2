import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The shared data sets folder (never in the repository): ML_DATA_DIR, relative to the repository root, else its
 * default ../shared/datasets (see README), as the ML scripts read it.
 */
export function datasetsDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.ML_DATA_DIR ? path.resolve(repoRoot, env.ML_DATA_DIR) : path.resolve(repoRoot, '../shared/datasets');
}

/** A data set's file: `override` (an environment variable naming the file) when set, else `parts` in datasetsDir. */
export function datasetFile(
  override: string | undefined,
  env: NodeJS.ProcessEnv,
  ...parts: string[]
): { file: string; isPresent: boolean } {
  const file = override ? path.resolve(override) : path.join(datasetsDir(env), ...parts);
  return { file, isPresent: existsSync(file) };
}
