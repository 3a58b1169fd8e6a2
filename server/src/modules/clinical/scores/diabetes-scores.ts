import type { Language, MissingScore, RiskScore } from '@medibuddy/contracts';
import { loadRiskScores, type RiskScoreContent } from '../../../content/risk-scores';
import { numberIn } from '../../../locales/numbers';
import { say } from '../../../locales/result-texts';
import { bandFor, pointsFor } from './score-parts';

/** The diabetes scores: FINDRISC and the Indian Diabetes Risk Score, from the diabetes test's answers. */

type Sex = 'men' | 'women';

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

/** FINDRISC points, or what is missing. */
export function findriscPoints(
  p: DiabetesPerson,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): number | string[] {
  const f = content.findrisc.points;
  const needs = [
    p.bmi === undefined ? say(language, 'score.needs.bmi') : '',
    p.waistCm === undefined ? say(language, 'score.needs.waist') : '',
    p.sex === undefined ? say(language, 'score.needs.sex') : '',
    p.active30MinDaily === undefined ? say(language, 'score.needs.active30') : '',
    p.vegetablesDaily === undefined ? say(language, 'score.needs.vegetables') : '',
    p.bloodPressureMedicine === undefined ? say(language, 'score.needs.bpMedicine') : '',
    p.highGlucoseEver === undefined ? say(language, 'score.needs.highGlucose') : '',
    p.familyHistory === undefined ? say(language, 'score.needs.family') : '',
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
  language: Language = 'en',
): RiskScore | MissingScore {
  const findrisc = content.findrisc;
  const points = findriscPoints(p, content, language);
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
    headline: say(language, 'score.findrisc.headline', {
      points: numberIn(language, points),
      maxPoints: numberIn(language, findrisc.maxPoints),
      band: band.label,
      words: band.words,
    }),
    lower,
    citation: { title: findrisc.source.title, url: findrisc.source.url },
  };
}

/** IDRS points, or what is missing. */
export function idrsPoints(
  p: DiabetesPerson,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): number | string[] {
  const i = content.idrs.points;
  const needs = [
    p.waistCm === undefined ? say(language, 'score.needs.waist') : '',
    p.sex === undefined ? say(language, 'score.needs.sex') : '',
    p.activityLevel === undefined ? say(language, 'score.needs.activity') : '',
    p.familyHistory === undefined ? say(language, 'score.needs.family') : '',
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

export function idrsScore(
  p: DiabetesPerson,
  content: RiskScoreContent = loadRiskScores(),
  language: Language = 'en',
): RiskScore | MissingScore {
  const idrs = content.idrs;
  const points = idrsPoints(p, content, language);
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
    headline: say(language, 'score.idrs.headline', {
      points: numberIn(language, points),
      maxPoints: numberIn(language, idrs.maxPoints),
      band: band.label,
    }),
    lower: [],
    caveat: idrs.note,
    citation: { title: idrs.source.title, url: idrs.source.url },
  };
}
