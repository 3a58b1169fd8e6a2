import type { MissingScore, NextStep, RiskModelSlug, RiskScore } from '@medibuddy/contracts';
import { TIMEFRAME_HEADING } from '@medibuddy/contracts';
import {
  loadRiskScores,
  type ChartRow,
  type PceCoefficients,
  type PointSteps,
  type RiskLevel,
  type RiskScoreContent,
} from '../../../content/risk-scores';

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

/** What the diabetes scores read; undefined = not answered. */
export type DiabetesPerson = {
  age: number;
  sex?: Sex | undefined;
  bmi?: number | undefined;
  waistCm?: number | undefined;
  /** 0 none, 1 second-degree only, 2 sibling or child only, 3 one parent, 4 both parents. */
  familyHistory?: number | undefined;
  /** 0 vigorous, 1 moderate, 2 mild, 3 none (IDRS). */
  activityLevel?: number | undefined;
  active30MinDaily?: boolean | undefined;
  vegetablesDaily?: boolean | undefined;
  bloodPressureMedicine?: boolean | undefined;
  highGlucoseEver?: boolean | undefined;
};

export type ScoreSet = { scores: RiskScore[]; need: MissingScore[]; nextStep?: NextStep | undefined };

type Band = { below?: number | undefined; label: string; level: RiskLevel };

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

/** The index of the chart band a value falls in: the last band whose lower edge it reaches. */
function axisIndex(from: readonly number[], value: number): number {
  let index = 0;
  from.forEach((edge, i) => {
    if (value >= edge) index = i;
  });
  return index;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

/** 'about 25 in 100' from a probability; never a bare 0 or 100. */
export function inHundredText(probability: number): string {
  if (probability < 0.005) return 'fewer than 1 in 100';
  if (probability > 0.995) return 'more than 99 in 100';
  return `about ${Math.round(probability * 100)} in 100`;
}

/** 'about 4 in 100 people like you' from a risk in per cent as the chart prints it. */
const inHundredWords = (percent: number) => `${inHundredText(percent / 100)} people like you`;

function stepOf(steps: Partial<Record<RiskLevel, { timeframe: 'routine' | 'days'; text: string }>>, level: RiskLevel) {
  const step = steps[level];
  return step ? { timeframe: step.timeframe, heading: TIMEFRAME_HEADING[step.timeframe], text: step.text } : undefined;
}

/** The WHO 2019 chart cell for a person: laboratory when cholesterol and diabetes are known, else the BMI chart. */
export function whoChartRisk(
  person: CvdPerson,
  content: RiskScoreContent = loadRiskScores(),
): { percent: number; lab: boolean } | { needs: string[] } {
  const who = content.who;
  if (person.age < who.ages.from || person.age > who.ages.to) {
    return { needs: [`an age from ${who.ages.from} to ${who.ages.to} (the chart's range)`] };
  }
  const age = who.ageBands[Math.min(who.ageBands.length - 1, Math.floor((person.age - 40) / 5))]!;
  const sbp = who.sbpBands.labels[axisIndex(who.sbpBands.from, person.sbp)]!;
  const smoking = person.smoker ? 'smoker' : 'nonsmoker';
  if (person.totalCholesterolMgDl !== undefined && person.diabetes !== undefined) {
    const mmol = person.totalCholesterolMgDl / MG_DL_PER_MMOL_L;
    const row: ChartRow = who.lab[person.sex][person.diabetes ? 'diabetic' : 'nondiabetic'][smoking][age]![sbp]!;
    return { percent: row[axisIndex(who.cholesterolBands.from, mmol)]!, lab: true };
  }
  if (person.bmi === undefined) return { needs: ['height and weight, or total cholesterol and diabetes'] };
  const row: ChartRow = who.nonLab[person.sex][smoking][age]![sbp]!;
  return { percent: row[axisIndex(who.bmiBands.from, person.bmi)]!, lab: false };
}

export function whoScore(person: CvdPerson, content: RiskScoreContent = loadRiskScores()): RiskScore | MissingScore {
  const who = content.who;
  const found = whoChartRisk(person, content);
  if ('needs' in found) return { name: who.name, needs: found.needs };
  const band = bandFor(who.riskBands, found.percent);
  const version = found.lab ? 'with cholesterol' : 'without laboratory values';
  const lower: string[] = [];
  if (person.smoker) lower.push(who.lower.smoker);
  if (person.sbp >= 140) lower.push(fill(who.lower.bloodPressure, { sbp: person.sbp }));
  if (person.bmi !== undefined && person.bmi >= 25) lower.push(fill(who.lower.weight, { bmi: round1(person.bmi) }));
  if (person.totalCholesterolMgDl !== undefined && person.totalCholesterolMgDl >= 5 * MG_DL_PER_MMOL_L) {
    lower.push(who.lower.cholesterol);
  }
  lower.push(who.lower.everyone);
  return {
    id: found.lab ? 'who-2019-lab' : 'who-2019-non-lab',
    name: `${who.name} (${version})`,
    outcome: who.outcome,
    risk: found.percent / 100,
    inHundred: found.percent,
    timeframeYears: who.timeframeYears,
    band: band.label,
    level: band.level,
    headline:
      `The WHO risk chart for South Asia puts your 10-year risk of a heart attack or stroke at ${found.percent} % (${band.label}): ` +
      `${inHundredWords(found.percent)} have one in the next 10 years.`,
    lower,
    ...(found.lab || person.diabetes !== true
      ? {}
      : {
          caveat:
            'The chart without laboratory values underestimates the risk of people with diabetes: with a total cholesterol value the laboratory chart can be used.',
        }),
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

export function pceScore(person: CvdPerson, content: RiskScoreContent = loadRiskScores()): RiskScore | MissingScore {
  const pce = content.pce;
  const risk = pceRisk(person, content);
  if (risk === undefined) {
    const needs = [
      person.totalCholesterolMgDl === undefined ? 'total cholesterol' : '',
      person.hdlMgDl === undefined ? 'HDL cholesterol' : '',
      person.diabetes === undefined ? 'whether you have diabetes' : '',
      person.bpTreated === undefined ? 'whether you take blood-pressure medicine' : '',
      person.age < pce.ages.from || person.age > pce.ages.to ? `an age from ${pce.ages.from} to ${pce.ages.to}` : '',
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
    headline: `The US pooled cohort equations put your 10-year risk of a first heart attack or stroke at ${percent} % (${band.label}): ${inHundredWords(percent)}.`,
    lower: [],
    caveat: pce.note,
    citation: { title: pce.source.title, url: pce.source.url },
  };
}

/** FINDRISC points, or what is missing. */
export function findriscPoints(p: DiabetesPerson, content: RiskScoreContent = loadRiskScores()): number | string[] {
  const f = content.findrisc.points;
  const needs = [
    p.bmi === undefined ? 'BMI' : '',
    p.waistCm === undefined ? 'waist' : '',
    p.sex === undefined ? 'sex' : '',
    p.active30MinDaily === undefined ? '30 minutes of activity a day' : '',
    p.vegetablesDaily === undefined ? 'vegetables or fruit every day' : '',
    p.bloodPressureMedicine === undefined ? 'blood-pressure medicine' : '',
    p.highGlucoseEver === undefined ? 'high blood sugar found before' : '',
    p.familyHistory === undefined ? 'diabetes in the family' : '',
  ].filter(Boolean);
  if (needs.length > 0) return needs;
  const family =
    p.familyHistory! === 0
      ? f.familyHistory.none
      : p.familyHistory! === 1
        ? f.familyHistory.secondDegree
        : f.familyHistory.firstDegree;
  return (
    pointsFor(f.age, p.age) +
    pointsFor(f.bmi, p.bmi!) +
    pointsFor(p.sex === 'men' ? f.waistMen : f.waistWomen, p.waistCm!) +
    (p.active30MinDaily ? 0 : f.notActive30MinDaily) +
    (p.vegetablesDaily ? 0 : f.noVegetablesDaily) +
    (p.bloodPressureMedicine ? f.bloodPressureMedicine : 0) +
    (p.highGlucoseEver ? f.highGlucoseEver : 0) +
    family
  );
}

export function findriscScore(
  p: DiabetesPerson,
  content: RiskScoreContent = loadRiskScores(),
): RiskScore | MissingScore {
  const findrisc = content.findrisc;
  const points = findriscPoints(p, content);
  if (typeof points !== 'number') return { name: findrisc.name, needs: points };
  const band = bandFor(findrisc.riskBands, points);
  const lower: string[] = [];
  if (p.bmi !== undefined && p.bmi >= 25) lower.push(findrisc.lower.weight);
  if (!p.active30MinDaily) lower.push(findrisc.lower.activity);
  if (!p.vegetablesDaily) lower.push(findrisc.lower.vegetables);
  return {
    id: 'findrisc',
    name: findrisc.name,
    outcome: findrisc.outcome,
    risk: band.inHundred / 100,
    inHundred: band.inHundred,
    timeframeYears: findrisc.timeframeYears,
    points,
    maxPoints: findrisc.maxPoints,
    band: band.label,
    level: band.level,
    headline: `Your FINDRISC score is ${points} of ${findrisc.maxPoints} (${band.label}): ${band.words} people with this score develop type 2 diabetes in the next 10 years.`,
    lower,
    citation: { title: findrisc.source.title, url: findrisc.source.url },
  };
}

/** IDRS points, or what is missing. */
export function idrsPoints(p: DiabetesPerson, content: RiskScoreContent = loadRiskScores()): number | string[] {
  const i = content.idrs.points;
  const needs = [
    p.waistCm === undefined ? 'waist' : '',
    p.sex === undefined ? 'sex' : '',
    p.activityLevel === undefined ? 'how active you are' : '',
    p.familyHistory === undefined ? 'diabetes in the family' : '',
  ].filter(Boolean);
  if (needs.length > 0) return needs;
  const activity = [i.activity.vigorous, i.activity.moderate, i.activity.mild, i.activity.none][p.activityLevel!]!;
  const family =
    p.familyHistory! === 4
      ? i.familyHistory.bothParents
      : p.familyHistory! === 3
        ? i.familyHistory.oneParent
        : i.familyHistory.none;
  return (
    pointsFor(i.age, p.age) + pointsFor(p.sex === 'men' ? i.waistMen : i.waistWomen, p.waistCm!) + activity + family
  );
}

export function idrsScore(p: DiabetesPerson, content: RiskScoreContent = loadRiskScores()): RiskScore | MissingScore {
  const idrs = content.idrs;
  const points = idrsPoints(p, content);
  if (typeof points !== 'number') return { name: idrs.name, needs: points };
  const band = bandFor(idrs.riskBands, points);
  return {
    id: 'idrs',
    name: idrs.name,
    outcome: idrs.outcome,
    points,
    maxPoints: idrs.maxPoints,
    band: band.label,
    level: band.level,
    headline: `Your Indian Diabetes Risk Score is ${points} of ${idrs.maxPoints} (${band.label} risk of having diabetes that has not been found yet).`,
    lower: [],
    caveat: idrs.note,
    citation: { title: idrs.source.title, url: idrs.source.url },
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

/** The scores a test's answers give (cardio: WHO, then the pooled cohort equations; diabetes: FINDRISC, IDRS). */
export function scoresFor(
  slug: RiskModelSlug,
  inputs: Readonly<Record<string, number | null | undefined>>,
  content: RiskScoreContent = loadRiskScores(),
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
    const who = whoScore(person, content);
    return collect([who, pceScore(person, content)], (scores) =>
      mostSevereStep(scores, (s) => (s.id.startsWith('who') ? stepOf(content.who.nextSteps, s.level) : undefined)),
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
    return collect([findriscScore(person, content), idrsScore(person, content)], (scores) =>
      mostSevereStep(scores, (s) =>
        stepOf(s.id === 'findrisc' ? content.findrisc.nextSteps : content.idrs.nextSteps, s.level),
      ),
    );
  }
  return { scores: [], need: [] };
}
