import {
  CLINICAL_FORMS,
  formatFieldValue,
  optionsOf,
  unitShownOf,
  type ClinicalField,
  type RiskBand,
  type RiskFactor,
  type RiskModelSlug,
  type RiskResult,
} from '@medibuddy/contracts';
import type { Inference, ModelCard } from '../../plugins/models';

/**
 * From a model's raw output to what a result page shows: band, factors in words, one summary sentence.
 * Pure functions of the card and the inference, so they are tested without a model.
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

/** '23%', 'less than 1%', 'more than 99%': a rounded 0% or 100% would claim a certainty the model lacks. */
export function percent(probability: number): string {
  if (probability < 0.005) return 'less than 1%';
  if (probability > 0.995) return 'more than 99%';
  return `${Math.round(probability * 100)}%`;
}

/** The value as the form offered it: '130 mm Hg', 'Asymptomatic', '2.4 mm', 'Not measured'. */
export function displayValueOf(field: ClinicalField, value: number | null | undefined): string {
  if (value === null || value === undefined) return 'Not measured';
  if (field.type === 'code' || field.type === 'yesno') {
    return optionsOf(field).find((o) => o.value === value)?.label ?? String(value);
  }
  const text = formatFieldValue(field, value);
  const unit = unitShownOf(field);
  return unit ? `${text} ${unit}` : text;
}

export function summaryOf(condition: string, probability: number, band: RiskBand, threshold: number): string {
  const opening = `The model puts your estimated chance of ${condition} at ${percent(probability)} — ${band}.`;
  const level = percent(threshold);
  if (band === 'low') {
    return `${opening} That is below ${level}, the level from which this screening model suggests a check with a doctor. It does not rule ${condition} out.`;
  }
  if (band === 'moderate') {
    return `${opening} That is above ${level}, the level from which this screening model suggests a check, so it is worth discussing with a doctor at a routine appointment.`;
  }
  return `${opening} That is high for this model: please see a doctor soon to talk about testing for ${condition}.`;
}

const round = (value: number, digits = 6) => Number(value.toFixed(digits));

/** The result of one model run, ready to store and show. `inputs` are the validated form values. */
export function buildRiskResult(
  slug: RiskModelSlug,
  card: ModelCard,
  inference: Inference,
  inputs: Readonly<Record<string, number | null>>,
): RiskResult {
  const fields = CLINICAL_FORMS[slug] as readonly ClinicalField[];
  const fieldByKey = new Map(fields.map((f) => [f.key, f]));
  const threshold = card.threshold.value;
  const highFrom = highFromOf(card);
  const probability = Math.min(1, Math.max(0, round(inference.probability)));
  const isFlagged = probability >= threshold;
  const band = bandOf(probability, threshold, highFrom);
  const condition = card.title.toLowerCase();

  const factors: RiskFactor[] = card.onnx.input.order.map((key, i) => {
    const field = fieldByKey.get(key);
    const value = inputs[key] ?? null;
    const contribution = round(inference.contributions[i] ?? 0);
    return {
      key,
      label: field?.label ?? key,
      value,
      displayValue: field ? displayValueOf(field, value) : String(value ?? 'Not measured'),
      contribution,
      direction: contribution > 0 ? 'up' : 'down',
    };
  });
  factors.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));

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
    summary: summaryOf(condition, probability, band, threshold),
  };
}
