import { describe, expect, it } from 'vitest';
import type { ImageModelCard } from '../../plugins/image-models';
import { mistakenFor } from './image-result';

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
