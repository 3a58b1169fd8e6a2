import {
  CLINICAL_FORMS,
  formatFieldValue,
  optionsOf,
  unitShownOf,
  type ClinicalField,
  type GuidelineFinding,
  type Language,
  type ModelFigure,
  type NextStep,
  type RiskBand,
  type RiskFactor,
  type RiskModelSlug,
  type RiskResult,
  type RiskScore,
} from '@medibuddy/contracts';
import { fieldIn, unitIn } from '../../content/assessments/clinical-fields';
import { riskScoresIn } from '../../content/assessments/risk-scores-hindi';
import { type ModelShare } from '../../content/risk-scores';
import { numberIn, numberTextIn } from '../../locales/numbers';
import { say } from '../../locales/result-texts';
import {
  inHundredText,
  nextStepOf,
  overridingOf,
  type ScoreSet,
  timeframeHeadingIn,
  titleInSentence,
} from '../clinical';

/**
 * A risk result in words: the model's figure, the summary, the next step, a factor's value, a line for a list. Each
 * is said in a language (English unless told, as results are stored); risk.ts builds the stored result with them,
 * and result-language.ts a page in Hindi from the stored numbers.
 */

/** '23%', 'less than 1%', 'more than 99%': a rounded 0% or 100% would claim a certainty the model lacks. */
export function percent(probability: number, language: Language = 'en'): string {
  if (probability < 0.005) return say(language, 'result.percent.belowOne');
  if (probability > 0.995) return say(language, 'result.percent.aboveNinetyNine');
  return say(language, 'result.percent', { value: numberIn(language, Math.round(probability * 100)) });
}

/**
 * The value as the form offered it: '130 mm Hg', 'Asymptomatic', '2.4 mm', 'Not measured'. In another language,
 * `field` is the field in that language (fieldIn), so its options are said in it.
 */
export function displayValueOf(
  field: ClinicalField,
  value: number | null | undefined,
  language: Language = 'en',
): string {
  if (value === null || value === undefined) return say(language, 'result.notMeasured');
  if (field.type === 'code' || field.type === 'yesno') {
    return optionsOf(field).find((o) => o.value === value)?.label ?? String(value);
  }
  const text = numberTextIn(language, formatFieldValue(field, value));
  const unit = unitIn(language, unitShownOf(field));
  return unit ? `${text} ${unit}` : text;
}

/** A study's share with the condition as 'N in 100'. */
const shareText = (share: number, language: Language) =>
  say(language, 'result.inHundred', { count: numberIn(language, Math.round(share * 100)) });

/**
 * Prior-shift correction (Saerens et al. 2002): a probability learned where `studyShare` had the condition, moved
 * to a population where `populationShare` has it, by multiplying the odds by the ratio of the two prior odds.
 */
export function rebase(probability: number, studyShare: number, populationShare: number): number {
  const ratio = populationShare / (1 - populationShare) / (studyShare / (1 - studyShare));
  const odds = (probability * ratio) / (1 - probability);
  return Number.isFinite(odds) ? odds / (1 + odds) : 1;
}

/**
 * The model's figure as it is shown: re-based to a population share with its source where one fits the model's
 * outcome, else the raw output as a score relative to the study, said to be no one's chance.
 */
export function modelFigureOf(
  condition: string,
  probability: number,
  threshold: number,
  share: ModelShare,
  language: Language = 'en',
): ModelFigure {
  const studyShare = share.study.withCondition / share.study.rows;
  const study = say(language, 'result.model.study', { share: shareText(studyShare, language), condition });
  if (share.population) {
    const value = Number(rebase(probability, studyShare, share.population.share).toFixed(6));
    return {
      kind: 'rebased',
      studyShare,
      value,
      population: {
        share: share.population.share,
        who: share.population.who,
        citation: { title: share.population.source.title, url: share.population.source.url },
      },
      text: say(language, 'result.model.rebased', {
        figure: inHundredText(value, language),
        study,
        population: share.population.who,
        populationShare: shareText(share.population.share, language),
        condition,
      }),
    };
  }
  return {
    kind: 'study-relative',
    studyShare,
    value: probability,
    text: say(language, 'result.model.studyRelative', {
      score: numberIn(language, Math.round(probability * 100)),
      checkFrom: numberIn(language, Math.round(threshold * 100)),
      study,
      condition,
    }),
  };
}

export function summaryOf(condition: string, figure: ModelFigure, band: RiskBand, language: Language = 'en'): string {
  return say(language, `result.summary.${band}`, { figure: figure.text, condition });
}

/** The summary when validated scores lead: the first score's sentence, then the model's figure as the lesser evidence. */
export function scoreSummaryOf(
  scores: readonly RiskScore[],
  figure: ModelFigure,
  band: RiskBand,
  language: Language = 'en',
): string {
  const flag = band === 'low' ? '' : ` ${say(language, 'result.summary.scoreFlag')}`;
  return `${scores.map((s) => s.headline).join(' ')} ${figure.text}${flag}`;
}

/** The step the model's band alone gives, when no guideline asks for more. */
export function bandNextStepOf(condition: string, band: RiskBand, language: Language = 'en'): NextStep {
  const timeframe = band === 'high' ? 'days' : 'routine';
  return {
    timeframe,
    heading: timeframeHeadingIn(language, timeframe),
    text: say(language, `result.step.${band}`, { condition }),
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
  language: Language = 'en',
): NextStep {
  if (!uncertainty || band !== 'low' || uncertainty.high < threshold) return step;
  const n = uncertainty.unknownFields.length;
  return {
    ...step,
    text: say(language, n === 1 ? 'result.step.uncertainOne' : 'result.step.uncertainMany', {
      count: numberIn(language, n),
      condition,
    }),
  };
}

/**
 * The summary when a measured value meets a guideline threshold: the threshold leads, and the model's estimate
 * follows as the lesser evidence (a value at a diagnostic cut-off counts more than a model trained on a small study).
 */
export function guidelineSummaryOf(
  findings: readonly GuidelineFinding[],
  scores: readonly RiskScore[],
  figure: ModelFigure,
  language: Language = 'en',
): string {
  const lead = findings[0]!;
  const also =
    findings.length > 1
      ? ` ${say(language, 'result.summary.also', {
          titles: findings
            .slice(1)
            .map((f) => titleInSentence(f.title, language))
            .join('; '),
        })}`
      : '';
  const scoreText = scores.map((s) => ` ${s.headline}`).join('');
  return (
    `${say(language, 'result.summary.guidelineLead', { title: lead.title, value: lead.value, nextStep: lead.nextStep })}` +
    `${also}${scoreText} ${figure.text} ${say(language, 'result.summary.guidelineCounts')}`
  );
}

/** A validated score in a few words: 'WHO chart: about 4 in 100 in 10 years (under 5 %)'. */
export function scoreHeadlineOf(score: RiskScore, language: Language = 'en'): string {
  const hasPoints = score.points !== undefined;
  const hasRisk = score.inHundred !== undefined && score.timeframeYears !== undefined;
  const key = hasPoints
    ? hasRisk
      ? 'score.headline.pointsRisk'
      : 'score.headline.points'
    : hasRisk
      ? 'score.headline.risk'
      : 'score.headline';
  const number = (n: number | undefined) => (n === undefined ? String(n) : numberIn(language, n));
  return say(language, key, {
    name: say(language, `score.short.${score.id}`),
    points: number(score.points),
    maxPoints: number(score.maxPoints),
    inHundred: number(score.inHundred),
    years: number(score.timeframeYears),
    band: scoreBandIn(language, score),
  });
}

/**
 * A score's band in a language: the band its content gives its level ('5 % to under 10 %', '5 % से 10 % से कम तक'),
 * so a stored English score is headed in Hindi without its answers; the stored words for English.
 */
export function scoreBandIn(language: Language, score: Pick<RiskScore, 'id' | 'level' | 'band'>): string {
  if (language === 'en') return score.band;
  const content = riskScoresIn(language);
  const bands: readonly { level: string; label: string }[] =
    score.id === 'pce-2013'
      ? content.pce.riskBands
      : score.id === 'findrisc'
        ? content.findrisc.riskBands
        : score.id === 'idrs'
          ? content.idrs.riskBands
          : content.who.riskBands;
  return bands.find((b) => b.level === score.level)?.label ?? score.band;
}

/**
 * One line for a list of past results: the validated score where there is one, else the model's figure as it is
 * shown (results saved before the figure existed read as a score relative to the study, never as a chance).
 */
export function riskHeadlineOf(result: RiskResult, language: Language = 'en'): string {
  const lead = result.scores?.[0];
  if (lead) return scoreHeadlineOf(lead, language);
  const figure = result.modelFigure;
  const band = say(language, `result.band.${result.band}`);
  if (figure?.kind === 'rebased')
    return say(language, 'result.headline.rebased', { figure: inHundredText(figure.value, language), band });
  return say(language, 'result.headline.studyRelative', {
    score: numberIn(language, Math.round(result.probability * 100)),
    band,
  });
}

/** A validated score's step, with a word when the screening model flags the answers the score rates low. */
export function withModelFlag(step: NextStep, band: RiskBand, language: Language = 'en'): NextStep {
  if (band === 'low') return step;
  return { ...step, text: say(language, 'result.step.modelFlag', { text: step.text }) };
}

/** A factor's label and value in words, in a language: 'Age', '50 years'; 'उम्र', '50 साल'. */
export function factorWordsOf(
  language: Language,
  slug: RiskModelSlug,
  key: string,
  value: number | null,
): Pick<RiskFactor, 'label' | 'displayValue'> {
  const field = (CLINICAL_FORMS[slug] as readonly ClinicalField[]).find((f) => f.key === key);
  if (!field) return { label: key, displayValue: value === null ? say(language, 'result.notMeasured') : String(value) };
  const local = fieldIn(language, slug, field);
  return { label: local.label, displayValue: displayValueOf(local, value, language) };
}

/** What the words of a risk result are made of: its numbers, and its guideline findings and scores in the language. */
export type RiskWordParts = {
  /** The condition in the language ('heart disease', 'दिल की बीमारी'). */
  condition: string;
  probability: number;
  band: RiskBand;
  threshold: number;
  guideline: readonly GuidelineFinding[];
  scoreSet: ScoreSet;
  uncertainty: RiskResult['uncertainty'];
};

/**
 * The summary, the next step and the model's figure of a risk result in a language, from its numbers: the stored
 * English when the result is made, and a page in Hindi from the same stored numbers.
 */
export function riskWordsOf(
  language: Language,
  slug: RiskModelSlug,
  parts: RiskWordParts,
): { summary: string; nextStep: NextStep; modelFigure: ModelFigure } {
  const { condition, probability, band, threshold, guideline, scoreSet, uncertainty } = parts;
  const overriding = overridingOf(slug, guideline);
  const figure = modelFigureOf(
    condition,
    probability,
    threshold,
    riskScoresIn(language).prevalence.models[slug],
    language,
  );
  const modelStep = uncertainStepOf(
    bandNextStepOf(condition, band, language),
    condition,
    band,
    threshold,
    uncertainty,
    language,
  );
  return {
    summary:
      overriding.length > 0
        ? guidelineSummaryOf(overriding, scoreSet.scores, figure, language)
        : scoreSet.scores.length > 0
          ? scoreSummaryOf(scoreSet.scores, figure, band, language)
          : summaryOf(condition, figure, band, language),
    nextStep: nextStepOf(
      guideline,
      scoreSet.nextStep ? withModelFlag(scoreSet.nextStep, band, language) : modelStep,
      language,
    ),
    modelFigure: figure,
  };
}
