import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLINICAL_FORMS,
  optionsOf,
  RISK_MODEL_SLUGS,
  type AssessmentResult,
  type ClinicalField,
  type ClinicalTestSlug,
  type RiskModelSlug,
} from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { untranslatedStrings } from '../../../test/hindi-check';
import { numberIn } from '../../locales/numbers';
import { cardInFormKeys, ModelCardSchema, type Inference } from '../../plugins/models';
import {
  applyGuidelines,
  assessKidneyStone,
  bloodTestNextStepOf,
  inHundredText,
  interpretBloodTest,
  kidneyStoneRoutineStepOf,
  nextStepOf,
} from '../clinical';
import { headlineOf } from './assessments.service';
import { resultIn } from './result-language';
import { buildRiskResult, percent } from './risk';

/**
 * The text generators in Hindi: a stored English result said again in Hindi from its numbers has no
 * English left a person reads, and keeps every number the English says, string for string.
 */

const MODELS = path.resolve(import.meta.dirname, '../../../models');

/** A repeatable stream of numbers in [0, 1). */
function randomFrom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function randomInputs(test: ClinicalTestSlug, rnd: () => number): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const f of CLINICAL_FORMS[test] as readonly ClinicalField[]) {
    if ((f.notMeasured || f.optional) && rnd() < 0.2) out[f.key] = null;
    else if (f.type === 'code' || f.type === 'yesno') {
      const options = optionsOf(f);
      out[f.key] = options[Math.floor(rnd() * options.length)]!.value;
    } else {
      const min = f.min ?? 0;
      const step = f.step ?? 1;
      out[f.key] = Number((min + Math.floor((rnd() * ((f.max ?? 100) - min)) / step) * step).toFixed(6));
    }
  }
  return out;
}

const cardOf = (slug: RiskModelSlug) =>
  cardInFormKeys(slug, ModelCardSchema.parse(JSON.parse(readFileSync(path.join(MODELS, slug, 'card.json'), 'utf8'))));

/** An inference that moves with the inputs (the generators read only its numbers). */
function fakeInference(order: readonly string[], inputs: Record<string, number | null>, bias: number): Inference {
  const contributions = new Float32Array(order.map((k, i) => Math.sin(((inputs[k] ?? 0.5) + 1) * (i + 1.3)) * 0.8));
  const logit = contributions.reduce((a, b) => a + b, 0) + bias;
  return { probability: 1 / (1 + Math.exp(-logit)), logit, contributions };
}

const numbersOf = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replaceAll(',', '')).sort();

/** Every string of the English at the same place in the Hindi keeps the English's numbers. */
function expectNumbersKept(english: unknown, hindi: unknown, where: string): void {
  if (typeof english === 'string') {
    expect(typeof hindi, where).toBe('string');
    const left = numbersOf(hindi as string);
    for (const n of numbersOf(english)) {
      const i = left.indexOf(n);
      expect(i, `${where}: ${n} of "${english}" missing in "${String(hindi)}"`).toBeGreaterThanOrEqual(0);
      left.splice(i, 1);
    }
  } else if (Array.isArray(english)) {
    expect((hindi as unknown[]).length, where).toBe(english.length);
    english.forEach((e, i) => expectNumbersKept(e, (hindi as unknown[])[i], `${where}[${i}]`));
  } else if (english && typeof english === 'object') {
    for (const [key, value] of Object.entries(english))
      expectNumbersKept(value, (hindi as Record<string, unknown>)[key], `${where}.${key}`);
  }
}

function expectSaidInHindi(test: ClinicalTestSlug, inputs: Record<string, number | null>, stored: AssessmentResult) {
  const hindi = resultIn('hi', test, inputs, stored);
  expect(untranslatedStrings({ result: hindi, headline: headlineOf(hindi, 'hi') })).toEqual([]);
  expect(untranslatedStrings({ headline: headlineOf(stored, 'hi') })).toEqual([]);
  expectNumbersKept(stored, hindi, test);
  // The codes and numbers stay the stored ones.
  expect({ ...hindi, kind: stored.kind }).toMatchObject(
    stored.kind === 'risk'
      ? { probability: stored.probability, band: stored.band, threshold: stored.threshold }
      : stored.kind === 'blood-test'
        ? { classCode: stored.classCode, label: stored.label }
        : {},
  );
  expect(resultIn('en', test, inputs, stored)).toBe(stored);
}

describe('numbers in Hindi', () => {
  it('are written the Indian way, with the decimals of the English', () => {
    expect(numberIn('hi', 100000)).toBe('1,00,000');
    expect(numberIn('hi', 4.25, 1)).toBe(numberIn('en', 4.25, 1));
    expect(numberIn('en', 1000)).toBe('1000');
    expect(percent(0.004, 'hi')).toBe('1% से कम');
    expect(percent(0.2349, 'hi')).toBe('23%');
    expect(percent(0.996, 'hi')).toBe('99% से ज़्यादा');
    expect(inHundredText(0.25, 'hi')).toBe('100 में से लगभग 25');
    expect(inHundredText(0.25)).toBe('about 25 in 100');
  });
});

describe('a stored result said in Hindi', () => {
  it.each(RISK_MODEL_SLUGS)('%s: factors, guideline findings, scores, figure, summary and step', (slug) => {
    const card = cardOf(slug);
    const rnd = randomFrom(7 + slug.length);
    for (let i = 0; i < 60; i += 1) {
      const inputs = randomInputs(slug, rnd);
      const inference = fakeInference(card.onnx.input.order, inputs, card.onnx.bias);
      const stored = buildRiskResult(slug, card, inference, inputs, {
        guideline: applyGuidelines(slug, inputs),
        uncertainty: i % 3 === 0 ? { unknownFields: ['age'], low: 0.01, high: 0.9 } : undefined,
      });
      expectSaidInHindi(slug, inputs, stored);
    }
  });

  it('the blood test: findings, summary and next step', () => {
    const rnd = randomFrom(11);
    for (let i = 0; i < 150; i += 1) {
      const inputs = randomInputs('blood-test', rnd);
      const interpretation = interpretBloodTest(inputs as never);
      const stored = {
        kind: 'blood-test' as const,
        ...interpretation,
        nextStep: bloodTestNextStepOf(interpretation.findings),
      };
      expectSaidInHindi('blood-test', inputs, stored);
    }
  });

  it('the kidney-stone test: STONE factors, notes, urgent message, guideline findings and step', () => {
    const rnd = randomFrom(5);
    for (let i = 0; i < 150; i += 1) {
      const inputs = randomInputs('kidney-stone', rnd);
      const guideline = applyGuidelines('kidney-stone', inputs);
      const stored = {
        kind: 'kidney-stone' as const,
        ...assessKidneyStone(inputs as never),
        guideline,
        nextStep: nextStepOf(guideline, kidneyStoneRoutineStepOf()),
      };
      expectSaidInHindi('kidney-stone', inputs, stored);
    }
  });

  it('keeps the notes the compat API put before the STONE notes as they were stored', () => {
    const inputs = randomInputs('kidney-stone', randomFrom(9));
    const assessed = assessKidneyStone(inputs as never);
    const note = 'Sex was not sent by the legacy client.';
    const stored = {
      kind: 'kidney-stone' as const,
      ...assessed,
      notes: [note, ...assessed.notes],
      guideline: [],
      nextStep: kidneyStoneRoutineStepOf(),
    };
    const hindi = resultIn('hi', 'kidney-stone', inputs, stored);
    if (hindi.kind !== 'kidney-stone') throw new Error('expected a kidney-stone result');
    expect(hindi.notes[0]).toBe(note);
    expect(hindi.notes.slice(1).every((n) => /[\u0900-\u097F]/.test(n))).toBe(true);
  });

  it('leaves what it cannot match as it was stored: a finding the rules no longer give stays English', () => {
    const inputs = randomInputs('blood-test', randomFrom(3));
    const interpretation = interpretBloodTest(inputs as never);
    const extra = { ...interpretation.findings[0]!, id: 'retired-rule', title: 'A rule since retired' };
    const stored = {
      kind: 'blood-test' as const,
      ...interpretation,
      findings: [...interpretation.findings, extra],
      nextStep: bloodTestNextStepOf(interpretation.findings),
    };
    const hindi = resultIn('hi', 'blood-test', inputs, stored);
    if (hindi.kind !== 'blood-test') throw new Error('expected a blood test');
    expect(hindi.findings.at(-1)).toBe(extra);
    expect(hindi.summary).toBe(stored.summary);
  });
});
