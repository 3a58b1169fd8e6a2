import { existsSync } from 'node:fs';
import path from 'node:path';
import { datasetsDir } from '../src/lib/datasets';

/**
 * The image datasets folder (never in the repository): ML_DATA_DIR/images, else images/ in the shared data sets
 * folder (ML_DATA_DIR's default, see README), as ml/images/data.py reads it. Tests that need real pictures skip, with
 * the reason, when it is absent.
 */
export function imageDatasetsDir(env: NodeJS.ProcessEnv = process.env): { dir: string; isPresent: boolean } {
  const dir = path.join(datasetsDir(env), 'images');
  return { dir, isPresent: existsSync(dir) };
}

/** A card's golden.source ('fundus/cataract/103_left.jpg', or the gate's 'fundus:fundus/…') as a file path. */
export function datasetImagePath(dir: string, source: string): string {
  return path.join(dir, source.replace(/^[a-z_]+:/, ''));
}
