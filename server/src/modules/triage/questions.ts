import type { TriageProfile } from '@medibuddy/contracts';
import type { Feature } from '../../content/triage/knowledge-base';
import { entropy, isEligible, levelMass, RANK, type TriageModel, xLogX } from './model';

/**
 * Which question the engine asks next: the red-flag questions of the candidate conditions first, then what a likely
 * condition's level rule turns on, then the question with the largest expected information gain over the
 * conditions and over the triage levels.
 */

/** Red-flag questions asked first, at most. */
export const MAX_RED_FLAG_QUESTIONS = 5;
/** A red flag is asked first when the candidate conditions that list it hold this much probability. */
const RED_FLAG_MIN_MASS = 0.05;
/** Stop when no question is expected to tell this much (bits). */
const MIN_GAIN = 0.02;
/** Weight of the information about the triage level against that about the condition. */
const LEVEL_GAIN_WEIGHT = 1.5;
/** A condition this likely has its level rules' questions asked (how long, can you bear weight). */
const RULE_QUESTION_MIN = 0.15;

/**
 * Expected bits learned about the condition and the level by asking f: H(before) - E[H(after)], in one pass
 * over the conditions (H(after yes) = log pYes - sum(y log y) / pYes), since this runs for every question.
 */
function gainOf(
  model: TriageModel,
  f: Feature,
  posterior: number[],
  before: { conditions: number; levels: number },
): number {
  const row = model.likelihoodRows.get(f.id)!;
  let pYes = 0;
  let yLogY = 0;
  let nLogN = 0;
  const levelYes = [0, 0, 0, 0];
  const levelNo = [0, 0, 0, 0];
  for (let ci = 0; ci < posterior.length; ci++) {
    const prior = posterior[ci]!;
    if (prior === 0) continue;
    const y = prior * row[ci]!;
    const n = prior - y;
    pYes += y;
    yLogY += xLogX(y);
    nLogN += xLogX(n);
    const rank = model.levelRank[ci]!;
    levelYes[rank] = levelYes[rank]! + y;
    levelNo[rank] = levelNo[rank]! + n;
  }
  const pNo = 1 - pYes;
  if (pYes <= 1e-9 || pNo <= 1e-9) return 0;
  const conditionGain = before.conditions - (xLogX(pYes) - yLogY) - (xLogX(pNo) - nLogN);
  const levelAfter =
    xLogX(pYes) - levelYes.reduce((a, x) => a + xLogX(x), 0) + (xLogX(pNo) - levelNo.reduce((a, x) => a + xLogX(x), 0));
  return conditionGain + LEVEL_GAIN_WEIGHT * (before.levels - levelAfter);
}

export function nextRedFlag(
  model: TriageModel,
  profile: TriageProfile,
  posterior: number[],
  known: Set<string>,
  asked: number,
  isUnclear: boolean,
  said: string[],
): Feature | null {
  if (asked >= MAX_RED_FLAG_QUESTIONS) return null;
  // Nothing in the complaint was understood, so the candidates are only the priors: screen for the worst first.
  if (isUnclear) {
    const screen = model.screenFirst.find((f) => !known.has(f.id) && isEligible(f, profile));
    if (screen) return screen;
  }
  // Only conditions that have something the person said yes to: once the complaint's own red flags are denied,
  // the priors of unrelated common conditions must not bring their red flags (a burn is not asked about suicide).
  const mass = new Map<string, number>();
  posterior.forEach((p, ci) => {
    if (said.length > 0 && !said.some((id) => model.likelihood[ci]!.has(id))) return;
    for (const id of model.conditions[ci]!.redFlags) mass.set(id, (mass.get(id) ?? 0) + p);
  });
  let best: Feature | null = null;
  let bestMass = RED_FLAG_MIN_MASS;
  for (const [id, m] of mass) {
    const f = model.features.get(id)!;
    if (known.has(id) || !isEligible(f, profile)) continue;
    if (m > bestMass) {
      best = f;
      bestMass = m;
    }
  }
  return best;
}

/**
 * What a likely condition's level rule turns on ('for more than 4 weeks?' for back pain or heartburn, 'can you put
 * weight on it?' for a broken bone), asked before the level is given, once the red flags are done.
 */
export function nextRuleQuestion(
  model: TriageModel,
  profile: TriageProfile,
  posterior: number[],
  known: Set<string>,
): Feature | null {
  const { conditions, features } = model;
  let best: Feature | null = null;
  let bestMass = RULE_QUESTION_MIN;
  posterior.forEach((p, ci) => {
    if (p < bestMass) return;
    for (const rule of conditions[ci]!.levelRules) {
      const f = rule.said ? features.get(rule.said) : undefined;
      if (!f || known.has(f.id) || !isEligible(f, profile) || RANK[rule.level] <= RANK[conditions[ci]!.level]) continue;
      best = f;
      bestMass = p;
    }
  });
  return best;
}

/** The question not yet known expected to tell the most about the condition and the level; null below MIN_GAIN. */
export function mostInformative(
  model: TriageModel,
  profile: TriageProfile,
  posterior: number[],
  known: Set<string>,
): Feature | null {
  let best: Feature | null = null;
  let bestGain = MIN_GAIN;
  const before = { conditions: entropy(posterior), levels: entropy(levelMass(model, posterior)) };
  for (const f of model.kb.features) {
    if (known.has(f.id) || !isEligible(f, profile)) continue;
    const gain = gainOf(model, f, posterior, before);
    if (gain > bestGain) {
      best = f;
      bestGain = gain;
    }
  }
  return best;
}
