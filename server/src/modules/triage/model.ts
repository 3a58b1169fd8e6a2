import type { TriageLevel, TriageProfile } from '@medibuddy/contracts';
import { CONCEPTS } from '../../reading/lexicon';
import { compilePatterns } from './complaint-matcher';
import {
  loadDispositionRules,
  loadFlagConditions,
  loadNamedConditions,
  type AgeBand,
  type Condition,
  type DispositionRules,
  type Feature,
  type KnowledgeBase,
} from '../../content/triage/knowledge-base';

/**
 * The knowledge base as the triage engine reads it, and its naive Bayes ranking of the conditions: the prior from
 * age band, sex and pregnancy; each answered feature multiplies in P(answer | condition), with the feature's base
 * rate for conditions that do not list it.
 */

/** What the person said yes or no to, by feature id. */
export type Evidence = Map<string, 'yes' | 'no'>;

// FrequencySchema's scale as prior weights: each step about four times as common.
const FREQUENCY_WEIGHT = [0, 0.004, 0.016, 0.064, 0.25];
export const RANK: Record<TriageLevel, number> = { emergency: 3, urgent: 2, soon: 1, self_care: 0 };

export function ageBandOf(age: number): AgeBand {
  if (age < 2) return 'infant';
  if (age < 12) return 'child';
  if (age < 18) return 'teen';
  if (age < 65) return 'adult';
  return 'older';
}

export function isEligible(f: Feature, profile: TriageProfile): boolean {
  if (f.ages && (profile.age < f.ages.min || profile.age > f.ages.max)) return false;
  if (f.sex && f.sex !== profile.sex) return false;
  if (f.pregnantOnly && !profile.pregnant) return false;
  return true;
}

export function entropy(ps: Iterable<number>): number {
  let h = 0;
  for (const p of ps) if (p > 0) h -= p * Math.log2(p);
  return h;
}

export const xLogX = (x: number) => (x > 0 ? x * Math.log2(x) : 0);

export type TriageModel = {
  kb: KnowledgeBase;
  features: Map<string, Feature>;
  conditions: KnowledgeBase['conditions'];
  indexOf: Map<string, number>;
  /** The conditions each emergency warning sign of the shared safety check can mean. */
  flagConditions: ReadonlyMap<string, readonly string[]>;
  /** What sends an emergency to A&E rather than an ambulance, and self care to a pharmacist. */
  dispositionRules: DispositionRules;
  /** The conditions each concept of the shared reading names ('my asthma'). */
  namedConditions: ReadonlyMap<string, readonly string[]>;
  /** The complaint's phrases, for reading a complaint into features. */
  patterns: ReturnType<typeof compilePatterns>;
  /** P(yes | condition) by feature id, for each condition: its symptoms and risks. */
  likelihood: Map<string, number>[];
  /** P(yes | condition) for each feature as one row over the conditions, for the information-gain loop. */
  likelihoodRows: Map<string, Float64Array>;
  /** Each condition's own level, as a RANK. */
  levelRank: number[];
  /** The questions asked first when nothing in the complaint was understood. */
  screenFirst: Feature[];
};

export function modelOf(kb: KnowledgeBase): TriageModel {
  const features = new Map(kb.features.map((f) => [f.id, f]));
  const patterns = compilePatterns(kb.features);
  const conditions = kb.conditions;
  const indexOf = new Map(conditions.map((c, ci) => [c.id, ci]));
  const flagConditions = loadFlagConditions(kb);
  const namedConditions = loadNamedConditions(kb, new Set(CONCEPTS.keys()));
  const dispositionRules = loadDispositionRules(kb);
  const likelihood = conditions.map((c) => {
    const row = new Map<string, number>();
    for (const [id, p] of Object.entries(c.symptoms)) row.set(id, p);
    for (const [id, p] of Object.entries(c.risks)) row.set(id, p);
    return row;
  });
  const model: TriageModel = {
    kb,
    features,
    conditions,
    indexOf,
    flagConditions,
    dispositionRules,
    namedConditions,
    patterns,
    likelihood,
    likelihoodRows: new Map(),
    levelRank: conditions.map((c) => RANK[c.level]),
    screenFirst: kb.features.filter((f) => f.askWhenUnclear),
  };
  for (const f of kb.features)
    model.likelihoodRows.set(
      f.id,
      Float64Array.from(conditions, (_, ci) => pOf(model, ci, f)),
    );
  return model;
}

/** P(yes | condition) for a feature: the condition's own figure, else the feature's base rate. */
export function pOf(model: TriageModel, ci: number, f: Feature): number {
  return model.likelihood[ci]!.get(f.id) ?? f.baseRate;
}

/**
 * A condition's level for this person: a guideline's rule for their age, pregnancy or something they said (a
 * broken bone that will not bear weight, back pain for more than 4 weeks) can make it sooner, never later.
 */
export function levelOf(c: Condition, profile: TriageProfile, evidence: Evidence): TriageLevel {
  let level = c.level;
  for (const rule of c.levelRules) {
    if (rule.ages && (profile.age < rule.ages.min || profile.age > rule.ages.max)) continue;
    if (rule.pregnant && !profile.pregnant) continue;
    if (rule.said && evidence.get(rule.said) !== 'yes') continue;
    if (RANK[rule.level] > RANK[level]) level = rule.level;
  }
  return level;
}

export function priorsOf(model: TriageModel, profile: TriageProfile): number[] {
  const band = ageBandOf(profile.age);
  return model.conditions.map((c) => {
    const pregnancyFactor =
      c.pregnancy === 'only' ? (profile.pregnant ? 1 : 0) : c.pregnancy === 'never' && profile.pregnant ? 0 : 1;
    return FREQUENCY_WEIGHT[c.prevalence[band]]! * c.sex[profile.sex] * pregnancyFactor;
  });
}

export function posteriorOf(model: TriageModel, priors: number[], evidence: Evidence): number[] {
  const logs = priors.map((prior, ci) => {
    if (prior === 0) return -Infinity;
    let l = Math.log(prior);
    for (const [id, answer] of evidence) {
      const f = model.features.get(id);
      if (!f) continue;
      const p = pOf(model, ci, f);
      l += Math.log(answer === 'yes' ? p : 1 - p);
    }
    return l;
  });
  const max = Math.max(...logs);
  if (max === -Infinity) return priors.map(() => 0);
  const w = logs.map((l) => Math.exp(l - max));
  const z = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / z);
}

/** The probability held by each triage level (indexed by RANK). */
export function levelMass(model: TriageModel, posterior: number[]): number[] {
  const mass = [0, 0, 0, 0];
  posterior.forEach((p, ci) => {
    const rank = model.levelRank[ci]!;
    mass[rank] = mass[rank]! + p;
  });
  return mass;
}
