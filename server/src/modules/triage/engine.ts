import {
  TRIAGE_NOT_A_DIAGNOSIS,
  type TriageAdvice,
  type TriageConditionResult,
  type TriageLevel,
  type TriageProfile,
  type TriageQuestion,
  type TriageResult,
  type TriageSession,
} from '@medibuddy/contracts';
import { loadReferenceValues, requireThreshold } from '../../content/reference-values';
import { CONCEPTS } from '../../reading/lexicon';
import { checkSafety, noticeOf, type SafetyVerdict } from '../../reading/safety';
import { compilePatterns, matchComplaint } from './complaint-matcher';
import {
  loadFlagConditions,
  loadNamedConditions,
  type AgeBand,
  type Condition,
  type Feature,
  type KnowledgeBase,
} from './knowledge-base';
import type { TriageAdviceContent } from './advice';
import { loadTriageTexts, type TriageTexts } from './texts';

/**
 * The triage engine: pure functions of (knowledge base, session). A naive Bayes model ranks the conditions
 * (prior from age band, sex and pregnancy; each answered feature multiplies in P(answer | condition), with the
 * feature's base rate for conditions that do not list it). Red-flag questions of the candidate conditions are
 * asked first; then the question with the largest expected information gain over the conditions and over the
 * triage levels. The triage level is the most urgent that a red flag or any condition above its floor requires.
 */

/** Most questions asked in one assessment. */
export const MAX_QUESTIONS = 15;
/** Fewest questions before stopping early on a clear answer. */
export const MIN_QUESTIONS = 5;
/** Red-flag questions asked first, at most. */
export const MAX_RED_FLAG_QUESTIONS = 5;
/** A red flag is asked first when the candidate conditions that list it hold this much probability. */
const RED_FLAG_MIN_MASS = 0.05;
/**
 * A condition counts towards the triage level once its probability reaches the floor of its level: lower for
 * the more dangerous levels, because missing an emergency costs more than an unneeded visit.
 */
export const LEVEL_FLOORS: Record<TriageLevel, number> = { emergency: 0.1, urgent: 0.2, soon: 0.25, self_care: 0 };
/** Stop once the top condition holds this much probability (after MIN_QUESTIONS). */
const CONFIDENT = 0.85;
/** Stop when no question is expected to tell this much (bits). */
const MIN_GAIN = 0.02;
/** Weight of the information about the triage level against that about the condition. */
const LEVEL_GAIN_WEIGHT = 1.5;
const RESULT_MIN_PROBABILITY = 0.03;
/** A condition this likely has its level rules' questions asked (how long, can you bear weight). */
const RULE_QUESTION_MIN = 0.15;

// FrequencySchema's scale as prior weights: each step about four times as common.
const FREQUENCY_WEIGHT = [0, 0.004, 0.016, 0.064, 0.25];
const RANK: Record<TriageLevel, number> = { emergency: 3, urgent: 2, soon: 1, self_care: 0 };
/** Below this age the questions are asked of a parent, about their child. */
const CHILD_UNDER = 16;
/** A high temperature, in °C: 38 °C or more (NHS, reference-values.json temperature.fever). */
const FEVER_FROM_C = requireThreshold(loadReferenceValues(), 'temperature.fever.from');
/** Blood pressure read from the words (decision 030's reading): stage 2 from 140/90, a crisis above 180/120. */
const BP = {
  highFrom: requireThreshold(loadReferenceValues(), 'blood_pressure.stage2.systolicFrom'),
  highDiastolicFrom: requireThreshold(loadReferenceValues(), 'blood_pressure.stage2.diastolicFrom'),
  crisisAbove: requireThreshold(loadReferenceValues(), 'blood_pressure.crisis.systolicAbove'),
  crisisDiastolicAbove: requireThreshold(loadReferenceValues(), 'blood_pressure.crisis.diastolicAbove'),
};
/** Words that name the measurement, not a fever: with a normal number beside them they say no fever. */
const TEMPERATURE_WORDS = new Set(['temperature', 'temp']);

export type Engine = ReturnType<typeof createEngine>;

/** A concept of the reading said as not so: a negation among the three words before it ('not pregnant'). */
function isDenied(reading: SafetyVerdict['readings'][number], at: { start: number }): boolean {
  return reading.concepts.some((c) => c.id === 'negation' && c.start < at.start && c.start >= at.start - 3);
}

/**
 * Who the check is about, from the words as well as the form: a parent who gives their own age and writes about 'my
 * 2 year old son' is asked about a child of 2, and 'I'm 6 weeks pregnant' counts as pregnant when the form did not
 * say. The form's answer is kept where the words say nothing or say it is not so.
 */
export function profileFrom(profile: TriageProfile, verdict: SafetyVerdict): TriageProfile {
  const reading = verdict.readings[0];
  if (!reading) return profile;
  const pregnant = reading.concepts.find((c) => c.id === 'pregnant' && !isDenied(reading, c));
  const aboutAChildOrBaby = reading.concepts.some((c) => c.id === 'child' || c.id === 'baby');
  const months = reading.agesInMonths.filter((m) => m < CHILD_UNDER * 12);
  if (!pregnant && aboutAChildOrBaby && months.length > 0 && profile.age >= CHILD_UNDER) {
    const { pregnant: _pregnant, ...rest } = profile;
    return { ...rest, age: Math.floor(Math.min(...months) / 12) };
  }
  if (pregnant && profile.sex === 'female' && profile.pregnant === undefined && profile.age >= 11 && profile.age <= 55)
    return { ...profile, pregnant: true };
  return profile;
}

type Evidence = Map<string, 'yes' | 'no'>;

export function ageBandOf(age: number): AgeBand {
  if (age < 2) return 'infant';
  if (age < 12) return 'child';
  if (age < 18) return 'teen';
  if (age < 65) return 'adult';
  return 'older';
}

function isEligible(f: Feature, profile: TriageProfile): boolean {
  if (f.ages && (profile.age < f.ages.min || profile.age > f.ages.max)) return false;
  if (f.sex && f.sex !== profile.sex) return false;
  if (f.pregnantOnly && !profile.pregnant) return false;
  return true;
}

function entropy(ps: Iterable<number>): number {
  let h = 0;
  for (const p of ps) if (p > 0) h -= p * Math.log2(p);
  return h;
}

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

export type Assessment = {
  understood: string[];
  question: TriageQuestion | null;
  result: TriageResult | null;
  /** The ranked conditions (for tests and the benchmark). */
  ranking: { id: string; probability: number }[];
};

export function createEngine(kb: KnowledgeBase, advice: TriageAdviceContent) {
  const features = new Map(kb.features.map((f) => [f.id, f]));
  const textsFor = loadTriageTexts(kb, advice);
  const patterns = compilePatterns(kb.features);
  const conditions = kb.conditions;
  const indexOf = new Map(conditions.map((c, ci) => [c.id, ci]));
  const flagConditions = loadFlagConditions(kb);
  const namedConditions = loadNamedConditions(kb, new Set(CONCEPTS.keys()));
  const likelihood = conditions.map((c) => {
    const row = new Map<string, number>();
    for (const [id, p] of Object.entries(c.symptoms)) row.set(id, p);
    for (const [id, p] of Object.entries(c.risks)) row.set(id, p);
    return row;
  });
  const pOf = (ci: number, f: Feature) => likelihood[ci]!.get(f.id) ?? f.baseRate;
  // P(yes | condition) for each feature as one row over the conditions, for the information-gain loop.
  const likelihoodRows = new Map(kb.features.map((f) => [f.id, Float64Array.from(conditions, (_, ci) => pOf(ci, f))]));
  const levelRank = conditions.map((c) => RANK[c.level]);

  /**
   * A condition's level for this person: a guideline's rule for their age, pregnancy or something they said (a
   * broken bone that will not bear weight, back pain for more than 4 weeks) can make it sooner, never later.
   */
  function levelOf(c: Condition, profile: TriageProfile, evidence: Evidence): TriageLevel {
    let level = c.level;
    for (const rule of c.levelRules) {
      if (rule.ages && (profile.age < rule.ages.min || profile.age > rule.ages.max)) continue;
      if (rule.pregnant && !profile.pregnant) continue;
      if (rule.said && evidence.get(rule.said) !== 'yes') continue;
      if (RANK[rule.level] > RANK[level]) level = rule.level;
    }
    return level;
  }

  function priorsOf(profile: TriageProfile): number[] {
    const band = ageBandOf(profile.age);
    return conditions.map((c) => {
      const pregnancyFactor =
        c.pregnancy === 'only' ? (profile.pregnant ? 1 : 0) : c.pregnancy === 'never' && profile.pregnant ? 0 : 1;
      return FREQUENCY_WEIGHT[c.prevalence[band]]! * c.sex[profile.sex] * pregnancyFactor;
    });
  }

  function posteriorOf(priors: number[], evidence: Evidence): number[] {
    const logs = priors.map((prior, ci) => {
      if (prior === 0) return -Infinity;
      let l = Math.log(prior);
      for (const [id, answer] of evidence) {
        const f = features.get(id);
        if (!f) continue;
        const p = pOf(ci, f);
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

  function levelMass(posterior: number[]): number[] {
    const mass = [0, 0, 0, 0];
    posterior.forEach((p, ci) => {
      const rank = levelRank[ci]!;
      mass[rank] = mass[rank]! + p;
    });
    return mass;
  }

  const xLogX = (x: number) => (x > 0 ? x * Math.log2(x) : 0);

  /**
   * Expected bits learned about the condition and the level by asking f: H(before) - E[H(after)], in one pass
   * over the conditions (H(after yes) = log pYes - sum(y log y) / pYes), since this runs for every question.
   */
  function gainOf(f: Feature, posterior: number[], before: { conditions: number; levels: number }): number {
    const row = likelihoodRows.get(f.id)!;
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
      const rank = levelRank[ci]!;
      levelYes[rank] = levelYes[rank]! + y;
      levelNo[rank] = levelNo[rank]! + n;
    }
    const pNo = 1 - pYes;
    if (pYes <= 1e-9 || pNo <= 1e-9) return 0;
    const conditionGain = before.conditions - (xLogX(pYes) - yLogY) - (xLogX(pNo) - nLogN);
    const levelAfter =
      xLogX(pYes) -
      levelYes.reduce((a, x) => a + xLogX(x), 0) +
      (xLogX(pNo) - levelNo.reduce((a, x) => a + xLogX(x), 0));
    return conditionGain + LEVEL_GAIN_WEIGHT * (before.levels - levelAfter);
  }

  function evidenceOf(session: TriageSession, verdict: SafetyVerdict, say: TriageTexts) {
    // A Hindi or Hinglish complaint is matched through the English its reading gives (decision 025).
    const complaint = verdict.readings[0]?.described || session.complaint;
    const matches = matchComplaint(patterns, complaint, (id) => isEligible(features.get(id)!, session.profile));
    // A temperature given as a number is a fever at the NHS threshold, in whichever unit it was typed (decision 030:
    // the reading measures '102 F', '38.9 C' and '102 bukhar' alike, in °C), even with no word for fever.
    // A normal temperature given as a number is not a fever because the word 'temperature' came with it.
    const temperatures = verdict.readings.flatMap((r) => r.measured).filter((m) => m.measure === 'temperature');
    const fever = temperatures.find((m) => m.value >= FEVER_FROM_C);
    if (temperatures.length > 0 && !fever) {
      const byWordOnly = matches.findIndex((m) => m.featureId === 'fever' && TEMPERATURE_WORDS.has(m.phrase));
      if (byWordOnly >= 0) matches.splice(byWordOnly, 1);
    }
    if (fever && features.has('fever') && !matches.some((m) => m.featureId === 'fever')) {
      matches.push({ featureId: 'fever', answer: 'yes', phrase: `${Number(fever.value.toFixed(1))} °C` });
    }
    // A blood pressure typed as numbers ('bp 192/122') is a reading, high or very high by the reference table.
    for (const m of verdict.readings.flatMap((r) => r.measured)) {
      if (m.measure !== 'blood-pressure' || m.second === undefined) continue;
      const add = (featureId: string, phrase: string) => {
        if (features.has(featureId) && !matches.some((x) => x.featureId === featureId))
          matches.push({ featureId, answer: 'yes', phrase });
      };
      if (m.value >= BP.highFrom || m.second >= BP.highDiastolicFrom) add('high_bp_reading', `${m.value}/${m.second}`);
      if (m.value > BP.crisisAbove || m.second > BP.crisisDiastolicAbove) add('very_high_bp', `${m.value}/${m.second}`);
    }
    // A baby whose age the words give in weeks or months ('my 7 week old'), under 3 months, with a fever: that is the
    // high-risk sign itself (NICE NG143), not a question to ask again.
    const months = verdict.readings.flatMap((r) => r.agesInMonths);
    const youngBaby = session.profile.age === 0 && months.length > 0 && Math.min(...months) < 3;
    const hasFever = matches.some((m) => m.featureId === 'fever' && m.answer === 'yes');
    if (
      youngBaby &&
      hasFever &&
      features.has('infant_fever_young') &&
      !matches.some((m) => m.featureId === 'infant_fever_young')
    )
      matches.push({ featureId: 'infant_fever_young', answer: 'yes', phrase: 'fever under 3 months' });
    const evidence: Evidence = new Map();
    for (const m of matches) evidence.set(m.featureId, m.answer);
    const answered = new Set<string>();
    for (const a of session.answers) {
      answered.add(a.questionId);
      if (a.answer === 'dont_know') evidence.delete(a.questionId);
      else evidence.set(a.questionId, a.answer);
    }
    const understood = matches.filter((m) => m.answer === 'yes').map((m) => say.label(features.get(m.featureId)!));
    return { evidence, answered, understood };
  }

  const saidYes = (evidence: Evidence) => [...evidence].filter(([, a]) => a === 'yes').map(([id]) => id);

  function redFlagsRaised(evidence: Evidence): Feature[] {
    return [...evidence]
      .filter(([, a]) => a === 'yes')
      .map(([id]) => features.get(id)!)
      .filter((f) => f.redFlag);
  }

  const screenFirst = kb.features.filter((f) => f.askWhenUnclear);

  function nextRedFlag(
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
      const screen = screenFirst.find((f) => !known.has(f.id) && isEligible(f, profile));
      if (screen) return screen;
    }
    // Only conditions that have something the person said yes to: once the complaint's own red flags are denied,
    // the priors of unrelated common conditions must not bring their red flags (a burn is not asked about suicide).
    const mass = new Map<string, number>();
    posterior.forEach((p, ci) => {
      if (said.length > 0 && !said.some((id) => likelihood[ci]!.has(id))) return;
      for (const id of conditions[ci]!.redFlags) mass.set(id, (mass.get(id) ?? 0) + p);
    });
    let best: Feature | null = null;
    let bestMass = RED_FLAG_MIN_MASS;
    for (const [id, m] of mass) {
      const f = features.get(id)!;
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
  function nextRuleQuestion(profile: TriageProfile, posterior: number[], known: Set<string>): Feature | null {
    let best: Feature | null = null;
    let bestMass = RULE_QUESTION_MIN;
    posterior.forEach((p, ci) => {
      if (p < bestMass) return;
      for (const rule of conditions[ci]!.levelRules) {
        const f = rule.said ? features.get(rule.said) : undefined;
        if (!f || known.has(f.id) || !isEligible(f, profile) || RANK[rule.level] <= RANK[conditions[ci]!.level])
          continue;
        best = f;
        bestMass = p;
      }
    });
    return best;
  }

  function adviceFor(level: TriageLevel, reasons: string[], crisis: boolean, say: TriageTexts): TriageAdvice {
    return {
      level,
      headline: say.headline(level),
      advice: say.advice(level, crisis),
      reasons,
      isCrisis: crisis,
      ...(level === 'emergency' || crisis ? { emergencyNumbers: say.emergencyNumbers } : {}),
      ...(say.language ? { language: say.language } : {}),
    };
  }

  function resultOf(
    profile: TriageProfile,
    verdict: SafetyVerdict,
    say: TriageTexts,
    evidence: Evidence,
    posterior: number[],
    understood: string[],
  ): TriageResult {
    const raised: { level: TriageLevel; reason: string }[] = [];
    let level: TriageLevel = 'self_care';
    const raise = (to: TriageLevel, reason: string) => {
      if (RANK[to] > RANK[level]) level = to;
      if (RANK[to] > 0 && !raised.some((r) => r.reason === reason)) raised.push({ level: to, reason });
    };
    const notice = noticeOf(verdict);
    const crisis =
      (notice?.flags.some((f) => f.kind === 'crisis') ?? false) ||
      redFlagsRaised(evidence).some((f) => f.redFlag!.crisis);
    for (const flag of notice?.flags ?? []) raise('emergency', flag.advice);
    for (const f of redFlagsRaised(evidence)) raise(f.redFlag!.level, say.reason(f));
    // Conditions are shown only when they have something the person said yes to: a common condition that merely
    // kept its prior (a cold, for a complaint of thoughts of suicide) is not an answer.
    const said = saidYes(evidence);
    const order = posterior
      .map((p, ci) => ({ p, ci }))
      // A condition is related to what was said through its symptoms or its own red flags (one-sided weakness is
      // stroke's red flag): an emergency said in the complaint names the emergency it is.
      .filter(
        ({ p, ci }) => p > 0 && said.some((id) => likelihood[ci]!.has(id) || conditions[ci]!.redFlags.includes(id)),
      )
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
        raise(cLevel, isRelated.has(ci) ? say.fits(c, cLevel) : say.checked(cLevel));
    });
    // Nothing said matched a symptom ("pain in my lower right tummy" before the vocabulary knew it): the answers
    // cannot show that self-care is safe, so the person is told so and who can check.
    if (said.length === 0) raise('soon', say.notUnderstood);
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
    const namedIds = new Set(
      verdict.readings.flatMap((r) => r.concepts).flatMap((c) => namedConditions.get(c.id) ?? []),
    );
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
    const conditionResults: TriageConditionResult[] = shown.map(({ p, ci, fromWarningSign }) => {
      const c = conditions[ci]!;
      const supporting: string[] = [];
      const opposing: string[] = [];
      for (const [id, answer] of evidence) {
        const f = features.get(id)!;
        const pc = pOf(ci, f);
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
    });
    return {
      triage: adviceFor(level, reasons, crisis, say),
      conditions: conditionResults,
      understood,
      notice: TRIAGE_NOT_A_DIAGNOSIS,
      knowledgeBaseVersion: kb.version,
    };
  }

  function assess(given: TriageSession): Assessment {
    // One safety check and one reading of the complaint per step (decision 025): its language picks the words.
    const verdict = checkSafety(given.complaint);
    const session = { ...given, profile: profileFrom(given.profile, verdict) };
    const say = textsFor(verdict.language);
    const { evidence, answered, understood } = evidenceOf(session, verdict, say);
    const priors = priorsOf(session.profile);
    const posterior = posteriorOf(priors, evidence);
    const ranking = posterior
      .map((probability, ci) => ({ id: conditions[ci]!.id, probability }))
      .sort((a, b) => b.probability - a.probability);
    const asked = session.answers.length;
    const finish = (): Assessment => ({
      understood,
      question: null,
      result: resultOf(session.profile, verdict, say, evidence, posterior, understood),
      ranking,
    });
    const ask = (f: Feature): Assessment => ({
      understood,
      question: {
        id: f.id,
        // A child is asked about as a child ("Is your child…"): the person answering is a parent.
        text: session.profile.age < CHILD_UNDER ? say.aboutAChild(say.question(f)) : say.question(f),
        isRedFlag: Boolean(f.redFlag),
        number: asked + 1,
        maxQuestions: MAX_QUESTIONS,
        ...(say.language ? { language: say.language } : {}),
      },
      result: null,
      ranking,
    });

    // The complaint itself, or a red-flag answer, that needs an emergency service ends the assessment at once.
    if (noticeOf(verdict)) return finish();
    if (redFlagsRaised(evidence).some((f) => f.redFlag!.level === 'emergency')) return finish();
    if (asked >= MAX_QUESTIONS) return finish();

    const known = new Set([...answered, ...evidence.keys()]);
    const redFlagsAsked = session.answers.filter((a) => features.get(a.questionId)?.redFlag).length;
    const said = saidYes(evidence);
    const redFlag = nextRedFlag(session.profile, posterior, known, redFlagsAsked, understood.length === 0, said);
    if (redFlag) return ask(redFlag);
    const ruleQuestion = nextRuleQuestion(session.profile, posterior, known);
    if (ruleQuestion) return ask(ruleQuestion);

    if (asked >= MIN_QUESTIONS && (ranking[0]?.probability ?? 0) >= CONFIDENT) return finish();
    let best: Feature | null = null;
    let bestGain = MIN_GAIN;
    const before = { conditions: entropy(posterior), levels: entropy(levelMass(posterior)) };
    for (const f of kb.features) {
      if (known.has(f.id) || !isEligible(f, session.profile)) continue;
      const gain = gainOf(f, posterior, before);
      if (gain > bestGain) {
        best = f;
        bestGain = gain;
      }
    }
    return best ? ask(best) : finish();
  }

  return { assess, knowsQuestion: (id: string) => features.has(id), version: kb.version };
}
