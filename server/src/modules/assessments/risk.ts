import {
  CLINICAL_FORMS,
  type ClinicalField,
  type GuidelineFinding,
  type RiskBand,
  type RiskFactor,
  type RiskModelSlug,
  type RiskResult,
} from '@medibuddy/contracts';
import { scoresFor, type ScoreSet } from '../clinical';
import type { Inference, ModelCard } from '../../plugins/models';
import { reasonStatusOf } from './explanations';
import { factorWordsOf, riskWordsOf } from './risk-words';

export * from './risk-words';

/**
 * From a model's raw output to what a result page shows: band, factors in words, one summary sentence.
 * Pure functions of the card and the inference, so they are tested without a model. Every sentence is said in a
 * language (English unless told, as the result is stored); a page in Hindi is built again from the stored numbers
 * (result-language.ts).
 */

/** 'high' starts at this probability unless the card's Youden point is higher (see RiskBandSchema). */
export const HIGH_FROM_AT_LEAST = 0.5;

/**
 * Where 'high' begins for a model: the larger of 0.5 (more likely than not) and the card's Youden point (where
 * the model best separates people with and without the condition), never below the flag threshold. For the
 * current cards: heart 0.5, diabetes 0.5, cardio 0.5, liver 0.70.
 */
export function highFromOf(card: ModelCard): number {
  const youden = card.threshold.other_operating_points.find((p) => p.rule.rule === 'youden')?.value_on_all_rows;
  return Math.max(HIGH_FROM_AT_LEAST, youden ?? 0, card.threshold.value);
}

export function bandOf(probability: number, threshold: number, highFrom: number): RiskBand {
  if (probability < threshold) return 'low';
  return probability < highFrom ? 'moderate' : 'high';
}

const round = (value: number, digits = 6) => Number(value.toFixed(digits));

/** What the service adds around the model run; every part is optional so a bare inference still gives a result. */
export type RiskExtras = {
  /** Guideline findings for these inputs (applyGuidelines), checked before the model. */
  guideline?: readonly GuidelineFinding[];
  /** Per numeric field, how the model's contribution changes a step above and below the value (slopesOf). */
  slopes?: Readonly<Record<string, { above: number; below: number }>>;
  uncertainty?: RiskResult['uncertainty'];
  /** The validated scores for these inputs (scoresFor); computed here when not given. */
  scores?: ScoreSet;
};

/** The result of one model run, ready to store and show. `inputs` are the validated form values. */
export function buildRiskResult(
  slug: RiskModelSlug,
  card: ModelCard,
  inference: Inference,
  inputs: Readonly<Record<string, number | null>>,
  extras: RiskExtras = {},
): RiskResult {
  const fields = CLINICAL_FORMS[slug] as readonly ClinicalField[];
  const fieldByKey = new Map(fields.map((f) => [f.key, f]));
  const threshold = card.threshold.value;
  const highFrom = highFromOf(card);
  const probability = Math.min(1, Math.max(0, round(inference.probability)));
  const isFlagged = probability >= threshold;
  const band = bandOf(probability, threshold, highFrom);
  const condition = card.title.toLowerCase();
  const averageOf = (key: string) => {
    const first = card.features.find((f) => f.key === key)?.design_columns?.[0];
    if (!first) return undefined;
    return first.column.startsWith('log1p(') ? Math.expm1(first.train_mean) : first.train_mean;
  };

  const factors: RiskFactor[] = card.onnx.input.order.map((key, i) => {
    const field = fieldByKey.get(key);
    const value = inputs[key] ?? null;
    const contribution = round(inference.contributions[i] ?? 0);
    const words = factorWordsOf('en', slug, key, value);
    const factor: RiskFactor = {
      key,
      label: words.label,
      value,
      displayValue: words.displayValue,
      contribution,
      direction: contribution > 0 ? 'up' : 'down',
    };
    return field ? { ...factor, ...reasonStatusOf(slug, field, factor, extras.slopes?.[key], averageOf(key)) } : factor;
  });
  factors.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));

  const guideline = [...(extras.guideline ?? [])];
  const scoreSet = extras.scores ?? scoresFor(slug, inputs);
  const words = riskWordsOf('en', slug, {
    condition,
    probability,
    band,
    threshold,
    guideline,
    scoreSet,
    uncertainty: extras.uncertainty,
  });
  return {
    kind: 'risk',
    condition,
    probability,
    band,
    threshold,
    highFrom,
    isFlagged,
    prediction: isFlagged ? 1 : 0,
    logit: round(inference.logit),
    bias: card.onnx.bias,
    factors,
    summary: words.summary,
    guideline,
    nextStep: words.nextStep,
    ...(extras.uncertainty ? { uncertainty: extras.uncertainty } : {}),
    scores: scoreSet.scores,
    ...(scoreSet.need.length > 0 ? { scoresNeed: scoreSet.need } : {}),
    modelFigure: words.modelFigure,
  };
}
