import path from 'node:path';
import {
  CLINICAL_FORMS,
  optionsOf,
  RISK_MODEL_SLUGS,
  type ClinicalField,
  type RiskModelSlug,
} from '@medibuddy/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelRegistry, type LoadedModel, type ModelRegistry } from '../../plugins/models';
import { EXPECTED_DIRECTIONS, ExpectedDirectionsSchema, NEGLIGIBLE_CONTRIBUTION } from './explanations';
import { buildRiskResult } from './risk';
import { slopesOf, uncertaintyOf } from './risk-probes';
import { formsOf } from './sample-forms';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../../models');

const fieldsOf = (slug: RiskModelSlug) => CLINICAL_FORMS[slug] as readonly ClinicalField[];

describe('expected-directions.json', () => {
  it('parses, names only fields the forms have, and cites a source for each', () => {
    for (const slug of RISK_MODEL_SLUGS) {
      const keys = new Set(fieldsOf(slug).map((f) => f.key));
      for (const [key, e] of Object.entries(EXPECTED_DIRECTIONS.models[slug])) {
        expect(keys.has(key), `${slug}.${key}`).toBe(true);
        expect(EXPECTED_DIRECTIONS.sources[e.source]?.title).toBeTruthy();
        if ('codes' in e) {
          const codes = optionsOf(fieldsOf(slug).find((f) => f.key === key)!).map((o) => String(o.value));
          for (const code of Object.keys(e.codes)) expect(codes, `${slug}.${key} code ${code}`).toContain(code);
        }
      }
    }
  });

  it('refuses an expectation without a known source', () => {
    const bad = structuredClone(EXPECTED_DIRECTIONS);
    bad.models.heart.age = { increasing: true, source: 'nowhere' };
    expect(ExpectedDirectionsSchema.safeParse(bad).success).toBe(false);
  });
});

describe('every answer shown as a reason agrees with the written clinical expectation (real models)', () => {
  let models: ModelRegistry;
  beforeAll(async () => {
    models = createModelRegistry(MODELS_DIR, pino({ level: 'silent' }));
    await models.settled;
  });
  afterAll(() => models.close());

  /** The model's slope beside a value, by moving only this field (the code moves them all at once). */
  async function slopeAt(
    model: LoadedModel,
    form: Record<string, number>,
    field: ClinicalField,
    side: 1 | -1 | number,
  ) {
    const i = model.card.onnx.input.order.indexOf(field.key);
    const step = Math.max(field.step ?? 1, ((field.max ?? 100) - (field.min ?? 0)) / 100) * side;
    const [at, moved] = await Promise.all([
      model.infer(form),
      model.infer({ ...form, [field.key]: form[field.key]! + step }),
    ]);
    return ((moved.contributions[i] ?? 0) - (at.contributions[i] ?? 0)) / Math.sign(step);
  }

  it.each(RISK_MODEL_SLUGS)('%s: 60 forms', async (slug) => {
    const model = await models.get(slug);
    const order = model.card.onnx.input.order;
    let shown = 0;
    for (const form of formsOf(slug, 60)) {
      const inference = await model.infer(form);
      const slopes = await slopesOf(model, order, fieldsOf(slug), form, inference);
      const result = buildRiskResult(slug, model.card, inference, form, { slopes });
      for (const factor of result.factors.filter((f) => f.isReason)) {
        shown += 1;
        const e = EXPECTED_DIRECTIONS.models[slug][factor.key]!;
        expect(e, `${slug}.${factor.key} shown without an expectation`).toBeDefined();
        expect(Math.abs(factor.contribution)).toBeGreaterThanOrEqual(NEGLIGIBLE_CONTRIBUTION);
        if ('codes' in e) {
          expect(factor.direction, `${slug}.${factor.key}=${factor.value}`).toBe(e.codes[String(factor.value)]);
        } else {
          const field = fieldsOf(slug).find((f) => f.key === factor.key)!;
          // 'raises' for a value above the average patient's (the card's training mean) agrees with 'higher is
          // worse'; where it does not, the model must at least slope the expected way on both sides of the value
          const first = model.card.features.find((f) => f.key === factor.key)!.design_columns![0]!;
          const average = first.column.startsWith('log1p(') ? Math.expm1(first.train_mean) : first.train_mean;
          const sideAgrees = (factor.direction === 'up') === (factor.value! > average === e.increasing);
          if (!sideAgrees) {
            for (const side of [-1, 1]) {
              const slope = await slopeAt(model, form, field, side);
              if (Math.abs(slope) > 1e-6) expect(slope > 0, `${slug}.${factor.key}=${factor.value}`).toBe(e.increasing);
            }
          }
        }
      }
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('heart: typical angina and "fasting sugar over 120: No" are not called reasons where the model contradicts them', async () => {
    const model = await models.get('heart');
    const form = {
      age: 58,
      sex: 1,
      chestPainType: 1,
      bp: 130,
      cholesterol: 240,
      fbsOver120: 0,
      ekgResults: 0,
      maxHr: 150,
      exerciseAngina: 0,
      stDepression: 1,
      slopeOfSt: 2,
      numberOfVesselsFluro: 0,
      thallium: 0,
    };
    const inference = await model.infer(form);
    const slopes = await slopesOf(model, model.card.onnx.input.order, fieldsOf('heart'), form, inference);
    const result = buildRiskResult('heart', model.card, inference, form, { slopes });
    const byKey = Object.fromEntries(result.factors.map((f) => [f.key, f]));
    // the Statlog model learnt that typical angina lowers the estimate: that is hidden, not shown as a reason
    expect(byKey.chestPainType).toMatchObject({
      direction: 'down',
      isReason: false,
      notAReasonBecause: 'contradicts',
    });
    expect(byKey.age).toMatchObject({ isReason: false, notAReasonBecause: 'negligible' });
    if (byKey.fbsOver120!.direction === 'up') expect(byKey.fbsOver120!.isReason).toBe(false);
  });

  it("heart: a form with every 'I don't know' gives a result and the range it could have had", async () => {
    const model = await models.get('heart');
    const form: Record<string, number | null> = {
      age: 58,
      sex: 1,
      chestPainType: 2,
      bp: 130,
      cholesterol: null,
      fbsOver120: null,
      ekgResults: null,
      maxHr: null,
      exerciseAngina: null,
      stDepression: null,
      slopeOfSt: null,
      numberOfVesselsFluro: null,
      thallium: null,
    };
    const inference = await model.infer(form);
    const uncertainty = await uncertaintyOf('heart', model, model.card.onnx.input.order, form);
    expect(uncertainty?.unknownFields).toHaveLength(9);
    expect(uncertainty!.low).toBeLessThan(inference.probability);
    expect(uncertainty!.high).toBeGreaterThan(inference.probability);
    const result = buildRiskResult('heart', model.card, inference, form, { uncertainty });
    expect(result.factors.filter((f) => f.value === null).every((f) => f.notAReasonBecause === 'not-entered')).toBe(
      true,
    );
  });
});
