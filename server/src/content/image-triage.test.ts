import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_MODEL_IDS } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { IMAGE_TRIAGE_FILE, ImageTriageSchema, withClassOffsets } from './image-triage';

const MODELS_DIR = path.resolve(import.meta.dirname, '../../models');
const data = ImageTriageSchema.parse(JSON.parse(readFileSync(IMAGE_TRIAGE_FILE, 'utf8')));

describe('image triage data', () => {
  it.each(IMAGE_MODEL_IDS)(
    '%s: fixed for the served model, refer classes are its classes, every level cites a source',
    (id) => {
      const card = JSON.parse(readFileSync(path.join(MODELS_DIR, id, 'card.json'), 'utf8')) as {
        version: string;
        classes: { key: string }[];
      };
      const spec = data.models[id];
      // A retrained model needs `npm run check:image-triage -w server -- --write` before it is served with this file.
      expect(spec.modelVersion).toBe(card.version);
      const keys = card.classes.map((c) => c.key);
      for (const key of [...spec.referClasses, ...Object.keys(spec.classOffsets ?? {})]) expect(keys).toContain(key);
      for (const level of Object.values(spec.levels)) expect(level.sources.every((s) => data.sources[s])).toBe(true);
      expect(spec.levels.unsure.timeframe).toBe(spec.levels.refer.timeframe);
      expect(spec.measured.reporting.sensitivity.n).toBeGreaterThan(0);
    },
  );

  it('refuses a level citing a source that is not listed', () => {
    const broken = structuredClone(data);
    broken.models.skin.levels.refer.sources = ['nowhere'];
    expect(() => ImageTriageSchema.parse(broken)).toThrow(/unknown source nowhere/);
  });

  it('class offsets shift the priors and keep a distribution', () => {
    const shifted = withClassOffsets([0.5, 0.5], ['a', 'b'], { a: Math.log(3) });
    expect(shifted[0]).toBeCloseTo(0.75, 6);
    expect(shifted[0]! + shifted[1]!).toBeCloseTo(1, 9);
    expect(withClassOffsets([0.2, 0.8], ['a', 'b'], undefined)).toEqual([0.2, 0.8]);
  });
});
