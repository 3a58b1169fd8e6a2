import {
  TRIAGE_LEVEL_OF_DISPOSITION,
  TRIAGE_NOT_A_DIAGNOSIS,
  type TriageAdvice,
  type TriageConditionResult,
  type TriageDisposition,
  type TriageLevel,
  type TriageProfile,
  type TriageResult,
} from '@medibuddy/contracts';
import { noticeOf, type SafetyVerdict } from '../../reading/safety';
import { redFlagsRaised, saidYes } from './evidence';
import type { Condition } from '../../content/triage/knowledge-base';
import { type Evidence, levelOf, pOf, RANK, type TriageModel } from './model';
import type { TriageTexts } from '../../content/triage/texts';

/**
 * The symptom check's result: the triage level, the most urgent that a red flag or any condition above its floor
 * requires, with its reasons, and the conditions listed with what supports and opposes each.
 */

/**
 * A condition counts towards the triage level once its probability reaches the floor of its level: lower for
 * the more dangerous levels, because missing an emergency costs more than an unneeded visit.
 */
export const LEVEL_FLOORS: Record<TriageLevel, number> = { emergency: 0.1, urgent: 0.2, soon: 0.25, self_care: 0 };
const RESULT_MIN_PROBABILITY = 0.03;

const LINKS: Record<Condition['links'][number], { label: string; href: string }> = {
  medicines: { label: 'Medicine guidance', href: '/medicines' },
  chat: { label: 'Ask MediBuddy chat', href: '/medibuddy' },
  heart: { label: 'Heart disease test', href: '/heart-disease' },
  diabetes: { label: 'Diabetes test', href: '/diabetes' },
  kidney: { label: 'Kidney stone test', href: '/kidneyStone' },
  liver: { label: 'Liver disease test', href: '/liverDisease' },
  blood: { label: 'Blood test analysis', href: '/bloodTest' },
  skin: { label: 'Skin picture check', href: '/skin-disease' },
};

function adviceFor(disposition: TriageDisposition, reasons: string[], crisis: boolean, say: TriageTexts): TriageAdvice {
  const level = TRIAGE_LEVEL_OF_DISPOSITION[disposition];
  const text = say.disposition(disposition);
  return {
    level,
    disposition,
    headline: text.headline,
    advice: crisis ? `${say.crisis} ${text.advice}` : text.advice,
    meanwhile: text.meanwhile,
    callAgain: text.callAgain,
    reasons,
    isCrisis: crisis,
    ...(level === 'emergency' || crisis ? { emergencyNumbers: say.emergencyNumbers } : {}),
    ...(say.language ? { language: say.language } : {}),
  };
}

/**
 * NHS 111's disposition for a level (dispositions.json): an emergency goes to A&E only when everything that made it
 * one (`raisedBy`: a warning sign, a red-flag feature or a condition) is on the A&E list, and never in a crisis; self
 * care goes to a pharmacist when the condition shown first is one a pharmacist can help with.
 */
function dispositionOf(
  level: TriageLevel,
  raisedBy: readonly string[],
  crisis: boolean,
  firstShown: string | undefined,
  rules: TriageModel['dispositionRules'],
): TriageDisposition {
  switch (level) {
    case 'emergency':
      return !crisis && raisedBy.length > 0 && raisedBy.every((key) => rules.emergencyDepartment.has(key))
        ? 'emergency_department'
        : 'call_emergency';
    case 'urgent':
      return 'urgent_same_day';
    case 'soon':
      return 'gp_two_weeks';
    case 'self_care':
      return firstShown !== undefined && rules.pharmacy.has(firstShown) ? 'pharmacy' : 'self_care';
  }
}

export function resultOf(
  model: TriageModel,
  profile: TriageProfile,
  verdict: SafetyVerdict,
  say: TriageTexts,
  evidence: Evidence,
  posterior: number[],
  understood: string[],
): TriageResult {
  const { conditions, likelihood, namedConditions, flagConditions, indexOf, kb } = model;
  const raised: { level: TriageLevel; reason: string }[] = [];
  /** What raised the level to an emergency: `flag:<id>`, `feature:<id>` or `condition:<id>`, for the disposition. */
  const emergencyBy: string[] = [];
  let level: TriageLevel = 'self_care';
  const raise = (to: TriageLevel, reason: string, by: string) => {
    if (RANK[to] > RANK[level]) level = to;
    if (to === 'emergency') emergencyBy.push(by);
    if (RANK[to] > 0 && !raised.some((r) => r.reason === reason)) raised.push({ level: to, reason });
  };
  const notice = noticeOf(verdict);
  const crisis =
    (notice?.flags.some((f) => f.kind === 'crisis') ?? false) ||
    redFlagsRaised(model, evidence).some((f) => f.redFlag!.crisis);
  for (const flag of notice?.flags ?? []) raise('emergency', flag.advice, `flag:${flag.id}`);
  for (const f of redFlagsRaised(model, evidence)) raise(f.redFlag!.level, say.reason(f), `feature:${f.id}`);
  // Conditions are shown only when they have something the person said yes to: a common condition that merely
  // kept its prior (a cold, for a complaint of thoughts of suicide) is not an answer.
  const said = saidYes(evidence);
  const order = posterior
    .map((p, ci) => ({ p, ci }))
    // A condition is related to what was said through its symptoms or its own red flags (one-sided weakness is
    // stroke's red flag): an emergency said in the complaint names the emergency it is.
    .filter(({ p, ci }) => p > 0 && said.some((id) => likelihood[ci]!.has(id) || conditions[ci]!.redFlags.includes(id)))
    .sort((a, b) => b.p - a.p);
  const top = order[0]?.ci;
  const isRelated = new Set(order.map((o) => o.ci));
  const levels = conditions.map((c) => levelOf(c, profile, evidence));
  posterior.forEach((p, ci) => {
    const c = conditions[ci]!;
    const cLevel = levels[ci]!;
    // The condition shown first always counts: advice must not be milder than the answer we rank highest. A condition
    // with nothing the person said keeps its level's weight, but is never given as what the answers fit.
    if (cLevel !== 'self_care' && (p >= LEVEL_FLOORS[cLevel] || (ci === top && p > 0)))
      raise(cLevel, isRelated.has(ci) ? say.fits(c, cLevel) : say.checked(cLevel), `condition:${c.id}`);
  });
  // Nothing said matched a symptom ("pain in my lower right tummy" before the vocabulary knew it): the answers
  // cannot show that self-care is safe, so the person is told so and who can check.
  if (said.length === 0) raise('soon', say.notUnderstood, 'not-understood');
  // Under an emergency, the reasons are the emergency's (never "fits panic attacks … within a few days" inside
  // the red box), and the conditions listed are those that need care today or sooner, the emergencies first: a
  // condition a guideline calls not dangerous is never shown under "call an emergency number".
  const final = level as TriageLevel;
  /** How many of a condition's own red flags the person said yes to: those emergencies come first. */
  const flagsSaid = (ci: number) => conditions[ci]!.redFlags.filter((id) => evidence.get(id) === 'yes').length;
  /** How much of what was said a condition has, as its symptoms or its red flags. */
  const related = (ci: number) =>
    said.filter((id) => likelihood[ci]!.has(id) || conditions[ci]!.redFlags.includes(id)).length;
  /** Conditions the person named ('my asthma'): 1 for those, so they come first among equals under an emergency. */
  const namedIds = new Set(verdict.readings.flatMap((r) => r.concepts).flatMap((c) => namedConditions.get(c.id) ?? []));
  const named = (ci: number) => (namedIds.has(conditions[ci]!.id) ? 1 : 0);
  const reasons = raised.filter((r) => final !== 'emergency' || r.level === 'emergency').map((r) => r.reason);
  // Under an emergency: the conditions whose own warning signs were said first, then those that hold more of what
  // was said (vomiting with coffee grounds and feeling faint is a bleed before a head injury), then the more urgent.
  const listed =
    final === 'emergency'
      ? order
          .filter(({ ci }) => RANK[levels[ci]!] >= RANK.urgent)
          .sort(
            (a, b) =>
              flagsSaid(b.ci) - flagsSaid(a.ci) ||
              named(b.ci) - named(a.ci) ||
              related(b.ci) - related(a.ci) ||
              RANK[levels[b.ci]!] - RANK[levels[a.ci]!] ||
              b.p - a.p,
          )
      : order;
  // The conditions an emergency warning sign in the words can mean come first (stroke for a drooping face,
  // a bleeding ulcer for vomiting blood), those with more of what was said first, whatever the ranking says.
  const signed =
    final === 'emergency'
      ? [
          ...new Set(
            (notice?.flags ?? []).flatMap((flag) => flagConditions.get(flag.id) ?? []).map((id) => indexOf.get(id)!),
          ),
        ]
          // Only conditions this person can have (pre-eclampsia only in pregnancy).
          .filter((ci) => levels[ci] !== 'self_care' && posterior[ci]! > 0)
          .sort((a, b) => named(b) - named(a) || related(b) - related(a) || posterior[b]! - posterior[a]!)
          .slice(0, 3)
      : [];
  const ranked = listed.filter((o, i) => i < 3 || (i < 5 && o.p >= RESULT_MIN_PROBABILITY));
  const shown = [
    ...signed.map((ci) => ({ p: posterior[ci]!, ci, fromWarningSign: true })),
    ...ranked.filter((o) => !signed.includes(o.ci)).map((o) => ({ ...o, fromWarningSign: false })),
  ].slice(0, Math.max(3, signed.length));
  const conditionResults = shown.map((o) => conditionResultOf(model, say, evidence, levels, o));
  return {
    triage: adviceFor(
      dispositionOf(final, emergencyBy, crisis, conditionResults[0]?.id, model.dispositionRules),
      reasons,
      crisis,
      say,
    ),
    conditions: conditionResults,
    understood,
    notice: TRIAGE_NOT_A_DIAGNOSIS,
    knowledgeBaseVersion: kb.version,
  };
}

/** A condition as listed: its probability and level, and the answers that support and oppose it. */
function conditionResultOf(
  model: TriageModel,
  say: TriageTexts,
  evidence: Evidence,
  levels: readonly TriageLevel[],
  { p, ci, fromWarningSign }: { p: number; ci: number; fromWarningSign: boolean },
): TriageConditionResult {
  const { conditions, features } = model;
  const c = conditions[ci]!;
  const supporting: string[] = [];
  const opposing: string[] = [];
  for (const [id, answer] of evidence) {
    const f = features.get(id)!;
    const pc = pOf(model, ci, f);
    if (answer === 'yes' && pc >= Math.max(0.15, 2 * f.baseRate)) supporting.push(say.label(f));
    if (answer === 'no' && pc >= 0.5) opposing.push(say.label(f));
  }
  return {
    id: c.id,
    name: say.conditionName(c),
    probability: Math.round(p * 1000) / 1000,
    level: levels[ci]!,
    supportingAnswers: supporting,
    opposingAnswers: opposing,
    summary: say.summary(c),
    source: c.source,
    links: c.links.map((l) => LINKS[l]),
    ...(fromWarningSign ? { fromWarningSign } : {}),
  };
}
