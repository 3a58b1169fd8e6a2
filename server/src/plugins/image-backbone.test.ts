import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Tensor } from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { readGoldenPixels } from './image-models';

/**
 * Decision 031: the image models' backbone is InceptionV3 from the npm package nsfwjs, rebuilt in PyTorch by
 * ml/images/backbone.py. Each card keeps the pooled features its training run computed for golden/0.png through the
 * rebuild; here the original network, run by @tensorflow/tfjs from the package's own files, must give the same
 * numbers. A wrong rebuild (a transposed kernel, padding counted in an average) fails this.
 */

const MODELS_DIR = path.resolve(import.meta.dirname, '../../models');
const require = createRequire(import.meta.url);

type Card = {
  input: { size: number };
  architecture: { blocks?: string[]; preprocess?: 'raw' | 'norm' | 'colour' };
  training: { rebuild_check?: { golden: string; pooled_first_16: number[]; pooled_mean: number } };
};

const pretrained = ['chest_ct', 'skin', 'fundus']
  .map((id) => ({ id, card: JSON.parse(readFileSync(path.join(MODELS_DIR, id, 'card.json'), 'utf8')) as Card }))
  .filter((m) => m.card.training.rebuild_check);

async function originalNetwork() {
  const tf = await import('@tensorflow/tfjs');
  // The package's model files, as ml/images/unpack_weights.mjs reads them (its exports do not name them).
  const pkg = path.resolve(import.meta.dirname, '../../../node_modules/nsfwjs/dist/models/inception_v3');
  const model = require(path.join(pkg, 'model.min.js')) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: never[] }[];
  };
  const bytes = Buffer.concat(
    model.weightsManifest.flatMap((g) =>
      g.paths.map((p) => Buffer.from(require(path.join(pkg, `${p}.min.js`)) as string, 'base64')),
    ),
  );
  const net = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: model.modelTopology,
      weightSpecs: model.weightsManifest.flatMap((g) => g.weights),
      weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    }),
  );
  return { tf, net };
}

describe.runIf(pretrained.length > 0)('the pretrained backbone matches the original network (decision 031)', () => {
  it('pooled features of each golden picture agree with the training run to 1e-4', { timeout: 180_000 }, async () => {
    const { tf, net } = await originalNetwork();
    for (const { id, card } of pretrained) {
      const check = card.training.rebuild_check!;
      const size = card.input.size;
      const pixels = await readGoldenPixels(path.join(MODELS_DIR, id, check.golden), size);
      const first = card.architecture.blocks?.[0] ?? 'mixed5';
      const pooled = tf.tidy(() => {
        let x: Tensor = tf.tensor4d(
          Float32Array.from(pixels, (v) => v / 255),
          [1, size, size, 3],
        );
        if (card.architecture.preprocess === 'norm') {
          // As ml/images/features.py standardise(): the picture's own mean and (n - 1) spread to 0.45 +- 0.25.
          const mean = x.mean();
          const n = x.size;
          const std = x
            .sub(mean)
            .square()
            .sum()
            .div(n - 1)
            .sqrt()
            .add(1e-3);
          x = x.sub(mean).div(std).mul(0.25).add(0.45);
        } else if (card.architecture.preprocess === 'colour') {
          // As features.py shades_of_grey(): each channel scaled so the light's Minkowski 6-norm estimate is grey.
          const light = x
            .clipByValue(1e-4, 1e9)
            .pow(6)
            .mean([1, 2], true)
            .pow(1 / 6);
          x = x.mul(light.mean(3, true)).div(light).clipByValue(0, 1);
        }
        const inner = tf.model({ inputs: net.inputs, outputs: net.getLayer(first).output as never });
        return (inner.predict(x) as Tensor).mean([1, 2]).dataSync();
      });
      const got = Array.from(pooled.slice(0, 16));
      got.forEach((v, i) =>
        expect(Math.abs(v - (check.pooled_first_16[i] as number)), `${id} [${i}]`).toBeLessThan(1e-4),
      );
    }
  });
});
