import { describe, expect, it } from 'vitest';
import type { ImageModelCard } from '../../plugins/image-models';
import { imageTriage } from '../../content/image-triage';
import { imageContentKeysOf, imageSummaryOf, imageTriageOf, mistakenFor } from './image-result';

/** A chest-CT card in miniature: rows are the true classes, columns the predicted ones. */
function ctCard(rows: number[][]): ImageModelCard {
  const keys = ['adenocarcinoma', 'large_cell_carcinoma', 'squamous_cell_carcinoma', 'normal'];
  return {
    id: 'chest_ct',
    version: 'chest_ct-test',
    title: 'test',
    kind: 'image',
    classes: keys.map((key) => ({ key, label: key === 'normal' ? 'Normal' : key.replace(/_/g, ' ') })),
    input: { name: 'image', size: 128 },
    outputs: { probabilities: 'probabilities', cam: 'cam', cam_size: 8 },
    evaluation: { accuracy: 0.5, balanced_accuracy: 0.5, confusion_matrix: { labels: keys, rows } },
    golden: [],
  };
}

describe('mistakenFor: conditions a benign or normal result does not rule out', () => {
  const card = ctCard([
    [10, 0, 0, 10], // adenocarcinoma: half called normal
    [0, 28, 0, 2], // large cell: 2 of 30, under one in ten
    [1, 0, 3, 4], // squamous: 4 of 8
    [0, 0, 0, 20],
  ]);

  it('names each condition the model put in the result class at least one time in ten, worst first', () => {
    expect(mistakenFor(card, 'chest_ct', 'normal')).toEqual([
      { key: 'adenocarcinoma', label: 'adenocarcinoma', count: 10, n: 20 },
      { key: 'squamous_cell_carcinoma', label: 'squamous cell carcinoma', count: 4, n: 8 },
    ]);
  });

  it('says nothing when the result is itself a condition, or the card has no confusion matrix', () => {
    expect(mistakenFor(card, 'chest_ct', 'adenocarcinoma')).toEqual([]);
    const { confusion_matrix: _, ...evaluation } = card.evaluation;
    expect(mistakenFor({ ...card, evaluation }, 'chest_ct', 'normal')).toEqual([]);
  });

  it('needs at least two pictures, so one miss in a tiny class is not a pattern', () => {
    const small = ctCard([
      [1, 0, 0, 1],
      [0, 2, 0, 0],
      [0, 0, 2, 0],
      [0, 0, 0, 5],
    ]);
    expect(mistakenFor(small, 'chest_ct', 'normal')).toEqual([]);
  });
});

describe('imageTriageOf: triage first, a class only above the confidence floor', () => {
  const skin = imageTriage().models.skin;
  const classesWith = (refer: number, top: number) => {
    // basal-cell carcinoma carries the whole refer score (melanoma has a threshold of its own, tested below), nevus is
    // the top benign class, four benign classes share the rest.
    const rest = (1 - refer - top) / 4;
    const benign = ['dermatofibroma', 'pigmented_benign_keratosis', 'seborrheic_keratosis', 'vascular_lesion'];
    return [
      { key: 'basal_cell_carcinoma', label: 'Basal cell carcinoma', probability: refer },
      { key: 'nevus', label: 'Nevus', probability: top },
      ...['actinic_keratosis', 'melanoma', 'squamous_cell_carcinoma'].map((key) => ({
        key,
        label: key,
        probability: 0,
      })),
      ...benign.map((key) => ({ key, label: key, probability: rest })),
    ];
  };

  it('refers at the threshold and not just below it', () => {
    const t = skin.referThreshold;
    expect(imageTriageOf('skin', classesWith(t + 0.001, 0.9 - t)).triage.level).toBe('refer');
    expect(imageTriageOf('skin', classesWith(t - 0.01, 0.9 - t)).triage.level).toBe('routine');
    expect(imageTriageOf('skin', classesWith(t + 0.001, 0.9 - t)).triage.headline).toBe(
      'See a dermatologist within 2 weeks',
    );
  });

  it('a class with a threshold of its own (melanoma) flags the picture by itself, below the summed threshold', () => {
    const own = skin.classThresholds?.melanoma;
    expect(own).toBeLessThan(skin.referThreshold);
    const at = (p: number) =>
      classesWith(0, 0.8).map((c) =>
        c.key === 'melanoma' ? { ...c, probability: p } : c.key === 'nevus' ? { ...c, probability: 0.8 - p } : c,
      );
    const flagged = imageTriageOf('skin', at(own as number));
    expect(flagged.triage.level).toBe('refer');
    expect(flagged.triage.why).toMatch(/melanoma alone/);
    expect(imageTriageOf('skin', at((own as number) - 0.01)).triage.level).toBe('routine');
  });

  it('below the floor names no class and says unsure, with the refer timeframe', () => {
    const below = imageTriageOf('skin', classesWith(0.05, skin.confidenceFloor - 0.01));
    expect(below.isClassNamed).toBe(false);
    expect(below.triage.level).toBe('unsure');
    expect(below.triage.headline).toMatch(/^Unsure/);
    expect(below.triage.timeframe).toBe(skin.levels.refer.timeframe);
    expect(imageTriageOf('skin', classesWith(0.05, skin.confidenceFloor)).isClassNamed).toBe(true);
  });

  it('the summary leads with the question and the next step, and names no class when unsure', () => {
    const classes = classesWith(0.05, skin.confidenceFloor - 0.01).sort((a, b) => b.probability - a.probability);
    const { triage, isClassNamed } = imageTriageOf('skin', classes);
    const summary = imageSummaryOf('skin', classes, null, triage, isClassNamed);
    expect(summary.startsWith(`${skin.question} ${triage.headline}.`)).toBe(true);
    expect(summary).not.toMatch(/most like/i);
    expect(triage.why).toMatch(/names none/);
  });

  it('says how the line did in testing, naming a refer class it mostly missed', () => {
    const { why } = imageTriageOf('skin', classesWith(0.9, 0.05)).triage;
    const melanoma = skin.measured.reporting.referFlaggedByClass.melanoma as string;
    const [k, n] = melanoma.split('/').map(Number) as [number, number];
    if (k / n < 0.8) expect(why).toContain(`only ${k} of ${n} of melanoma`);
    expect(why).toContain(`${skin.measured.reporting.sensitivity.k} of ${skin.measured.reporting.sensitivity.n}`);
  });
});

describe('imageContentKeysOf', () => {
  const base = {
    kind: 'image' as const,
    model: 'skin' as const,
    classes: [],
    top: { key: 'squamous_cell_carcinoma', label: 'Squamous cell carcinoma', probability: 0.43 },
    focus: null,
    prediction: 'Squamous cell carcinoma',
    summary: '',
    gate: { kind: 'skin', probability: 0.99 },
    heatmap: null,
  };

  it("names the top class's content when the class is named, the first refer condition's when unsure", () => {
    expect(imageContentKeysOf({ ...base, isClassNamed: true })).toEqual(['squamous_cell_carcinoma']);
    expect(imageContentKeysOf({ ...base, isClassNamed: false })).toEqual(['melanoma']);
  });
});
