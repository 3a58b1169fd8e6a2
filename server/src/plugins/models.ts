import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLINICAL_FORMS,
  RISK_MODEL_SLUGS,
  getTest,
  type ClinicalField,
  type RiskModelSlug,
} from '@medibuddy/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import ort from 'onnxruntime-node';
import { z } from 'zod';
import type { ReadinessCheck } from './health';
import { createRegistry, recordRun, type Latency, type ModelKind } from './model-registry';

/**
 * The four tabular models (heart, diabetes, cardio, liver), trained by ml/ and written to
 * <modelsDir>/<test>/{model.onnx,card.json}. Each loads once at start through the shared registry
 * (model-registry.ts); a model that is missing or broken leaves the app running: /readyz names it, and its
 * test answers 503 not_ready until it is fixed.
 *
 * The graph takes the raw form values (float32 [N, F] in the card's order, NaN for 'not measured') and does
 * its own encoding, so the server's feature code is only `buildFeatures`: order, and null -> NaN.
 *
 * This file is the model adapter: the cards name features by their training data's columns ('chest_pain_type',
 * 'Total_Protiens'), the rest of the server by the forms' camelCase keys (decision 034). `cardInFormKeys` maps a
 * card to the form keys once, at load, by each field's `modelColumn`; a loaded model's card and `infer` speak form
 * keys only.
 */

const MetricSchema = z.object({ mean: z.number(), ci95: z.tuple([z.number(), z.number()]) });

/** The parts of card.json the server reads; anything else in the card is for people and ml/. */
export const ModelCardSchema = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  dataset: z.object({ name: z.string(), rows: z.object({ kept: z.number().int() }) }),
  features: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      unit: z.string().nullable(),
      type: z.enum(['integer', 'decimal', 'code']),
      min: z.number(),
      max: z.number(),
      codes: z.array(z.object({ code: z.number(), label: z.string() })).nullable(),
      missing: z.object({ sent_as: z.string(), imputed_with: z.number() }).nullable(),
      /** The first column is the value itself (or log1p of it): its training mean is the average patient's value. */
      design_columns: z.array(z.object({ column: z.string(), train_mean: z.number() })).optional(),
    }),
  ),
  threshold: z.object({
    value: z.number(),
    rationale: z.string(),
    flag_when: z.literal('probability >= value'),
    other_operating_points: z.array(
      z.object({ rule: z.object({ rule: z.string() }), value_on_all_rows: z.number().optional() }),
    ),
  }),
  evaluation: z.object({
    metrics: z.object({
      roc_auc: MetricSchema,
      accuracy: MetricSchema,
      sensitivity: MetricSchema,
      specificity: MetricSchema,
    }),
  }),
  onnx: z.object({
    file: z.string(),
    input: z.object({ name: z.string(), order: z.array(z.string()) }),
    bias: z.number(),
  }),
  golden: z.array(
    z.object({
      input: z.record(z.string(), z.number().nullable()),
      probability: z.number(),
      logit: z.number(),
      contributions: z.record(z.string(), z.number()),
    }),
  ),
});
export type ModelCard = z.infer<typeof ModelCardSchema>;

/**
 * The card with its feature names mapped from the model's columns to the form's keys (the fields' `modelColumn`):
 * features, input order and golden records. A column no field of the form names fails the load.
 */
export function cardInFormKeys(slug: RiskModelSlug, card: ModelCard): ModelCard {
  const keyOf = new Map(
    (CLINICAL_FORMS[slug] as readonly ClinicalField[]).flatMap((f) => (f.modelColumn ? [[f.modelColumn, f.key]] : [])),
  );
  const key = (column: string) => {
    const found = keyOf.get(column);
    if (found === undefined) throw new Error(`${slug}/card.json: no field of the form has modelColumn '${column}'`);
    return found;
  };
  const rekeyed = <V>(record: Readonly<Record<string, V>>) =>
    Object.fromEntries(Object.entries(record).map(([column, value]) => [key(column), value]));
  return {
    ...card,
    features: card.features.map((feature) => ({ ...feature, key: key(feature.key) })),
    onnx: { ...card.onnx, input: { ...card.onnx.input, order: card.onnx.input.order.map(key) } },
    golden: card.golden.map((g) => ({ ...g, input: rekeyed(g.input), contributions: rekeyed(g.contributions) })),
  };
}

/** Form values by form key; null or absent = not measured. */
export type FeatureValues = Readonly<Record<string, number | null | undefined>>;

/** The model's input row: the values in the card's order, NaN where not measured (the graph imputes). */
export function buildFeatures(order: readonly string[], values: FeatureValues, into?: Float32Array): Float32Array {
  const row = into ?? new Float32Array(order.length);
  for (let i = 0; i < order.length; i += 1) {
    const value = values[order[i] as string];
    row[i] = value === null || value === undefined ? Number.NaN : value;
  }
  return row;
}

export type Inference = {
  probability: number;
  logit: number;
  /** Log-odds per feature, in the card's order. */
  contributions: Float32Array;
};

export type LoadedModel = {
  slug: RiskModelSlug;
  /** The card in form keys (cardInFormKeys). */
  card: ModelCard;
  /** Values by form key. */
  infer(values: FeatureValues): Promise<Inference>;
};

/** The most rows in one run; more waiting requests take further runs. */
const MAX_BATCH_ROWS = 64;

const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  // A logistic model answers in well under a millisecond; threads would only contend with the event loop,
  // and arenas only pay off for large tensors (measured: about 15% less time per run without them).
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  enableCpuMemArena: false,
  enableMemPattern: false,
};

/** The card's first golden record must come out of the graph as written down, or the pair is not served. */
const LOAD_CHECK_TOLERANCE = 1e-5;

async function openModel(
  slug: RiskModelSlug,
  dir: string,
  columnCard: ModelCard,
  latency: Latency,
): Promise<{ model: LoadedModel; session: ort.InferenceSession }> {
  const card = cardInFormKeys(slug, columnCard);
  const modelBytes = await readFile(path.join(dir, card.onnx.file)).catch(() => {
    throw new Error(`${slug}/${card.onnx.file} is missing or unreadable`);
  });
  const session = await ort.InferenceSession.create(modelBytes, SESSION_OPTIONS);
  const order = card.onnx.input.order;
  const width = order.length;
  const inputName = card.onnx.input.name;

  /*
   * Micro-batching. onnxruntime-node runs a session synchronously on the event loop (behind a setImmediate),
   * and a run costs about 55 µs whether it holds 1 row or 32. So the requests that reach infer() in the same
   * turn of the event loop share one run of N rows. A lone request waits no longer than it would have anyway.
   */
  type Pending = { values: FeatureValues; resolve: (inference: Inference) => void; reject: (err: unknown) => void };
  let queue: Pending[] = [];
  let isScheduled = false;
  // Input buffers are reused: one belongs to one run until that run resolves; overlapping runs take different ones.
  const free: Float32Array[] = [];

  const runBatch = async (batch: Pending[]) => {
    const rows = batch.length;
    const size = rows * width;
    let input = free.pop();
    if (!input || input.length < size) input = new Float32Array(Math.max(size, MAX_BATCH_ROWS * width));
    for (let i = 0; i < rows; i += 1)
      buildFeatures(order, (batch[i] as Pending).values, input.subarray(i * width, (i + 1) * width));
    const started = performance.now();
    try {
      const out = await session.run({ [inputName]: new ort.Tensor('float32', input.subarray(0, size), [rows, width]) });
      recordRun(latency, rows, performance.now() - started);
      const probability = out.probability?.data as Float32Array;
      const logit = out.logit?.data as Float32Array;
      const contributions = out.contributions?.data as Float32Array;
      for (let i = 0; i < rows; i += 1) {
        (batch[i] as Pending).resolve({
          probability: probability[i] as number,
          logit: logit[i] as number,
          contributions: contributions.subarray(i * width, (i + 1) * width),
        });
      }
    } catch (err) {
      for (const pending of batch) pending.reject(err);
    } finally {
      free.push(input);
    }
  };

  const flush = () => {
    isScheduled = false;
    const waiting = queue;
    queue = [];
    for (let i = 0; i < waiting.length; i += MAX_BATCH_ROWS) void runBatch(waiting.slice(i, i + MAX_BATCH_ROWS));
  };

  const infer = (values: FeatureValues): Promise<Inference> =>
    new Promise((resolve, reject) => {
      queue.push({ values, resolve, reject });
      if (!isScheduled) {
        isScheduled = true;
        setImmediate(flush);
      }
    });

  return { model: { slug, card, infer }, session };
}

/** How a tabular model folder is opened and checked (the registry does the rest: model-registry.ts). */
const TABULAR_MODELS: ModelKind<RiskModelSlug, ModelCard, LoadedModel> = {
  cardSchema: ModelCardSchema,
  open: openModel,
  async checkGolden(slug, _dir, model) {
    const golden = model.card.golden[0];
    if (!golden) return;
    const check = await model.infer(golden.input);
    if (Math.abs(check.probability - golden.probability) > LOAD_CHECK_TOLERANCE) {
      throw new Error(`${slug}/model.onnx does not reproduce its card (golden record 1)`);
    }
  },
};

export type ModelRegistry = {
  /** The loaded model, or a 503 not_ready naming the test while it loads or when it failed to. */
  get(slug: RiskModelSlug): Promise<LoadedModel>;
  /** The model if it is loaded now, without waiting (for reading a card's metrics). */
  peek(slug: RiskModelSlug): LoadedModel | undefined;
  /** Resolves when every model has loaded or failed. */
  settled: Promise<void>;
  readinessChecks(): ReadinessCheck[];
  /** Per model since start: rows answered, runs made, mean and worst time of a run in milliseconds. */
  latency(): Record<RiskModelSlug, { rows: number; runs: number; meanMs: number; maxMs: number }>;
  close(): Promise<void>;
};

export function createModelRegistry(modelsDir: string, log: FastifyBaseLogger): ModelRegistry {
  const registry = createRegistry({
    ids: RISK_MODEL_SLUGS,
    modelsDir,
    kind: TABULAR_MODELS,
    log,
    groupName: 'models',
    noun: 'model',
    versionOf: (model) => model.card.version,
  });
  return {
    get: (slug) => registry.get(slug, getTest(slug).name),
    peek: registry.peek,
    settled: registry.settled,
    readinessChecks: registry.readinessChecks,
    latency() {
      return Object.fromEntries(
        RISK_MODEL_SLUGS.map((slug) => {
          const l = registry.latencyOf(slug);
          return [slug, { rows: l.rows, runs: l.runs, meanMs: l.runs ? l.totalMs / l.runs : 0, maxMs: l.maxMs }];
        }),
      ) as Record<RiskModelSlug, { rows: number; runs: number; meanMs: number; maxMs: number }>;
    },
    close: registry.close,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    models: ModelRegistry;
  }
}

/** Starts loading the models (the app does not wait), decorates app.models and adds their readiness checks. */
export function registerModels(app: FastifyInstance, modelsDir: string, readiness: ReadinessCheck[]): ModelRegistry {
  const models = createModelRegistry(modelsDir, app.log);
  app.decorate('models', models);
  readiness.push(...models.readinessChecks());
  app.addHook('onClose', () => models.close());
  return models;
}
