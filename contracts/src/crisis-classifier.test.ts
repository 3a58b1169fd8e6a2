import { describe, expect, it } from 'vitest';
import classifierData from './content/crisis-classifier.json';
import {
  classifierFeatures,
  CRISIS_CLASSIFIER_THRESHOLDS,
  CrisisClassifierSchema,
  crisisScore,
  normaliseForClassifier,
  raisesHelplineLine,
} from './crisis-classifier';

/**
 * The learned crisis classifier against its Python training script: the scores below are the ones
 * ml/crisis/train.py printed for the exported table (parity), so a drift in normalisation or features fails here.
 */
const PRINTED = [
  ['i want to end it all', 0.983829623],
  ['everyone would be better off if i wasnt here', 0.997788966],
  ['how do i end a migraine', 0.011219116],
  ['my knee is killing me', 0.05011575],
  ['when does the flu end', 0.025684091],
  ['tired all the time could it be anaemia', 0.155571265],
  ['Don’t see the point anymore...', 0.953661526],
  ['अब जीने का मन नहीं करता', 0.970987256],
  ['sab khatam kar dena chahta hu', 0.985565637],
] as const;

describe('crisis classifier', () => {
  it('its table validates against the schema, with thresholds and out-of-part figures', () => {
    const parsed = CrisisClassifierSchema.parse(classifierData);
    expect(Object.keys(parsed.weights).length).toBeGreaterThan(1000);
    expect(parsed.figures.classifierAlone.line.crisisRecall).toBeGreaterThanOrEqual(0.95);
    expect(parsed.figures.classifierAlone.line.ordinaryOver).toBeLessThanOrEqual(0.1);
  });

  it('a bad table is refused, naming the field', () => {
    const result = CrisisClassifierSchema.safeParse({ ...classifierData, thresholds: { line: 1.5 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['thresholds', 'line']);
    expect(CrisisClassifierSchema.safeParse({ ...classifierData, weights: { 'x:bad': 1 } }).success).toBe(false);
  });

  it('normalises as the Python script does', () => {
    expect(normaliseForClassifier('  I DON’T   want... to be HERE!! ')).toBe('i dont want to be here');
    expect([...classifierFeatures('no more').keys()].sort()).toEqual(
      [
        'w:no',
        'w:more',
        'w:no more',
        'c: no',
        'c:no ',
        'c:o m',
        'c: mo',
        'c:mor',
        'c:ore',
        'c:re ',
        'c: no ',
        'c:no m',
        'c:o mo',
        'c: mor',
        'c:more',
        'c:ore ',
        'c: no m',
        'c:no mo',
        'c:o mor',
        'c: more',
        'c:more ',
      ].sort(),
    );
  });

  it.each(PRINTED)('scores %j as the Python script printed', (text, printed) => {
    expect(crisisScore(text)).toBeCloseTo(printed, 8);
  });

  it('the parity texts stored by the script agree too', () => {
    for (const { text, score } of CrisisClassifierSchema.parse(classifierData).parity)
      expect(crisisScore(text), text).toBeCloseTo(score, 8);
  });

  it('plain physical wording stays under the line threshold', () => {
    for (const text of [
      'how do i end a migraine',
      'my knee is killing me',
      'when does the flu end',
      'tired all the time could it be anaemia',
      'tired all the time, could it be anaemia',
    ]) {
      expect(crisisScore(text), text).toBeLessThan(CRISIS_CLASSIFIER_THRESHOLDS.line);
      expect(raisesHelplineLine(text), text).toBe(false);
    }
  });

  it('indirect wording the classifier was built for raises the line', () => {
    expect(raisesHelplineLine('Don’t see the point anymore...')).toBe(true);
    expect(raisesHelplineLine('')).toBe(false);
  });
});
