import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry, recordRun, type Latency, type ModelKind } from './model-registry';

/**
 * The registry on its own, with a tiny made-up kind of model (a card holding a number; the "graph" doubles it),
 * so each rule is seen without onnxruntime: folders load in the background, the card and the golden output are
 * checked, readiness is per model, and get() answers 503 not_ready while a model is missing.
 */

const CardSchema = z.object({
  version: z.string(),
  factor: z.number(),
  golden: z.object({ input: z.number(), output: z.number() }),
});
type Card = z.infer<typeof CardSchema>;
type Model = { card: Card; run(x: number): number };

let dir: string;
const released: string[] = [];
/** Lets a test hold a model's opening until it says so. */
const gates = new Map<string, Promise<void>>();

const DOUBLER: ModelKind<string, Card, Model> = {
  cardSchema: CardSchema,
  checkCard(id, card) {
    if (card.factor <= 0) throw new Error(`${id}/card.json has a factor below 1`);
  },
  async open(id, _dir, card, latency: Latency) {
    await gates.get(id);
    const model = {
      card,
      run(x: number) {
        recordRun(latency, 1, 1);
        return x * card.factor;
      },
    };
    return { model, session: { release: async () => void released.push(id) } };
  },
  async checkGolden(id, _dir, model) {
    if (model.run(model.card.golden.input) !== model.card.golden.output)
      throw new Error(`${id} does not reproduce its card`);
  },
};

function writeCard(id: string, card: unknown) {
  mkdirSync(path.join(dir, id), { recursive: true });
  writeFileSync(path.join(dir, id, 'card.json'), typeof card === 'string' ? card : JSON.stringify(card));
}

const registryOf = (ids: string[], isSequential = false) =>
  createRegistry({
    ids,
    modelsDir: dir,
    kind: DOUBLER,
    log: pino({ level: 'silent' }),
    groupName: 'doublers',
    noun: 'doubler',
    isSequential,
    versionOf: (m) => m.card.version,
  });

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'model-registry-'));
  writeCard('good', { version: 'good-1', factor: 2, golden: { input: 3, output: 6 } });
  writeCard('drifted', { version: 'drifted-1', factor: 2, golden: { input: 3, output: 7 } });
  writeCard('not-json', '{ "version": ');
  writeCard('no-factor', { version: 'x', golden: { input: 1, output: 2 } });
  writeCard('zero', { version: 'zero-1', factor: 0, golden: { input: 1, output: 0 } });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the generic model registry', () => {
  it("serves a model whose card and golden output check out, and counts only patients' runs", async () => {
    const models = registryOf(['good']);
    const model = await models.get('good', 'Good');
    expect(model.run(5)).toBe(10);
    expect(models.peek('good')).toBe(model);
    // The golden check's run was not counted.
    expect(models.latencyOf('good')).toMatchObject({ rows: 1, runs: 1 });
    for (const check of models.readinessChecks()) expect(() => check.check()).not.toThrow();
    await models.close();
  });

  it('names each model and the group in readiness, failing with the reason, and answers 503 not_ready naming the test', async () => {
    const models = registryOf(['good', 'missing', 'not-json', 'no-factor', 'zero']);
    await models.settled;
    const checks = models.readinessChecks();
    expect(checks.map((c) => c.name)).toEqual([
      'doublers',
      'models.good',
      'models.missing',
      'models.not-json',
      'models.no-factor',
      'models.zero',
    ]);
    const reasonOf = (name: string) => {
      try {
        checks.find((c) => c.name === name)?.check();
        return 'ready';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(reasonOf('models.good')).toBe('ready');
    expect(reasonOf('models.missing')).toBe('missing/card.json is missing or unreadable');
    expect(reasonOf('models.not-json')).toBe('not-json/card.json is not valid JSON');
    expect(reasonOf('models.no-factor')).toBe('no-factor/card.json does not have the expected fields (factor)');
    expect(reasonOf('models.zero')).toBe('zero/card.json has a factor below 1');
    expect(reasonOf('doublers')).toBe('missing/card.json is missing or unreadable');
    expect(models.peek('missing')).toBeUndefined();
    await expect(models.get('missing', 'Missing test')).rejects.toMatchObject({
      status: 503,
      code: 'not_ready',
      detail: 'The Missing test model is not available right now, so this test cannot run. Please try again later.',
    });
    await models.close();
  });

  it('releases the session of a model whose graph does not reproduce its golden output, and does not serve it', async () => {
    released.length = 0;
    const models = registryOf(['drifted']);
    await models.settled;
    expect(released).toEqual(['drifted']);
    expect(() => models.readinessChecks()[1]?.check()).toThrow('drifted does not reproduce its card');
    await expect(models.get('drifted', 'Drifted')).rejects.toMatchObject({ code: 'not_ready' });
    await models.close();
    expect(released).toEqual(['drifted']);
  });

  it('loads in the background: readiness says loading, and a request waits for the load instead of failing', async () => {
    let open!: () => void;
    gates.set('good', new Promise<void>((resolve) => (open = resolve)));
    const models = registryOf(['good']);
    const [all, one] = models.readinessChecks();
    expect(() => all?.check()).toThrow('good model is loading');
    expect(() => one?.check()).toThrow('good model is loading');
    expect(models.peek('good')).toBeUndefined();
    const waiting = models.get('good', 'Good');
    open();
    expect((await waiting).run(1)).toBe(2);
    gates.delete('good');
    await models.close();
  });

  it('loads one model after another when asked to, all at once otherwise', async () => {
    const order: string[] = [];
    const opened = (isSequential: boolean) => {
      order.length = 0;
      const holds = new Map<string, () => void>();
      for (const id of ['good', 'drifted']) {
        gates.set(id, new Promise<void>((resolve) => holds.set(id, resolve)));
      }
      const original = DOUBLER.open;
      DOUBLER.open = async (id, d, card, latency) => {
        order.push(id);
        return original(id, d, card, latency);
      };
      const models = registryOf(['good', 'drifted'], isSequential);
      return { models, holds, restore: () => (DOUBLER.open = original) };
    };

    /** Until `order` has `n` entries (the card reads take a while on a busy machine). */
    const openedCount = async (n: number) => {
      for (let waited = 0; order.length < n && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    };

    const one = opened(true);
    await openedCount(1);
    // The second waits for the first however long it takes: give it time to (wrongly) start.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['good']);
    one.holds.get('good')?.();
    await openedCount(2);
    expect(order).toEqual(['good', 'drifted']);
    one.holds.get('drifted')?.();
    await one.models.close();
    one.restore();

    const all = opened(false);
    await openedCount(2);
    expect([...order].sort()).toEqual(['drifted', 'good']);
    for (const release of all.holds.values()) release();
    await all.models.close();
    all.restore();
    gates.clear();
  });
});
