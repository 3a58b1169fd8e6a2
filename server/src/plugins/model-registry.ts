import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import type { ReadinessCheck } from './health';

/**
 * What the tabular models (models.ts) and the image models (image-models.ts) share: each model lives in a folder
 * <modelsDir>/<id>/ with a card.json; it loads once at start, in the background, and is served only after its card
 * has the expected fields and its graph reproduces the card's golden output. A model that is missing or broken
 * leaves the app running: /readyz names it (`models.<id>`, and the group's own check), and get() answers
 * 503 not_ready until it is fixed. Each kind says how to open its graph and check its golden output.
 */

/** Rows answered, runs made (a run may answer several rows), and time spent in runs since the model loaded. */
export type Latency = { rows: number; runs: number; totalMs: number; maxMs: number };

export function newLatency(): Latency {
  return { rows: 0, runs: 0, totalMs: 0, maxMs: 0 };
}

export function recordRun(latency: Latency, rows: number, elapsedMs: number): void {
  latency.rows += rows;
  latency.runs += 1;
  latency.totalMs += elapsedMs;
  if (elapsedMs > latency.maxMs) latency.maxMs = elapsedMs;
}

/** Anything holding native memory that must be given back (an onnxruntime session). */
export type Releasable = { release(): Promise<void> };

export type ModelKind<Id extends string, Card, Model> = {
  /** The parts of card.json the server reads. */
  cardSchema: z.ZodType<Card>;
  /** Checks beyond the schema's (throws an Error whose message names the folder). */
  checkCard?(id: Id, card: Card): void;
  /** Opens the graph the card describes; runs counted into `latency`. */
  open(id: Id, dir: string, card: Card, latency: Latency): Promise<{ model: Model; session: Releasable }>;
  /** Runs the card's golden input(s) through the opened model; throws when the output differs from the card. */
  checkGolden(id: Id, dir: string, model: Model): Promise<void>;
};

/** card.json of one model folder, parsed and checked against the schema; errors name the file and what is wrong. */
export async function readCard<Card>(id: string, dir: string, schema: z.ZodType<Card>): Promise<Card> {
  const cardText = await readFile(path.join(dir, 'card.json'), 'utf8').catch(() => {
    throw new Error(`${id}/card.json is missing or unreadable`);
  });
  let json: unknown;
  try {
    json = JSON.parse(cardText);
  } catch {
    throw new Error(`${id}/card.json is not valid JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => i.path.join('.') || '(root)');
    throw new Error(`${id}/card.json does not have the expected fields (${where.join(', ')})`);
  }
  return parsed.data;
}

/** One folder: card, graph, golden check; the session is released when the check fails. */
export async function loadModelFolder<Id extends string, Card, Model>(
  kind: ModelKind<Id, Card, Model>,
  id: Id,
  dir: string,
  latency: Latency,
): Promise<{ model: Model; session: Releasable }> {
  const card = await readCard(id, dir, kind.cardSchema);
  kind.checkCard?.(id, card);
  const { model, session } = await kind.open(id, dir, card, latency);
  try {
    await kind.checkGolden(id, dir, model);
  } catch (err) {
    await session.release();
    throw err;
  }
  // The check's own run is not a patient's.
  Object.assign(latency, newLatency());
  return { model, session };
}

type Slot<Model> =
  { state: 'loading' } | { state: 'ready'; model: Model; session: Releasable } | { state: 'failed'; reason: string };

export type RegistryOptions<Id extends string, Card, Model> = {
  ids: readonly Id[];
  modelsDir: string;
  kind: ModelKind<Id, Card, Model>;
  log: FastifyBaseLogger;
  /** The readiness check that covers every model of the group ('models', 'image-models'). */
  groupName: string;
  /** How log lines name one ('model', 'image model'). */
  noun: string;
  /** One after another (large graphs would take every core from a starting server), or all at once. */
  isSequential?: boolean;
  /** For the log line of a loaded model. */
  versionOf(model: Model): string;
};

export type Registry<Id extends string, Model> = {
  /** The loaded model, or a 503 not_ready naming `testName` while it loads or when it failed to. */
  get(id: Id, testName: string): Promise<Model>;
  /** The model if it is loaded now, without waiting (for reading a card's figures). */
  peek(id: Id): Model | undefined;
  /** Resolves when every model has loaded or failed. */
  settled: Promise<void>;
  readinessChecks(): ReadinessCheck[];
  latencyOf(id: Id): Latency;
  close(): Promise<void>;
};

export function notReady(testName: string, isLoading: boolean): AppError {
  return new AppError(
    'not_ready',
    isLoading
      ? `The ${testName} model is still starting. Please try again in a few seconds.`
      : `The ${testName} model is not available right now, so this test cannot run. Please try again later.`,
  );
}

/** Starts loading every model of `ids` now, in the background; the registry answers at once. */
export function createRegistry<Id extends string, Card, Model>(
  options: RegistryOptions<Id, Card, Model>,
): Registry<Id, Model> {
  const { ids, modelsDir, kind, log, groupName, noun } = options;
  const slots = new Map<Id, Slot<Model>>();
  const latencies = new Map<Id, Latency>();
  for (const id of ids) {
    slots.set(id, { state: 'loading' });
    latencies.set(id, newLatency());
  }

  const loadOne = async (id: Id) => {
    try {
      const { model, session } = await loadModelFolder(
        kind,
        id,
        path.join(modelsDir, id),
        latencies.get(id) as Latency,
      );
      slots.set(id, { state: 'ready', model, session });
      log.info({ model: id, modelVersion: options.versionOf(model) }, `${noun} loaded`);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      slots.set(id, { state: 'failed', reason });
      log.warn({ model: id, reason }, `${noun} not loaded`);
    }
  };
  const settled = options.isSequential
    ? (async () => {
        for (const id of ids) await loadOne(id);
      })()
    : Promise.all(ids.map(loadOne)).then(() => undefined);

  const checkOne = (id: Id) => () => {
    const slot = slots.get(id);
    if (slot?.state === 'ready') return;
    throw new Error(slot?.state === 'failed' ? slot.reason : `${id} model is loading`);
  };

  return {
    async get(id, testName) {
      let slot = slots.get(id);
      // A request in the first moments after start waits for the load rather than failing.
      if (slot?.state === 'loading') {
        await settled;
        slot = slots.get(id);
      }
      if (slot?.state === 'ready') return slot.model;
      throw notReady(testName, slot?.state === 'loading');
    },
    peek(id) {
      const slot = slots.get(id);
      return slot?.state === 'ready' ? slot.model : undefined;
    },
    settled,
    readinessChecks() {
      return [
        {
          name: groupName,
          check: () => {
            for (const id of ids) checkOne(id)();
          },
        },
        ...ids.map((id) => ({ name: `models.${id}`, check: checkOne(id) })),
      ];
    },
    latencyOf(id) {
      return latencies.get(id) ?? newLatency();
    },
    async close() {
      await settled;
      await Promise.all(
        [...slots.values()].map((slot) => (slot.state === 'ready' ? slot.session.release() : undefined)),
      );
      slots.clear();
    },
  };
}
