import type { Language, MissingScore, NextStep, RiskModelSlug, RiskScore } from '@medibuddy/contracts';
import { numberIn } from '../../../locales/numbers';
import { say } from '../../../locales/result-texts';
import {
  loadRiskScores,
  type ChartRow,
  type PceCoefficients,
  type RiskLevel,
  type RiskScoreContent,
} from '../../../content/risk-scores';
import { findriscScore, idrsScore, type DiabetesPerson } from './diabetes-scores';
import { bandFor, fill, inHundredText, round1, stepOf } from './score-parts';

export * from './diabetes-scores';
export * from './score-parts';

/**
 * Validated risk scores from a form's answers: the WHO 2019 chart for South Asia (with cholesterol when it is known,
 * without it otherwise), the pooled cohort equations, FINDRISC and the Indian Diabetes Risk Score. Pure functions of
 * the tables in content/risk-scores; each score is given only when every answer it needs is there and the person is
 * in its age range, and otherwise says what it needs.
 */

const MG_DL_PER_MMOL_L = 38.67;

type Sex = 'men' | 'women';

/** What the cardiovascular scores read, in their units; undefined = not answered. */
export type CvdPerson = {
  age: number;
  sex: Sex;
  sbp: number;
  smoker: boolean;
  bmi?: number | undefined;
  diabetes?: boolean | undefined;
  totalCholesterolMgDl?: number | undefined;
  hdlMgDl?: number | undefined;
  bpTreated?: boolean | undefined;
};
export type ScoreSet = { scores: RiskScore[]; need: MissingScore[]; nextStep?: NextStep | undefined };

/** The index of the chart band a value falls in: the last band whose lower edge it reaches. */
function axisIndex(from: readonly number[], value: number): number {
  let index = 0;
  from.forEach((edge, i) => {
    if (value >= edge) index = i;
  });
  return index;
}

/** The WHO 2019 chart cell for a person: laboratory when cholesterol and diabetes are known, else the BMI chart. */
export function whoChartRisk(
  person: CvdPerson,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): { percent: number; lab: boolean } | { needs: string[] } {
  const who = content.who;
  if (person.age < who.ages.from || person.age > who.ages.to) {
    return { needs: [say(language, 'score.needs.whoAge', { from: who.ages.from, to: who.ages.to })] };
  }
  const age = who.ageBands[Math.min(who.ageBands.length - 1, Math.floor((person.age - 40) / 5))]!;
  const sbp = who.sbpBands.labels[axisIndex(who.sbpBands.from, person.sbp)]!;
  const smoking = person.smoker ? 'smoker' : 'nonsmoker';
  if (person.totalCholesterolMgDl !== undefined && person.diabetes !== undefined) {
    const mmol = person.totalCholesterolMgDl / MG_DL_PER_MMOL_L;
    const row: ChartRow = who.lab[person.sex][person.diabetes ? 'diabetic' : 'nondiabetic'][smoking][age]![sbp]!;
    return { percent: row[axisIndex(who.cholesterolBands.from, mmol)]!, lab: true };
  }
  if (person.bmi === undefined) return { needs: [say(language, 'score.needs.whoBmiOrLab')] };
  const row: ChartRow = who.nonLab[person.sex][smoking][age]![sbp]!;
  return { percent: row[axisIndex(who.bmiBands.from, person.bmi)]!, lab: false };
}

export function whoScore(
  person: CvdPerson,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): RiskScore | MissingScore {
  const who = content.who;
  const found = whoChartRisk(person, content, language);
  if ('needs' in found) return { name: who.name, needs: found.needs };
  const band = bandFor(who.riskBands, found.percent);
  const lower: string[] = [];
  if (person.smoker) lower.push(who.lower.smoker);
  if (person.sbp >= 140) lower.push(fill(who.lower.bloodPressure, { sbp: numberIn(language, person.sbp) }));
  if (person.bmi !== undefined && person.bmi >= 25)
    lower.push(fill(who.lower.weight, { bmi: numberIn(language, round1(person.bmi)) }));
  if (person.totalCholesterolMgDl !== undefined && person.totalCholesterolMgDl >= 5 * MG_DL_PER_MMOL_L) {
    lower.push(who.lower.cholesterol);
  }
  lower.push(who.lower.everyone);
  return {
    id: found.lab ? 'who-2019-lab' : 'who-2019-non-lab',
    name: say(language, found.lab ? 'score.who.withCholesterol' : 'score.who.withoutLab', { name: who.name }),
    outcome: who.outcome,
    risk: found.percent / 100,
    inHundred: found.percent,
    timeframeYears: who.timeframeYears,
    band: band.label,
    level: band.level,
    headline: say(language, 'score.who.headline', {
      percent: numberIn(language, found.percent),
      band: band.label,
      share: inHundredText(found.percent / 100, language),
    }),
    lower,
    ...(found.lab || person.diabetes !== true ? {} : { caveat: say(language, 'score.who.caveatDiabetes') }),
    citation: { title: who.source.title, url: who.source.url },
  };
}

/** The pooled cohort equations' sum of terms for one person. */
function pceSum(c: PceCoefficients, p: Required<Omit<CvdPerson, 'bmi'>>): number {
  const lnAge = Math.log(p.age);
  const lnTc = Math.log(p.totalCholesterolMgDl);
  const lnHdl = Math.log(p.hdlMgDl);
  const lnSbp = Math.log(p.sbp);
  const smoker = p.smoker ? 1 : 0;
  return (
    c.lnAge * lnAge +
    c.lnAgeSquared * lnAge * lnAge +
    c.lnTotalCholesterol * lnTc +
    c.lnAgeXlnTotalCholesterol * lnAge * lnTc +
    c.lnHdl * lnHdl +
    c.lnAgeXlnHdl * lnAge * lnHdl +
    (p.bpTreated
      ? c.lnTreatedSbp * lnSbp + c.lnAgeXlnTreatedSbp * lnAge * lnSbp
      : c.lnUntreatedSbp * lnSbp + c.lnAgeXlnUntreatedSbp * lnAge * lnSbp) +
    c.smoker * smoker +
    c.lnAgeXsmoker * lnAge * smoker +
    c.diabetes * (p.diabetes ? 1 : 0)
  );
}

/** 10-year ASCVD risk (0-1) from the pooled cohort equations; undefined outside their inputs or ages. */
export function pceRisk(person: CvdPerson, content: RiskScoreContent = loadRiskScores()): number | undefined {
  const { totalCholesterolMgDl, hdlMgDl, bpTreated, diabetes } = person;
  if (totalCholesterolMgDl === undefined || hdlMgDl === undefined || bpTreated === undefined || diabetes === undefined)
    return undefined;
  const pce = content.pce;
  if (person.age < pce.ages.from || person.age > pce.ages.to) return undefined;
  const c = pce.equations[person.sex];
  const sum = pceSum(c, { ...person, totalCholesterolMgDl, hdlMgDl, bpTreated, diabetes });
  return 1 - Math.pow(c.baselineSurvival, Math.exp(sum - c.meanSum));
}

export function pceScore(
  person: CvdPerson,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): RiskScore | MissingScore {
  const pce = content.pce;
  const risk = pceRisk(person, content);
  if (risk === undefined) {
    const needs = [
      person.totalCholesterolMgDl === undefined ? say(language, 'score.needs.totalCholesterol') : '',
      person.hdlMgDl === undefined ? say(language, 'score.needs.hdl') : '',
      person.diabetes === undefined ? say(language, 'score.needs.diabetes') : '',
      person.bpTreated === undefined ? say(language, 'score.needs.bpTreated') : '',
      person.age < pce.ages.from || person.age > pce.ages.to
        ? say(language, 'score.needs.age', { from: pce.ages.from, to: pce.ages.to })
        : '',
    ].filter(Boolean);
    return { name: pce.name, needs };
  }
  const percent = round1(risk * 100);
  const band = bandFor(pce.riskBands, percent);
  return {
    id: 'pce-2013',
    name: pce.name,
    outcome: pce.outcome,
    risk,
    inHundred: Math.round(percent),
    timeframeYears: pce.timeframeYears,
    band: band.label,
    level: band.level,
    headline: say(language, 'score.pce.headline', {
      percent: numberIn(language, percent),
      band: band.label,
      share: inHundredText(percent / 100, language),
    }),
    lower: [],
    caveat: pce.note,
    citation: { title: pce.source.title, url: pce.source.url },
  };
}
const isScore = (s: RiskScore | MissingScore): s is RiskScore => 'id' in s;

const LEVEL_RANK: Record<RiskLevel, number> = { low: 0, 'low-moderate': 1, moderate: 2, high: 3, 'very-high': 4 };

function collect(
  results: (RiskScore | MissingScore)[],
  stepOfScores: (scores: RiskScore[]) => NextStep | undefined,
): ScoreSet {
  const scores = results.filter(isScore);
  const need = results.filter((s): s is MissingScore => !isScore(s) && s.needs.length > 0);
  return { scores, need, nextStep: scores.length > 0 ? stepOfScores(scores) : undefined };
}

/** The step of the score with the highest level among those that give one. */
function mostSevereStep(
  scores: RiskScore[],
  stepsOf: (score: RiskScore) => NextStep | undefined,
): NextStep | undefined {
  const ranked = [...scores].sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level]);
  for (const score of ranked) {
    const step = stepsOf(score);
    if (step) return step;
  }
  return undefined;
}

const yes = (v: number | null | undefined) => (v === undefined || v === null ? undefined : v === 1);
const num = (v: number | null | undefined) => (v === undefined || v === null ? undefined : v);

/**
 * The scores a test's answers give (cardio: WHO, then the pooled cohort equations; diabetes: FINDRISC, IDRS), said
 * in `language` (the content's words are that language's: riskScoresIn).
 */
export function scoresFor(
  slug: RiskModelSlug,
  inputs: Readonly<Record<string, number | null | undefined>>,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): ScoreSet {
  if (slug === 'cardio') {
    const heightM = (inputs.height ?? 0) / 100;
    const person: CvdPerson = {
      age: inputs.age ?? 0,
      sex: inputs.gender === 2 ? 'men' : 'women',
      sbp: inputs.apHigh ?? 0,
      smoker: inputs.smoke === 1,
      bmi: heightM > 0 && inputs.weight ? inputs.weight / (heightM * heightM) : undefined,
      diabetes: yes(inputs.diabetes),
      totalCholesterolMgDl: num(inputs.totalCholesterol),
      hdlMgDl: num(inputs.hdlCholesterol),
      bpTreated: yes(inputs.bpMedicine),
    };
    const who = whoScore(person, content, language);
    return collect([who, pceScore(person, content, language)], (scores) =>
      mostSevereStep(scores, (s) =>
        s.id.startsWith('who') ? stepOf(content.who.nextSteps, s.level, language) : undefined,
      ),
    );
  }
  if (slug === 'diabetes') {
    const person: DiabetesPerson = {
      age: inputs.age ?? 0,
      sex: inputs.sex === undefined || inputs.sex === null ? undefined : inputs.sex === 1 ? 'men' : 'women',
      bmi: num(inputs.bmi),
      waistCm: num(inputs.waist),
      familyHistory: num(inputs.familyHistory),
      activityLevel: num(inputs.activityLevel),
      active30MinDaily: yes(inputs.active30MinDaily),
      vegetablesDaily: yes(inputs.vegetablesDaily),
      bloodPressureMedicine: yes(inputs.bloodPressureMedicine),
      highGlucoseEver: yes(inputs.highGlucoseEver),
    };
    return collect([findriscScore(person, content, language), idrsScore(person, content, language)], (scores) =>
      mostSevereStep(scores, (s) =>
        stepOf(s.id === 'findrisc' ? content.findrisc.nextSteps : content.idrs.nextSteps, s.level, language),
      ),
    );
  }
  return { scores: [], need: [] };
}
