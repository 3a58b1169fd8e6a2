// Unpacks a pretrained network from the npm package nsfwjs (a dev dependency; MIT) into ml/.cache/pretrained/<name>/:
// model.json (the Keras layer list and the weights manifest) and weights.bin (the shards' bytes joined in manifest
// order). Each shard file exports one base64 string; each weight is stored as uint8 with w = q * scale + min.
//
//   node ml/images/unpack_weights.mjs [inception_v3]
//   node ml/images/unpack_weights.mjs inception_v3 --reference OUT.json IMAGE.json
//     runs the original network in @tensorflow/tfjs on the pictures in IMAGE.json ({"size": S, "images": [[...S*S*3
//     floats 0..1, HWC]]}) and writes, per picture, the global average of the layer named in IMAGE.json's "layer" and
//     the network's own output: what ml/images/test_backbone.py compares the PyTorch rebuild with.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const name = process.argv[2] ?? 'inception_v3';
const pkg = join(repo, 'node_modules', 'nsfwjs', 'dist', 'models', name);

function unpack() {
  const model = require(join(pkg, 'model.min.js'));
  const bytes = model.weightsManifest.flatMap((group) =>
    group.paths.map((p) => Buffer.from(require(join(pkg, `${p}.min.js`)), 'base64')),
  );
  return { model, weights: Buffer.concat(bytes) };
}

async function reference(model, weights, outFile, inFile) {
  const tf = await import('@tensorflow/tfjs');
  const input = JSON.parse(readFileSync(inFile, 'utf8'));
  const artifacts = {
    modelTopology: model.modelTopology,
    weightSpecs: model.weightsManifest.flatMap((g) => g.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
  const net = await tf.loadLayersModel(tf.io.fromMemory(artifacts));
  const inner = tf.model({ inputs: net.inputs, outputs: [net.getLayer(input.layer).output, net.outputs[0]] });
  const out = [];
  for (const pixels of input.images) {
    const x = tf.tensor4d(pixels, [1, input.size, input.size, 3]);
    const [features, top] = inner.predict(x);
    out.push({ pooled: Array.from(features.mean([1, 2]).dataSync()), output: Array.from(top.dataSync()) });
    tf.dispose([x, features, top]);
  }
  writeFileSync(outFile, JSON.stringify(out));
}

const { model, weights } = unpack();
const refAt = process.argv.indexOf('--reference');
if (refAt > 0) {
  await reference(model, weights, process.argv[refAt + 1], process.argv[refAt + 2]);
} else {
  const out = join(repo, 'ml', '.cache', 'pretrained', name);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'model.json'), JSON.stringify(model));
  writeFileSync(join(out, 'weights.bin'), weights);
  console.log(`${name}: ${weights.length} weight bytes -> ${out}`);
}
