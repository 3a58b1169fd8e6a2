import type { Language, NextStep } from '@medibuddy/contracts';
import type { PointSteps, RiskLevel } from '../../../content/risk-scores';
import { numberIn } from '../../../locales/numbers';
import { say } from '../../../locales/result-texts';

/** What every score shares: its bands and points, and the words it is said in (scores.ts computes the scores). */

export type Band = { below?: number | undefined; label: string; level: RiskLevel };

/** The first band the value is below; the last band has no bound. */
export function bandFor<B extends Band>(bands: readonly B[], value: number): B {
  return bands.find((b) => b.below === undefined || value < b.below) ?? bands[bands.length - 1]!;
}

export function pointsFor(steps: PointSteps, value: number): number {
  const step = steps.find(
    (s) =>
      (s.below === undefined && s.upTo === undefined) || (s.below !== undefined ? value < s.below : value <= s.upTo!),
  );
  return step!.points;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

/** 'about 25 in 100' from a probability; never a bare 0 or 100. */
export function inHundredText(probability: number, language: Language = 'en'): string {
  if (probability < 0.005) return say(language, 'score.inHundred.fewer');
  if (probability > 0.995) return say(language, 'score.inHundred.more');
  return say(language, 'score.inHundred.about', { count: numberIn(language, Math.round(probability * 100)) });
}

/** The heading a page prints above a next step of this timeframe ('See a doctor today'). */
export function timeframeHeadingIn(language: Language, timeframe: NextStep['timeframe']): string {
  return say(language, `result.timeframe.${timeframe}`);
}

export function stepOf(
  steps: Partial<Record<RiskLevel, { timeframe: 'routine' | 'days'; text: string }>>,
  level: RiskLevel,
  language: Language,
) {
  const step = steps[level];
  return step
    ? { timeframe: step.timeframe, heading: timeframeHeadingIn(language, step.timeframe), text: step.text }
    : undefined;
}
