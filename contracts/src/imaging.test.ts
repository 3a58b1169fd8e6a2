import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import {
  FOCUS_CLASS_BY_TEST,
  IMAGE_MODEL_BY_TEST,
  IMAGE_NEEDED_BY_TEST,
  IMAGE_TEST_SLUGS,
  isImageTestSlug,
} from './imaging';

describe('imaging contract', () => {
  it('the image tests are exactly the catalogue entries of kind image (ids 1, 2, 3, 5)', () => {
    const image = CATALOGUE.filter((t) => t.kind === 'image');
    expect([...IMAGE_TEST_SLUGS].sort()).toEqual(image.map((t) => t.slug).sort());
    expect(image.map((t) => t.id).sort()).toEqual([1, 2, 3, 5]);
    expect(isImageTestSlug('heart')).toBe(false);
  });

  it('every image test has a model, a sentence saying what picture it needs, and the fundus tests a focus class', () => {
    for (const slug of IMAGE_TEST_SLUGS) {
      expect(IMAGE_MODEL_BY_TEST[slug]).toBeDefined();
      expect(IMAGE_NEEDED_BY_TEST[slug]).toMatch(/^This test needs .+\.$/);
    }
    expect(IMAGE_MODEL_BY_TEST.cataract).toBe(IMAGE_MODEL_BY_TEST['diabetic-retinopathy']);
    expect(FOCUS_CLASS_BY_TEST).toMatchObject({ cataract: 'cataract', 'diabetic-retinopathy': 'diabetic_retinopathy' });
  });
});
