import {
  STONE_HAEMATURIA,
  KIDNEY_STONE_SCORE_FIELDS,
  STONE_NAUSEA,
  STONE_ORIGIN,
  STONE_PAIN_ONSET,
  countSymptoms,
  type KidneyStoneAssessment,
  type KidneyStoneInput,
  type KidneyStoneScoreKey,
  type Language,
  type NextStep,
  type StoneBand,
  type StoneFactor,
} from '@medibuddy/contracts';
import { fieldIn } from '../../../content/assessments/clinical-fields';
import { numberIn } from '../../../locales/numbers';
import { say } from '../../../locales/result-texts';
import { CITATIONS } from './citations';

/**
 * The STONE score (Moore et al., BMJ 2014;348:g2191): five factors, 0-13 points, three bands. Points as in
 * the paper's final score: Sex (male 2), Timing (pain began under 6 h 3, 6-24 h 1, over 24 h 0),
 * Origin (non-Black 3), Nausea (nausea alone 1, vomiting 2), Erythrocytes (blood on urine dipstick 3).
 */
export const STONE_POINTS = {
  sex: { 1: 2, 0: 0 },
  painOnset: {
    [STONE_PAIN_ONSET.lessThan6h]: 3,
    [STONE_PAIN_ONSET.from6To24h]: 1,
    [STONE_PAIN_ONSET.moreThan24h]: 0,
    [STONE_PAIN_ONSET.noPain]: 0,
  },
  origin: { [STONE_ORIGIN.other]: 3, [STONE_ORIGIN.black]: 0 },
  nausea: { [STONE_NAUSEA.none]: 0, [STONE_NAUSEA.nauseaOnly]: 1, [STONE_NAUSEA.vomiting]: 2 },
  haematuria: { [STONE_HAEMATURIA.present]: 3, [STONE_HAEMATURIA.absent]: 0, [STONE_HAEMATURIA.notTested]: 0 },
} as const satisfies Record<KidneyStoneScoreKey, Record<number, number>>;

const MAX_POINTS: Record<KidneyStoneScoreKey, number> = { sex: 2, painOnset: 3, origin: 3, nausea: 2, haematuria: 3 };

/**
 * Bands and the share of patients in each who had a ureteral stone on CT in the prospective validation
 * cohort (491 adults): 9.2 %, 51.3 %, 88.6 %. Acutely important other causes were found in 1.6 % of the
 * high band.
 */
export const STONE_BANDS = [
  { band: 'low', min: 0, max: 5, probability: 0.092 },
  { band: 'moderate', min: 6, max: 9, probability: 0.513 },
  { band: 'high', min: 10, max: 13, probability: 0.886 },
] as const satisfies readonly { band: StoneBand; min: number; max: number; probability: number }[];

export function stoneBandOf(score: number): (typeof STONE_BANDS)[number] {
  const found = STONE_BANDS.find((b) => score >= b.min && score <= b.max);
  if (!found) throw new RangeError(`A STONE score is 0-13, not ${score}.`);
  return found;
}

export const INFECTED_OBSTRUCTION_MESSAGE = say('en', 'stone.urgent');

/** The answer as the form offered it, in a language. */
function answerOf(key: KidneyStoneScoreKey, value: number, language: Language): string {
  const field = fieldIn(
    language,
    'kidney-stone',
    KIDNEY_STONE_SCORE_FIELDS.find((f) => f.key === key)!,
  );
  return field.options.find((o) => o.value === value)?.label ?? String(value);
}

function pointsOf(key: KidneyStoneScoreKey, value: number): number {
  return (STONE_POINTS[key] as Record<number, number>)[value] ?? 0;
}

/**
 * Assesses validated answers (KidneyStoneInputSchema). The symptom count (the form's Total) is reported as
 * it is; the estimate comes only from the STONE score, and only for people with back, belly or side pain,
 * the population it was built on. Fever or chills with that pain is an urgent warning, never score points.
 */
export function assessKidneyStone(input: KidneyStoneInput, language: Language = 'en'): KidneyStoneAssessment {
  const factor = (key: KidneyStoneScoreKey, value: number, points: number, note?: string): StoneFactor => ({
    key,
    label: say(language, `stone.factor.${key}`),
    answer: answerOf(key, value, language),
    points,
    maxPoints: MAX_POINTS[key],
    ...(note ? { note } : {}),
  });
  const applies = input.backBellySidePain === 1;
  const notTested = input.haematuria === STONE_HAEMATURIA.notTested;
  // Blood you can see is haematuria a dipstick would also show; without a test, count it rather than miss it.
  const countedFromVisibleBlood = notTested && input.bloodInUrine === 1;
  const haematuriaPoints = countedFromVisibleBlood
    ? STONE_POINTS.haematuria[STONE_HAEMATURIA.present]
    : pointsOf('haematuria', input.haematuria);

  const factors: StoneFactor[] = [
    factor('sex', input.sex, pointsOf('sex', input.sex)),
    factor(
      'painOnset',
      input.painOnset,
      pointsOf('painOnset', input.painOnset),
      input.painOnset === STONE_PAIN_ONSET.noPain ? say(language, 'stone.note.noPain') : undefined,
    ),
    factor('origin', input.origin, pointsOf('origin', input.origin), say(language, 'stone.note.origin')),
    factor('nausea', input.nausea, pointsOf('nausea', input.nausea)),
    factor(
      'haematuria',
      input.haematuria,
      haematuriaPoints,
      countedFromVisibleBlood
        ? say(language, 'stone.note.visibleBlood')
        : notTested
          ? say(language, 'stone.note.notTested')
          : input.haematuria === STONE_HAEMATURIA.absent && input.bloodInUrine === 1
            ? say(language, 'stone.note.dipstickCounts')
            : undefined,
    ),
  ];

  const score = factors.reduce((sum, f) => sum + f.points, 0);
  const untestedPoints = notTested && !countedFromVisibleBlood ? STONE_POINTS.haematuria[STONE_HAEMATURIA.present] : 0;
  const band = applies ? stoneBandOf(score) : null;
  const withHaematuria = applies && untestedPoints > 0 ? stoneBandOf(score + untestedPoints) : null;

  const urgent = input.feverChills === 1 && applies;
  const notes: string[] = [];
  if (!applies) {
    notes.push(say(language, 'stone.notes.doesNotApply'));
    if (
      input.feverChills === 1 &&
      (input.burningUrination === 1 || input.urgency === 1 || input.cloudySmellyUrine === 1)
    ) {
      notes.push(say(language, 'stone.notes.kidneyInfection'));
    }
  } else {
    notes.push(say(language, `stone.band.${band!.band}`));
    if (withHaematuria && withHaematuria.band !== band!.band) {
      notes.push(
        say(language, 'stone.notes.dipstick', {
          score: numberIn(language, score + untestedPoints),
          band: stoneBandIn(language, withHaematuria.band),
        }),
      );
    }
    notes.push(say(language, 'stone.notes.urgentCare'));
  }
  notes.push(say(language, 'stone.notes.limits'));

  return {
    total: countSymptoms(input),
    score,
    maxScore: score + untestedPoints,
    applies,
    band: band?.band ?? null,
    probability: band?.probability ?? null,
    ifHaematuria: withHaematuria
      ? { score: score + untestedPoints, band: withHaematuria.band, probability: withHaematuria.probability }
      : null,
    factors,
    urgent,
    urgentMessage: urgent ? say(language, 'stone.urgent') : null,
    notes,
    citation: CITATIONS.stoneScore2014,
  };
}

/** A STONE band in words: 'low' in English (as stored), 'कम' in Hindi. */
export function stoneBandIn(language: Language, band: StoneBand): string {
  return say(language, `result.band.${band}`);
}

/** The step when no guideline rule asks for more: mention the symptoms at a routine appointment. */
export function kidneyStoneRoutineStepOf(language: Language = 'en'): NextStep {
  return {
    timeframe: 'routine',
    heading: say(language, 'result.timeframe.routine'),
    text: say(language, 'stone.step.routine'),
  };
}

/** One line for a list: the STONE score and band, or the symptom count where the score does not apply. */
export function kidneyStoneHeadlineOf(
  result: Pick<KidneyStoneAssessment, 'applies' | 'band' | 'score' | 'total'>,
  language: Language = 'en',
): string {
  if (result.applies && result.band)
    return say(language, 'stone.headline', {
      score: numberIn(language, result.score),
      band: stoneBandIn(language, result.band),
    });
  return say(language, 'stone.headline.noPain', { total: numberIn(language, result.total) });
}
