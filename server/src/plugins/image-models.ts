import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { IMAGE_GATE_ID, IMAGE_MODEL_IDS } from '@medibuddy/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { z } from 'zod';
import type { ReadinessCheck } from './health';
import { createRegistry, recordRun, type Latency, type ModelKind } from './model-registry';

/**
 * The image models: fundus (Cataract and Diabetic Retinopathy tests), chest_ct (CT Scan), skin (Skin Disease)
 * and image_gate (which kind of picture is this?). ml/images/ writes each to <modelsDir>/<id>/ as model.onnx,
 * card.json, CARD.md and golden/*.png, following docs/image-models.md:
 *
 * - input `image`: float32 [N, 3, S, S], RGB, pixel / 255, S = card.input.size; normalisation is in the graph;
 * - outputs `probabilities` [N, C] (softmax, card class order) and, except for the gate, `cam` [N, C, h, w]
 *   (class-activation maps, ReLU'd and scaled to 0-1);
 * - golden PNGs are already S x S: decoding one with no resize reproduces the training run's input exactly, so
 *   the load check compares the graph's probabilities with card.golden[0] within 1e-4.
 *
 * As with the tabular models, each loads once at start in the background through the shared registry
 * (model-registry.ts); one that is missing or broken leaves the app running: /readyz names it (models.<id>), and
 * the tests that need it answer 503 not_ready.
 */

export const IMAGE_MODEL_SLOTS = [...IMAGE_MODEL_IDS, IMAGE_GATE_ID] as const;
export type ImageModelSlot = (typeof IMAGE_MODEL_SLOTS)[number];

const Probability = z.number().min(0).max(1);
const MaybeRate = z.number().nullable().optional();

/** The parts of card.json the server reads; anything else in the card is for people and ml/. */
export const ImageModelCardSchema = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  kind: z.literal('image'),
  classes: z.array(z.object({ key: z.string().regex(/^[a-z][a-z0-9_]*$/), label: z.string() })).min(2),
  input: z.object({ name: z.string(), size: z.number().int().min(8).max(1024) }),
  outputs: z.object({
    probabilities: z.string(),
    cam: z.string().nullable(),
    cam_size: z.number().int().min(1).max(64).nullable().optional(),
  }),
  evaluation: z.object({
    accuracy: z.number(),
    balanced_accuracy: z.number(),
    per_class: z
      .record(z.string(), z.object({ sensitivity: MaybeRate, specificity: MaybeRate, roc_auc: MaybeRate }))
      .optional(),
    test_set: z.string().optional(),
    n_test: z.number().int().optional(),
    /** Rows are the true classes, columns the predicted ones, both in `labels` order. */
    confusion_matrix: z
      .object({ labels: z.array(z.string()), rows: z.array(z.array(z.number().int().min(0))) })
      .optional(),
  }),
  golden: z.array(z.object({ file: z.string(), source: z.string().optional(), probabilities: z.array(Probability) })),
  gate: z
    .object({
      accept_threshold: Probability,
      min_mean_luminance: Probability,
      min_std: Probability,
    })
    .optional(),
});
export type ImageModelCard = z.infer<typeof ImageModelCardSchema>;

/** One picture's answer: probabilities in card order and, where the model has them, its class-activation maps. */
export type ImageInference = {
  probabilities: Float32Array;
  /** [C, h, w] row by row, or null for the gate. */
  cam: { data: Float32Array; size: number } | null;
};

export type LoadedImageModel = {
  id: ImageModelSlot;
  card: ImageModelCard;
  /** Side of the square input the graph takes. */
  size: number;
  /** `pixels`: S*S*3 bytes, RGB interleaved (what sharp's raw() gives), already S x S. */
  infer(pixels: Uint8Array): Promise<ImageInference>;
};

/** RGB bytes, interleaved HWC as sharp writes them, into the graph's float32 CHW 0-1 input. */
export function toChwTensor(pixels: Uint8Array, size: number, into?: Float32Array): Float32Array {
  const plane = size * size;
  if (pixels.length !== plane * 3) throw new Error(`expected ${plane * 3} RGB bytes, got ${pixels.length}`);
  const out = into ?? new Float32Array(plane * 3);
  for (let i = 0, p = 0; i < plane; i += 1, p += 3) {
    out[i] = (pixels[p] as number) / 255;
    out[plane + i] = (pixels[p + 1] as number) / 255;
    out[2 * plane + i] = (pixels[p + 2] as number) / 255;
  }
  return out;
}

/**
 * A golden PNG as the graph's input bytes: decoded with no resize (it is already S x S), alpha flattened onto
 * black and converted to sRGB exactly as an upload is, so it reproduces the training run's tensor.
 */
export async function readGoldenPixels(file: string, size: number): Promise<Uint8Array> {
  const { data, info } = await sharp(file)
    .flatten({ background: '#000000' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== size || info.height !== size || info.channels !== 3) {
    throw new Error(`${path.basename(file)} is ${info.width}x${info.height}x${info.channels}, not ${size}x${size}x3`);
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * A small CNN at 128 px costs a few milliseconds a run. Two intra-op threads cut one request's latency
 * (convolutions split well), but onnxruntime's threads spin while waiting for work by default, and on a busy
 * machine spinning threads steal the cores they wait for. Measured on the 2-core machine under load (fundus,
 * 128 px, p50 / p90 per run): 1 thread 2.4-6.4 / 8.7-13 ms; 2 spinning threads 10-14 / 18-31 ms; 2 threads
 * without spinning 2.2-2.5 / 2.4-5.3 ms. So: 2 threads (1 on a 1-core machine), no spinning;
 * IMAGE_MODEL_THREADS overrides the count. Arenas and memory patterns pay off here (fixed-shape tensors of a
 * few hundred kB), unlike for the tiny tabular models.
 */
export function imageSessionOptions(threads = defaultThreads()): ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: true,
    enableMemPattern: true,
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}

function defaultThreads(): number {
  const fromEnv = Number(process.env.IMAGE_MODEL_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** Golden records through the graph must match the card within this. */
export const IMAGE_LOAD_CHECK_TOLERANCE = 1e-4;

async function openImageModel(
  id: ImageModelSlot,
  dir: string,
  card: ImageModelCard,
  latency: Latency,
): Promise<{ model: LoadedImageModel; session: ort.InferenceSession }> {
  const modelBytes = await readFile(path.join(dir, 'model.onnx')).catch(() => {
    throw new Error(`${id}/model.onnx is missing or unreadable`);
  });
  const session = await ort.InferenceSession.create(modelBytes, imageSessionOptions());
  const size = card.input.size;
  const classCount = card.classes.length;
  const inputName = card.input.name;
  const probabilitiesName = card.outputs.probabilities;
  const camName = card.outputs.cam;

  const infer = async (pixels: Uint8Array): Promise<ImageInference> => {
    const input = new ort.Tensor('float32', toChwTensor(pixels, size), [1, 3, size, size]);
    const started = performance.now();
    const out = await session.run({ [inputName]: input });
    recordRun(latency, 1, performance.now() - started);
    const probabilities = out[probabilitiesName]?.data as Float32Array | undefined;
    if (!probabilities || probabilities.length !== classCount) {
      throw new Error(`${id}: output ${probabilitiesName} does not hold ${classCount} probabilities`);
    }
    let cam: ImageInference['cam'] = null;
    if (camName) {
      const tensor = out[camName];
      const dims = tensor?.dims ?? [];
      const side = Number(dims[3]);
      if (!tensor || dims.length !== 4 || Number(dims[1]) !== classCount || Number(dims[2]) !== side) {
        throw new Error(`${id}: output ${camName} is not [1, ${classCount}, h, h]`);
      }
      cam = { data: tensor.data as Float32Array, size: side };
    }
    return { probabilities, cam };
  };

  return { model: { id, card, size, infer }, session };
}

/** How an image model folder is opened and checked (the registry does the rest: model-registry.ts). */
const IMAGE_MODELS: ModelKind<ImageModelSlot, ImageModelCard, LoadedImageModel> = {
  cardSchema: ImageModelCardSchema,
  checkCard(id, card) {
    if (id === IMAGE_GATE_ID && !card.gate) throw new Error(`${id}/card.json has no gate thresholds`);
    if (id !== IMAGE_GATE_ID && !card.outputs.cam) throw new Error(`${id}/card.json names no cam output`);
  },
  open: openImageModel,
  async checkGolden(id, dir, model) {
    const golden = model.card.golden[0];
    if (!golden) throw new Error(`${id}/card.json lists no golden image`);
    const classCount = model.card.classes.length;
    try {
      const check = await model.infer(await readGoldenPixels(path.join(dir, golden.file), model.size));
      const isSame =
        golden.probabilities.length === classCount &&
        golden.probabilities.every(
          (p, i) => Math.abs((check.probabilities[i] as number) - p) <= IMAGE_LOAD_CHECK_TOLERANCE,
        );
      if (!isSame) throw new Error(`${id}/model.onnx does not reproduce its card (golden image 1)`);
    } catch (err) {
      throw err instanceof Error && err.message.startsWith(id)
        ? err
        : new Error(`${id}: golden image 1 could not be checked`);
    }
  },
};

export type ImageModelRegistry = {
  /** The loaded model, or a 503 not_ready naming the test (`testName`) while it loads or when it failed to. */
  get(id: ImageModelSlot, testName: string): Promise<LoadedImageModel>;
  /** The model if it is loaded now, without waiting (for reading a card's metrics). */
  peek(id: ImageModelSlot): LoadedImageModel | undefined;
  settled: Promise<void>;
  readinessChecks(): ReadinessCheck[];
  latency(): Record<ImageModelSlot, { runs: number; meanMs: number; maxMs: number }>;
  close(): Promise<void>;
};

export function createImageModelRegistry(modelsDir: string, log: FastifyBaseLogger): ImageModelRegistry {
  const registry = createRegistry({
    ids: IMAGE_MODEL_SLOTS,
    modelsDir,
    kind: IMAGE_MODELS,
    log,
    groupName: 'image-models',
    noun: 'image model',
    // One after another: four sessions created at once would take both cores from a starting server.
    isSequential: true,
    versionOf: (model) => model.card.version,
  });
  return {
    get: registry.get,
    peek: registry.peek,
    settled: registry.settled,
    readinessChecks: registry.readinessChecks,
    latency() {
      return Object.fromEntries(
        IMAGE_MODEL_SLOTS.map((id) => {
          const l = registry.latencyOf(id);
          return [id, { runs: l.runs, meanMs: l.runs ? l.totalMs / l.runs : 0, maxMs: l.maxMs }];
        }),
      ) as Record<ImageModelSlot, { runs: number; meanMs: number; maxMs: number }>;
    },
    close: registry.close,
  };
}

/** The golden PNG files in a model folder (for tests that check every one, not just the first). */
export async function goldenFilesOf(dir: string): Promise<string[]> {
  return (await readdir(path.join(dir, 'golden')).catch(() => [] as string[])).filter((f) => f.endsWith('.png')).sort();
}

declare module 'fastify' {
  interface FastifyInstance {
    imageModels: ImageModelRegistry;
  }
}

/** Starts loading the image models (the app does not wait), decorates app.imageModels, adds readiness checks. */
export function registerImageModels(
  app: FastifyInstance,
  modelsDir: string,
  readiness: ReadinessCheck[],
): ImageModelRegistry {
  const imageModels = createImageModelRegistry(modelsDir, app.log);
  app.decorate('imageModels', imageModels);
  readiness.push(...imageModels.readinessChecks());
  app.addHook('onClose', () => imageModels.close());
  return imageModels;
}
