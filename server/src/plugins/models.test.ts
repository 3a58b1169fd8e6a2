import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLINICAL_FORMS, RISK_MODEL_SLUGS, optionsOf, type ClinicalField } from '@medibuddy/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeatures, cardInFormKeys, createModelRegistry, ModelCardSchema, type ModelRegistry } from './models';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../models');
const cardOf = (slug: string) =>
  ModelCardSchema.parse(JSON.parse(readFileSync(path.join(MODELS_DIR, slug, 'card.json'), 'utf8')));
const rawCardOf = (slug: string) => JSON.parse(readFileSync(path.join(MODELS_DIR, slug, 'card.json'), 'utf8'));

describe('the forms in contracts match the model cards (they cannot drift)', () => {
  it.each(RISK_MODEL_SLUGS)('%s: keys, order, labels, units, types, ranges and codes', (slug) => {
    const card = cardOf(slug);
    // an optional field (HbA1c on the diabetes form) is read by guideline rules, never by the model
    const fields = (CLINICAL_FORMS[slug] as readonly ClinicalField[]).filter((f) => !f.optional);
    expect(fields.map((f) => f.modelColumn)).toEqual(card.features.map((f) => f.key));
    expect(card.onnx.input.order).toEqual(card.features.map((f) => f.key));
    for (const [i, feature] of card.features.entries()) {
      const field = fields[i] as ClinicalField;
      expect({ key: field.modelColumn, label: field.label, unit: field.unit ?? null }).toEqual({
        key: feature.key,
        label: feature.label,
        unit: feature.unit,
      });
      if (feature.type === 'code') {
        expect(field.type).toBe('code');
        const codes = [...optionsOf(field)]
          .map((o) => ({ code: o.value, label: o.label }))
          .sort((a, b) => a.code - b.code);
        expect(codes).toEqual(feature.codes);
        expect(Math.min(...codes.map((c) => c.code))).toBe(feature.min);
        expect(Math.max(...codes.map((c) => c.code))).toBe(feature.max);
      } else {
        expect({ type: field.type, min: field.min, max: field.max }).toEqual({
          type: feature.type,
          min: feature.min,
          max: feature.max,
        });
      }
      // 'not measured' is offered exactly where the model imputes a missing value.
      expect(field.notMeasured === true, `${feature.key} notMeasured`).toBe(feature.missing !== null);
    }
  });
});

describe('buildFeatures', () => {
  it('puts values in the given order and not-measured (null or absent) as NaN', () => {
    const row = buildFeatures(['b', 'a', 'c', 'd'], { a: 1, b: 2.5, c: null });
    expect([...row]).toEqual([2.5, 1, Number.NaN, Number.NaN]);
  });

  it('writes into a row it is given, leaving nothing from the last use', () => {
    const row = new Float32Array([9, 9]);
    expect(buildFeatures(['x', 'y'], { x: 3 }, row)).toBe(row);
    expect([...row]).toEqual([3, Number.NaN]);
  });
});

describe('the model adapter: cards in form keys (decision 034)', () => {
  it.each(RISK_MODEL_SLUGS)('%s: features, input order and golden records are named by the form keys', (slug) => {
    const served = cardInFormKeys(slug, cardOf(slug));
    const keys = (CLINICAL_FORMS[slug] as readonly ClinicalField[]).filter((f) => !f.optional).map((f) => f.key);
    expect(served.features.map((f) => f.key)).toEqual(keys);
    expect(served.onnx.input.order).toEqual(keys);
    for (const golden of served.golden) {
      for (const key of Object.keys(golden.input)) expect(keys).toContain(key);
      expect(Object.keys(golden.contributions).sort()).toEqual([...keys].sort());
    }
  });

  it('refuses a card with a column no field of the form maps', () => {
    const card = cardOf('heart');
    const renamed = { ...card, features: card.features.map((f, i) => (i === 0 ? { ...f, key: 'AGE_YEARS' } : f)) };
    expect(() => cardInFormKeys('heart', renamed)).toThrow(/no field of the form has modelColumn 'AGE_YEARS'/);
  });
});

describe('golden records: the card inputs through buildFeatures + ONNX give the card outputs', () => {
  let models: ModelRegistry;
  beforeAll(async () => {
    models = createModelRegistry(MODELS_DIR, pino({ level: 'silent' }));
    await models.settled;
  });
  afterAll(() => models.close());

  it.each(RISK_MODEL_SLUGS)('%s: 5 golden records, probability, logit and contributions within 1e-5', async (slug) => {
    const model = await models.get(slug);
    const raw = rawCardOf(slug);
    expect(raw.golden).toHaveLength(5);
    for (const golden of model.card.golden) {
      const out = await model.infer(golden.input);
      expect(Math.abs(out.probability - golden.probability)).toBeLessThan(1e-5);
      expect(Math.abs(out.logit - golden.logit)).toBeLessThan(1e-5);
      model.card.onnx.input.order.forEach((key, i) => {
        expect(Math.abs((out.contributions[i] as number) - (golden.contributions[key] as number)), key).toBeLessThan(
          1e-5,
        );
      });
      // logit = bias + sum(contributions), as the card promises
      const sum = [...out.contributions].reduce((a, b) => a + b, model.card.onnx.bias);
      expect(Math.abs(sum - out.logit)).toBeLessThan(1e-4);
    }
  });

  it('answers requests of the same moment in one run, each with its own row', async () => {
    const model = await models.get('liver');
    const before = models.latency().liver;
    const outs = await Promise.all(model.card.golden.map((g) => model.infer(g.input)));
    model.card.golden.forEach((g, i) => {
      const out = outs[i];
      expect(Math.abs((out?.probability as number) - g.probability)).toBeLessThan(1e-5);
      model.card.onnx.input.order.forEach((key, k) => {
        expect(Math.abs((out?.contributions[k] as number) - (g.contributions[key] as number))).toBeLessThan(1e-5);
      });
    });
    const after = models.latency().liver;
    expect(after.rows - before.rows).toBe(5);
    expect(after.runs - before.runs).toBe(1);
  });

  it('splits a crowd into runs of at most 64 rows', async () => {
    const model = await models.get('cardio');
    const before = models.latency().cardio;
    const golden = model.card.golden[4];
    const outs = await Promise.all(Array.from({ length: 130 }, () => model.infer(golden?.input ?? {})));
    for (const out of outs) expect(Math.abs(out.probability - (golden?.probability as number))).toBeLessThan(1e-5);
    expect(models.latency().cardio.runs - before.runs).toBe(3);
  });

  it('keeps a per-model latency count', () => {
    const latency = models.latency();
    expect(latency.heart.rows).toBeGreaterThan(0);
    expect(latency.heart.meanMs).toBeGreaterThan(0);
  });
});

describe('while loading', () => {
  it('the readiness checks fail until the models are in', async () => {
    const models = createModelRegistry(MODELS_DIR, pino({ level: 'silent' }));
    const [all] = models.readinessChecks();
    expect(() => all?.check()).toThrow(/loading/);
    await models.settled;
    expect(() => all?.check()).not.toThrow();
    await models.close();
  });
});

describe('a missing models directory', () => {
  it('leaves every model failing with a reason, and get() answers 503 not_ready naming the test', async () => {
    const models = createModelRegistry('/nonexistent/models', pino({ level: 'silent' }));
    await models.settled;
    const checks = models.readinessChecks();
    expect(checks.map((c) => c.name)).toEqual([
      'models',
      'models.heart',
      'models.diabetes',
      'models.cardio',
      'models.liver',
    ]);
    for (const c of checks) expect(() => c.check()).toThrow(/missing or unreadable/);
    await expect(models.get('liver')).rejects.toMatchObject({
      status: 503,
      code: 'not_ready',
      detail: expect.stringContaining('LiverDisease model is not available'),
    });
    await models.close();
  });
});
