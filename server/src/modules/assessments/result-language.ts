import {
  bloodTestHeadline,
  type AssessmentResult,
  type BloodTestResult,
  type BloodTestValues,
  type ClinicalTestSlug,
  type Finding,
  type KidneyStoneInput,
  type KidneyStoneResult,
  type Language,
  type RiskModelSlug,
  type RiskResult,
  type RiskScore,
} from '@medibuddy/contracts';
import { conditionIn, riskScoresIn } from '../../content/assessments/risk-scores-hindi';
import { say } from '../../locales/result-texts';
import {
  applyGuidelines,
  assessKidneyStone,
  bloodTestNextStepOf,
  guidelinesIn,
  interpretBloodTestRules,
  kidneyStoneRoutineStepOf,
  nextStepOf,
  scoresFor,
} from '../clinical';
import { factorWordsOf, riskWordsOf } from './risk';

/**
 * A stored result said in another language. The stored result is English, the record of what was said;
 * a page asked for in Hindi is built from its numbers and ids (probability, band, threshold, the guideline rules'
 * ids, the scores, the findings' ids and severities) and the stored answers, by the same generators that wrote the
 * English, each taking the language. Anything that cannot be matched to what was stored (a rule changed since) is
 * left as it was stored rather than said differently: a Hindi page never says more, or other, than the English.
 */
export function resultIn(
  language: Language,
  test: ClinicalTestSlug,
  inputs: Readonly<Record<string, number | null>>,
  stored: AssessmentResult,
): AssessmentResult {
  if (language === 'en') return stored;
  if (stored.kind === 'risk') return riskResultIn(language, test as RiskModelSlug, inputs, stored);
  if (stored.kind === 'blood-test') return bloodTestResultIn(language, inputs, stored);
  if (stored.kind === 'kidney-stone') return kidneyStoneResultIn(language, inputs, stored);
  return stored;
}

/** Each stored item in the language where one with the same id (and the same numbers) was said again, else as stored. */
function matched<T extends { id: string }>(
  stored: readonly T[],
  said: readonly T[],
  same: (a: T, b: T) => boolean,
): T[] {
  return stored.map((item) => said.find((s) => s.id === item.id && same(item, s)) ?? item);
}

const sameFinding = (a: Finding, b: Finding) =>
  a.severity === b.severity && a.fields.length === b.fields.length && a.fields.every((f, i) => f === b.fields[i]);

const sameScore = (a: RiskScore, b: RiskScore) =>
  a.level === b.level && a.points === b.points && a.inHundred === b.inHundred && a.risk === b.risk;

/** A stored risk result in a language: factors, guideline findings, scores, the model's figure, summary, next step. */
export function riskResultIn(
  language: Language,
  slug: RiskModelSlug,
  inputs: Readonly<Record<string, number | null>>,
  stored: RiskResult,
): RiskResult {
  const guideline = stored.guideline
    ? matched(stored.guideline, applyGuidelines(slug, inputs, guidelinesIn(language), language), sameFinding)
    : undefined;
  const said = scoresFor(slug, inputs, riskScoresIn(language), language);
  const scores = stored.scores ? matched(stored.scores, said.scores, sameScore) : undefined;
  const allScoresSaid = (scores ?? []).every((s, i) => s === said.scores[i]) && scores?.length === said.scores.length;
  const scoresNeed = stored.scoresNeed && said.need.length === stored.scoresNeed.length ? said.need : stored.scoresNeed;
  const condition = conditionIn(language, slug, stored.condition);
  const words = riskWordsOf(language, slug, {
    condition,
    probability: stored.probability,
    band: stored.band,
    threshold: stored.threshold,
    guideline: guideline ?? [],
    scoreSet: {
      scores: scores ?? [],
      need: scoresNeed ?? [],
      nextStep: allScoresSaid ? said.nextStep : undefined,
    },
    uncertainty: stored.uncertainty,
  });
  const sameStep =
    stored.nextStep !== undefined &&
    words.nextStep.timeframe === stored.nextStep.timeframe &&
    (words.nextStep.citation?.title ?? null) === (stored.nextStep.citation?.title ?? null);
  return {
    ...stored,
    condition,
    factors: stored.factors.map((f) => ({ ...f, ...factorWordsOf(language, slug, f.key, f.value) })),
    summary: words.summary,
    ...(guideline ? { guideline } : {}),
    ...(stored.nextStep ? { nextStep: sameStep ? words.nextStep : stored.nextStep } : {}),
    ...(scores ? { scores } : {}),
    ...(scoresNeed ? { scoresNeed } : {}),
    ...(stored.modelFigure ? { modelFigure: words.modelFigure } : {}),
  };
}

/**
 * A stored blood-test result in a language: the rules read the stored values again in it; the findings, summary
 * and next step are taken when the same findings come out (by id, severity and fields), else each finding found
 * again is said in the language and the rest stays as stored.
 */
export function bloodTestResultIn(
  language: Language,
  inputs: Readonly<Record<string, number | null>>,
  stored: BloodTestResult,
): BloodTestResult {
  const { interpretation } = interpretBloodTestRules(inputs as unknown as BloodTestValues, language);
  const findings = matched(stored.findings, interpretation.findings, sameFinding);
  const same =
    interpretation.classCode === stored.classCode &&
    interpretation.findings.length === stored.findings.length &&
    findings.every((f, i) => f === interpretation.findings[i]);
  const nextStep = bloodTestNextStepOf(findings, guidelinesIn(language), language);
  return {
    ...stored,
    findings,
    summary: same ? interpretation.summary : stored.summary,
    ...(stored.nextStep
      ? { nextStep: nextStep.timeframe === stored.nextStep.timeframe ? nextStep : stored.nextStep }
      : {}),
  };
}

/** The blood test's line in a list: the main class, or what else needs care, in a language. */
export function bloodTestHeadlineIn(
  language: Language,
  result: Pick<BloodTestResult, 'classCode' | 'label' | 'findings'>,
): string {
  if (language === 'en') return bloodTestHeadline(result);
  if (result.classCode !== 1) return say(language, `blood.class.${result.classCode}`);
  if (result.findings.some((f) => f.severity === 'urgent')) return say(language, 'blood.headline.urgent');
  if (result.findings.some((f) => f.severity === 'attention')) return say(language, 'blood.headline.attention');
  return say(language, `blood.class.${result.classCode}`);
}

/**
 * A stored kidney-stone result in a language: the STONE factors, notes and urgent message said again from the stored
 * answers when they give the same score and band; the guideline findings and next step as for a risk result. Notes
 * the compat API put first (about the legacy record) stay as stored.
 */
export function kidneyStoneResultIn(
  language: Language,
  inputs: Readonly<Record<string, number | null>>,
  stored: KidneyStoneResult,
): KidneyStoneResult {
  const said = assessKidneyStone(inputs as unknown as KidneyStoneInput, language);
  const same =
    said.score === stored.score &&
    said.band === stored.band &&
    said.applies === stored.applies &&
    said.urgent === stored.urgent &&
    said.factors.length === stored.factors.length &&
    said.notes.length <= stored.notes.length;
  const guideline = stored.guideline
    ? matched(stored.guideline, applyGuidelines('kidney-stone', inputs, guidelinesIn(language), language), sameFinding)
    : undefined;
  const nextStep = nextStepOf(guideline ?? [], kidneyStoneRoutineStepOf(language), language);
  const sameStep =
    stored.nextStep !== undefined &&
    nextStep.timeframe === stored.nextStep.timeframe &&
    (nextStep.citation?.title ?? null) === (stored.nextStep.citation?.title ?? null);
  return {
    ...stored,
    ...(same
      ? {
          factors: said.factors,
          urgentMessage: said.urgentMessage,
          notes: [...stored.notes.slice(0, stored.notes.length - said.notes.length), ...said.notes],
        }
      : {}),
    ...(guideline ? { guideline } : {}),
    ...(stored.nextStep ? { nextStep: sameStep ? nextStep : stored.nextStep } : {}),
  };
}
