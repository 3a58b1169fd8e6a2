import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { IMAGE_GATE_ID, type ImageModelId } from '@medibuddy/contracts';
import { decodeImage, toModelPixels } from '../src/modules/assessments/image-input';
import { createImageModelRegistry, type ImageModelRegistry } from '../src/plugins/image-models';
import { imageDatasetsDir } from '../test/image-datasets';
import { partsOf, type Item } from './image-splits';

/**
 * The served image models' probabilities on their validation and test pictures, through the server's own decode and
 * resize, cached in ml/.cache/image-scores/ (ignored by git) under the model's version, so the triage and gate
 * scripts can re-read them without running the networks again. A new model version scores afresh.
 */

export const MODELS_DIR = path.resolve(import.meta.dirname, '../models');
const CACHE_DIR = path.resolve(import.meta.dirname, '../../ml/.cache/image-scores');

export type Scored = Item & { split: 'val' | 'test'; probabilities: number[]; gate: number[] };
export type ModelScores = {
  model: ImageModelId;
  version: string;
  gateVersion: string;
  classes: string[];
  items: Scored[];
};

export function openRegistry(): ImageModelRegistry {
  return createImageModelRegistry(MODELS_DIR, pino({ level: 'warn' }));
}

export async function scoresOf(model: ImageModelId, registry: ImageModelRegistry): Promise<ModelScores> {
  const datasets = imageDatasetsDir();
  if (!datasets.isPresent) throw new Error(`no image datasets at ${datasets.dir} (set ML_DATA_DIR)`);
  const net = await registry.get(model, model);
  const gate = await registry.get(IMAGE_GATE_ID, model);
  const cacheFile = path.join(CACHE_DIR, `${net.card.version}--${gate.card.version}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as ModelScores;
  const parts = await partsOf(model, datasets.dir);
  const items: Scored[] = [];
  for (const split of ['val', 'test'] as const) {
    for (const item of parts[split]) {
      const image = await decodeImage(readFileSync(item.file), 'image');
      const out = await net.infer(await toModelPixels(image, net.size));
      const gateOut = await gate.infer(await toModelPixels(image, gate.size));
      items.push({
        ...item,
        split,
        probabilities: Array.from(out.probabilities),
        gate: Array.from(gateOut.probabilities),
      });
    }
  }
  const scores: ModelScores = {
    model,
    version: net.card.version,
    gateVersion: gate.card.version,
    classes: net.card.classes.map((c) => c.key),
    items,
  };
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(scores));
  return scores;
}
