import { datasetFile } from '../../lib/datasets';

/**
 * Where medquad.json is, for the retrieval test and the benchmark: MEDQUAD_JSON, else qa/ in the shared data sets
 * folder, as the ML scripts and the medicines import do.
 */
export function medquadPath(env: NodeJS.ProcessEnv = process.env): { file: string; isPresent: boolean } {
  return datasetFile(env.MEDQUAD_JSON, env, 'qa', 'medquad.json');
}
