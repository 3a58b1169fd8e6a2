import { readFileSync } from 'node:fs';
import { RISK_MODEL_SLUGS } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { loadRiskScores } from './risk-scores';

const card = (slug: string) =>
  JSON.parse(readFileSync(new URL(`../../models/${slug}/card.json`, import.meta.url), 'utf8')) as {
    dataset: { positives: number; negatives: number; prevalence: number };
    shown_figure?: { training_prevalence: number; how: string };
  };

describe('risk-score content', () => {
  it('loads every score table against its schema', () => {
    const content = loadRiskScores();
    expect(Object.keys(content.who.lab.women.diabetic.smoker)).toHaveLength(7);
    expect(content.findrisc.maxPoints).toBe(26);
  });

  it("each model's study share is its card's training set, and the card says how its figure is shown", () => {
    const { prevalence } = loadRiskScores();
    for (const slug of RISK_MODEL_SLUGS) {
      const { dataset, shown_figure } = card(slug);
      expect(prevalence.models[slug].study).toMatchObject({
        withCondition: dataset.positives,
        rows: dataset.positives + dataset.negatives,
      });
      expect(shown_figure?.training_prevalence).toBe(dataset.prevalence);
      expect(shown_figure?.how).toMatch(
        prevalence.models[slug].population ? /Re-based to/ : /never as a person's chance/,
      );
    }
  });
});
