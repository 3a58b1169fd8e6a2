import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import {
  HEATMAP_CHECKS_FILE,
  HEATMAP_CHECKS_NOTE,
  HeatmapChecksSchema,
  type HeatmapChecks,
} from '../src/modules/assessments/heatmap-checks';
import { decodeImage, toModelPixels } from '../src/modules/assessments/image-input';
import { createImageModelRegistry, type ImageModelSlot } from '../src/plugins/image-models';
import { imageDatasetsDir } from '../test/image-datasets';

/**
 * `npm run check:heatmaps -w server`: where the served image models' heatmaps fall, on their held-out test pictures.
 *
 * For each picture: the top class's activation map (what the result page shows), its share of weight on the outer
 * ring of map cells (one cell wide, at 128 px a band of 16 px), against the ring's share of the area. In these
 * sets the finding sits inside the picture, away from its edge, while the edge holds the instrument (a
 * dermoscope's dark rim, a fundus camera's black surround, the CT table). A ring share well above its area share
 * means the map, and perhaps the model, leans on the edge rather than the finding. It says nothing about the
 * finding itself: no outlines of lesions exist in these sets. Reads the pictures through the server's own path
 * (sharp decode, resize) from ML_DATA_DIR. --write records each model's figures in
 * src/modules/assessments/heatmap-checks.json; a model whose maps put more than the ring's share of their weight on
 * the ring is served without a heatmap (decision 031).
 */

const MODELS_DIR = path.resolve(import.meta.dirname, '../models');
const REPO = path.resolve(import.meta.dirname, '../..');

function testPictures(model: ImageModelSlot, datasets: string): string[] {
  if (model === 'fundus') {
    const list = readFileSync(path.join(REPO, 'ml/images/splits/fundus_test.txt'), 'utf8');
    return list
      .split('\n')
      .filter(Boolean)
      .map((rel) => path.join(datasets, rel));
  }
  const test = path.join(datasets, model, 'test');
  return readdirSync(test).flatMap((cls) => readdirSync(path.join(test, cls)).map((f) => path.join(test, cls, f)));
}

/** Share of the map's weight on its outer ring of cells, and the ring's share of the cells. */
export function edgeShare(map: Float32Array, size: number): { weight: number; area: number; peakOnEdge: boolean } {
  let total = 0;
  let edge = 0;
  let peak = 0;
  let peakIndex = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const v = map[y * size + x] as number;
      total += v;
      const onEdge = x === 0 || y === 0 || x === size - 1 || y === size - 1;
      if (onEdge) edge += v;
      if (v > peak) [peak, peakIndex] = [v, y * size + x];
    }
  }
  const px = peakIndex % size;
  const py = Math.floor(peakIndex / size);
  return {
    weight: total > 0 ? edge / total : 0,
    area: (4 * size - 4) / (size * size),
    peakOnEdge: px === 0 || py === 0 || px === size - 1 || py === size - 1,
  };
}

async function main() {
  const datasets = imageDatasetsDir();
  if (!datasets.isPresent) throw new Error(`no image datasets at ${datasets.dir} (set ML_DATA_DIR)`);
  const registry = createImageModelRegistry(MODELS_DIR, pino({ level: 'warn' }));
  await registry.settled;
  const checks: HeatmapChecks = { note: HEATMAP_CHECKS_NOTE, models: {} };
  console.log('Heatmap weight on the outer ring of map cells, top class, held-out test pictures');
  console.log(
    'model      version                  pictures  ring area  ring weight (mean)  peak on ring  by true class (ring weight)',
  );
  for (const id of ['fundus', 'chest_ct', 'skin'] as const) {
    const model = await registry.get(id, id);
    const files = testPictures(id, datasets.dir);
    const byClass = new Map<string, number[]>();
    let weight = 0;
    let peaks = 0;
    let area = 0;
    for (const file of files) {
      const image = await decodeImage(readFileSync(file), 'image');
      const { probabilities, cam } = await model.infer(await toModelPixels(image, model.size));
      if (!cam) throw new Error(`${id} has no activation maps`);
      const top = probabilities.indexOf(Math.max(...probabilities));
      const cells = cam.size * cam.size;
      const share = edgeShare(cam.data.subarray(top * cells, (top + 1) * cells), cam.size);
      weight += share.weight;
      peaks += share.peakOnEdge ? 1 : 0;
      area = share.area;
      const cls = path.basename(path.dirname(file));
      byClass.set(cls, [...(byClass.get(cls) ?? []), share.weight]);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ringWeight = Math.round((weight / files.length) * 1000) / 1000;
    const ringArea = Math.round(area * 1000) / 1000;
    checks.models[id] = { version: model.card.version, ringWeight, ringArea, shown: ringWeight < ringArea };
    const classes = [...byClass].map(([cls, xs]) => `${cls} ${mean(xs).toFixed(2)}`).join(', ');
    console.log(
      `${id.padEnd(10)} ${model.card.version.padEnd(24)} ${String(files.length).padStart(8)}  ${area.toFixed(3).padStart(9)}  ` +
        `${(weight / files.length).toFixed(3).padStart(18)}  ${((100 * peaks) / files.length).toFixed(1).padStart(11)} %  ${classes}`,
    );
  }
  await registry.close();
  if (process.argv.includes('--write')) {
    writeFileSync(HEATMAP_CHECKS_FILE, `${JSON.stringify(HeatmapChecksSchema.parse(checks), null, 2)}\n`);
    console.log(`written: ${HEATMAP_CHECKS_FILE}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
