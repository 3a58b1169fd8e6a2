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
  type GuidelineFinding,
  type NextStep,
  TIMEFRAME_HEADING,
} from '@medibuddy/contracts';
import type { Inference, ModelCard } from '../../plugins/models';
import { nextStepOf, overridingOf, titleInSentence } from '../clinical/guidelines/guidelines';
import { reasonStatusOf } from './explanations';

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
  return `${opening} That is high for this model: please see a doctor within days to talk about testing for ${condition}.`;
}

/** The step the model's band alone gives, when no guideline asks for more. */
export function bandNextStepOf(condition: string, band: RiskBand): NextStep {
  if (band === 'high') {
    return {
      timeframe: 'days',
      heading: TIMEFRAME_HEADING.days,
      text: `See a doctor within days to talk about testing for ${condition}.`,
    };
  }
  if (band === 'moderate') {
    return {
      timeframe: 'routine',
      heading: TIMEFRAME_HEADING.routine,
      text: `Book a routine appointment to talk about whether you need a test for ${condition}.`,
    };
  }
  return {
    timeframe: 'routine',
    heading: TIMEFRAME_HEADING.routine,
    text: `Nothing here needs a doctor soon. Keep to your usual check-ups, and see a doctor sooner if you have symptoms or worries about ${condition}.`,
  };
}

/**
 * A low estimate that unknown answers could have put above the check level reassures nobody: the step then says so
 * and asks for a doctor's view of the missing tests.
 */
export function uncertainStepOf(
  step: NextStep,
  condition: string,
  band: RiskBand,
  threshold: number,
  uncertainty: RiskResult['uncertainty'],
): NextStep {
  if (!uncertainty || band !== 'low' || uncertainty.high < threshold) return step;
  const n = uncertainty.unknownFields.length;
  return {
    ...step,
    text:
      `Book a routine appointment: with ${n} ${n === 1 ? 'answer' : 'answers'} unknown, this low estimate could have been above ` +
      `the check level had ${n === 1 ? 'it' : 'they'} been measured, so it does not rule ${condition} out. A doctor can tell whether you need those tests; see one sooner if you have symptoms.`,
  };
}

/**
 * The summary when a measured value meets a guideline threshold: the threshold leads, and the model's estimate
 * follows as the lesser evidence (a value at a diagnostic cut-off counts more than a model trained on a small study).
 */
export function guidelineSummaryOf(
  findings: readonly GuidelineFinding[],
  condition: string,
  probability: number,
  band: RiskBand,
): string {
  const lead = findings[0]!;
  const also =
    findings.length > 1
      ? ` Also: ${findings
          .slice(1)
          .map((f) => titleInSentence(f.title))
          .join('; ')}.`
      : '';
  return (
    `${lead.title} (${lead.value}). ${lead.nextStep}${also} ` +
    `The model's estimated chance of ${condition} is ${percent(probability)} (${band}), but a measured value at a guideline threshold counts more than the estimate.`
  );
}

const round = (value: number, digits = 6) => Number(value.toFixed(digits));

/** What the service adds around the model run; every part is optional so a bare inference still gives a result. */
export type RiskExtras = {
  /** Guideline findings for these inputs (applyGuidelines), checked before the model. */
  guideline?: readonly GuidelineFinding[];
  /** Per numeric field, how the model's contribution changes a step above and below the value (slopesOf). */
  slopes?: Readonly<Record<string, { above: number; below: number }>>;
  uncertainty?: RiskResult['uncertainty'];
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
    const factor: RiskFactor = {
      key,
      label: field?.label ?? key,
      value,
      displayValue: field ? displayValueOf(field, value) : String(value ?? 'Not measured'),
      contribution,
      direction: contribution > 0 ? 'up' : 'down',
    };
    return field ? { ...factor, ...reasonStatusOf(slug, field, factor, extras.slopes?.[key], averageOf(key)) } : factor;
  });
  factors.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));

  const guideline = [...(extras.guideline ?? [])];
  const overriding = overridingOf(slug, guideline);
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
    summary:
      overriding.length > 0
        ? guidelineSummaryOf(overriding, condition, probability, band)
        : summaryOf(condition, probability, band, threshold),
    guideline,
    nextStep: nextStepOf(
      guideline,
      uncertainStepOf(bandNextStepOf(condition, band), condition, band, threshold, extras.uncertainty),
    ),
    ...(extras.uncertainty ? { uncertainty: extras.uncertainty } : {}),
  };
}
