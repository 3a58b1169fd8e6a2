import type { TriageQuestion, TriageResult, TriageSession } from '@medibuddy/contracts';
import { checkSafety, noticeOf } from '../../reading/safety';
import type { TriageAdviceContent } from '../../content/triage/advice';
import { CHILD_UNDER, evidenceOf, profileFrom, redFlagsRaised, saidYes } from './evidence';
import type { Feature, KnowledgeBase } from '../../content/triage/knowledge-base';
import { modelOf, posteriorOf, priorsOf, type TriageModel } from './model';
import { mostInformative, nextRedFlag, nextRuleQuestion } from './questions';
import { loadTriageTexts } from '../../content/triage/texts';
import { resultOf } from './triage-result';

/**
 * The triage engine: pure functions of (knowledge base, session). A naive Bayes model ranks the conditions
 * (prior from age band, sex and pregnancy; each answered feature multiplies in P(answer | condition), with the
 * feature's base rate for conditions that do not list it: model.ts). The complaint and the answers are the evidence
 * (evidence.ts). Red-flag questions of the candidate conditions are asked first; then the question with the largest
 * expected information gain over the conditions and over the triage levels (questions.ts). The triage level is the
 * most urgent that a red flag or any condition above its floor requires (triage-result.ts).
 */

export { ageBandOf } from './model';
export { MAX_RED_FLAG_QUESTIONS } from './questions';
export { LEVEL_FLOORS } from './triage-result';
export { profileFrom };

/** Most questions asked in one assessment. */
export const MAX_QUESTIONS = 15;
/** Fewest questions before stopping early on a clear answer. */
export const MIN_QUESTIONS = 5;
/** Stop once the top condition holds this much probability (after MIN_QUESTIONS). */
const CONFIDENT = 0.85;

export type Engine = ReturnType<typeof createEngine>;

export type Assessment = {
  understood: string[];
  question: TriageQuestion | null;
  result: TriageResult | null;
  /** The ranked conditions (for tests and the benchmark). */
  ranking: { id: string; probability: number }[];
};

type TextsFor = ReturnType<typeof loadTriageTexts>;

export function createEngine(kb: KnowledgeBase, advice: TriageAdviceContent) {
  const model = modelOf(kb);
  const textsFor = loadTriageTexts(kb, advice);
  return {
    assess: (given: TriageSession) => assess(model, textsFor, given),
    knowsQuestion: (id: string) => model.features.has(id),
    version: kb.version,
  };
}

/** One step of a session: the next question, or the result once there is nothing more worth asking. */
function assess(model: TriageModel, textsFor: TextsFor, given: TriageSession): Assessment {
  const { conditions, features } = model;
  // One safety check and one reading of the complaint per step (decision 025): its language picks the words.
  const verdict = checkSafety(given.complaint);
  const session = { ...given, profile: profileFrom(given.profile, verdict) };
  const say = textsFor(verdict.language);
  const { evidence, answered, understood } = evidenceOf(model, session, verdict, say);
  const priors = priorsOf(model, session.profile);
  const posterior = posteriorOf(model, priors, evidence);
  const ranking = posterior
    .map((probability, ci) => ({ id: conditions[ci]!.id, probability }))
    .sort((a, b) => b.probability - a.probability);
  const asked = session.answers.length;
  const finish = (): Assessment => ({
    understood,
    question: null,
    result: resultOf(model, session.profile, verdict, say, evidence, posterior, understood),
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
  if (redFlagsRaised(model, evidence).some((f) => f.redFlag!.level === 'emergency')) return finish();
  if (asked >= MAX_QUESTIONS) return finish();

  const known = new Set([...answered, ...evidence.keys()]);
  const redFlagsAsked = session.answers.filter((a) => features.get(a.questionId)?.redFlag).length;
  const said = saidYes(evidence);
  const redFlag = nextRedFlag(model, session.profile, posterior, known, redFlagsAsked, understood.length === 0, said);
  if (redFlag) return ask(redFlag);
  const ruleQuestion = nextRuleQuestion(model, session.profile, posterior, known);
  if (ruleQuestion) return ask(ruleQuestion);

  if (asked >= MIN_QUESTIONS && (ranking[0]?.probability ?? 0) >= CONFIDENT) return finish();
  const best = mostInformative(model, session.profile, posterior, known);
  return best ? ask(best) : finish();
}
