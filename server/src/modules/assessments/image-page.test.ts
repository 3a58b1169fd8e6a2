import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_MODEL_BY_TEST, IMAGE_TEST_SLUGS, type ImageResult, type ImageTestSlug } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { untranslatedStrings } from '../../../test/hindi-check';
import { skinChecklist } from '../../content/skin-checklist';
import { ImageModelCardSchema, type ImageModelCard, type ImageModelRegistry } from '../../plugins/image-models';
import type { AssessmentRow } from './assessments.repository';
import { imageHeadlineOf, respondImageRow } from './image-page';
import { buildImageResult, type ImageInputs } from './image-result';
import { scoreSkinChecklist, withSkinChecklist, type StoredSkinChecklist } from './skin-checklist';

/**
 * The image tests' result pages in Hindi: a stored English image result said again from its
 * probabilities, triage level and checklist answers has no English left a person reads, keeps every number, and the
 * list's headline is Hindi from the stored result alone.
 */

const MODELS = path.resolve(import.meta.dirname, '../../../models');
const cardOf = (model: string): ImageModelCard =>
  ImageModelCardSchema.parse(JSON.parse(readFileSync(path.join(MODELS, model, 'card.json'), 'utf8')));

function randomFrom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const numbersOf = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).map((n) => n.replaceAll(',', '')).sort();

function expectNumbersKept(english: unknown, hindi: unknown, where: string): void {
  if (typeof english === 'string') {
    const left = numbersOf(String(hindi));
    for (const n of numbersOf(english)) {
      const i = left.indexOf(n);
      expect(i, `${where}: ${n} of "${english}" missing in "${String(hindi)}"`).toBeGreaterThanOrEqual(0);
      left.splice(i, 1);
    }
  } else if (Array.isArray(english)) {
    english.forEach((e, i) => expectNumbersKept(e, (hindi as unknown[])[i], `${where}[${i}]`));
  } else if (english && typeof english === 'object') {
    for (const [key, value] of Object.entries(english))
      if (key !== 'heatmap') expectNumbersKept(value, (hindi as Record<string, unknown>)[key], `${where}.${key}`);
  }
}

/** A stored row of an image test: a picture's probabilities (skewed at random), the checklist answered or not. */
function storedRow(test: ImageTestSlug, card: ImageModelCard, rnd: () => number): AssessmentRow {
  const raw = card.classes.map(() => rnd() ** (1 + 4 * rnd()));
  const total = raw.reduce((a, b) => a + b, 0);
  let result: ImageResult = buildImageResult({
    test,
    model: IMAGE_MODEL_BY_TEST[test],
    card,
    probabilities: new Float32Array(raw.map((p) => p / total)),
    gate: { kind: IMAGE_MODEL_BY_TEST[test], probability: 0.9 },
    heatmap: () => null,
  });
  const inputs: ImageInputs = { image: null };
  if (test === 'skin' && rnd() < 0.7) {
    const answers: StoredSkinChecklist['answers'] = {};
    for (const item of skinChecklist().items) {
      const r = rnd();
      if (r < 0.3) answers[item.key] = 'yes';
      else if (r < 0.6) answers[item.key] = 'no';
      else if (r < 0.8) answers[item.key] = 'not_sure';
    }
    inputs.checklist = { version: skinChecklist().version, answers };
    result = withSkinChecklist(result, scoreSkinChecklist(inputs.checklist));
  }
  return {
    id: '00000000-0000-4000-8000-000000000000',
    userId: '00000000-0000-4000-8000-000000000001',
    createdAt: new Date(0),
    test,
    inputs,
    result,
    modelId: IMAGE_MODEL_BY_TEST[test],
    modelVersion: card.version,
  } as AssessmentRow;
}

describe('image results said in Hindi', () => {
  it.each(IMAGE_TEST_SLUGS)('%s: classes, triage, summary, checklist, model figures and the list headline', (test) => {
    const card = cardOf(IMAGE_MODEL_BY_TEST[test]);
    const registry = { peek: () => ({ card }) } as unknown as ImageModelRegistry;
    const rnd = randomFrom(test.length * 31);
    for (let i = 0; i < 120; i += 1) {
      const row = storedRow(test, card, rnd);
      const english = respondImageRow(row, registry);
      const hindi = respondImageRow(row, registry, 'hi');
      expect(untranslatedStrings(hindi.assessment)).toEqual([]);
      expectNumbersKept(english.assessment, hindi.assessment, test);
      const stored = row.result as ImageResult;
      expect(untranslatedStrings({ headline: imageHeadlineOf(stored, 'hi') })).toEqual([]);
      expect(numbersOf(imageHeadlineOf(stored, 'hi'))).toEqual(numbersOf(imageHeadlineOf(stored)));
      // The stored result and English stay as they were.
      expect(respondImageRow(row, registry, 'en')).toEqual(english);
      expect(hindi.assessment.result).toMatchObject({
        model: stored.model,
        isClassNamed: stored.isClassNamed,
        triage: { level: stored.triage?.level, referScore: stored.triage?.referScore },
      });
    }
  });
});
