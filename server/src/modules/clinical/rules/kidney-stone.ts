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
  type StoneBand,
  type StoneFactor,
} from '@medibuddy/contracts';
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

export const INFECTED_OBSTRUCTION_MESSAGE =
  'Fever or chills together with back, side or belly pain can mean an infected, blocked kidney: an infection behind a ' +
  'stone that blocks the kidney. This is an emergency: go to an emergency department now, or call emergency services ' +
  'if you cannot get there safely.';

const BAND_NOTES: Record<StoneBand, string> = {
  low: 'With a low score, about 9 in 100 people in the study had a stone: the pain more likely has another cause, so it needs a doctor to look for it.',
  moderate:
    'With a moderate score, about half the people in the study had a stone. A doctor can tell with an examination, a urine test and often a scan.',
  high: 'With a high score, about 89 in 100 people in the study had a stone, and fewer than 2 in 100 had another serious cause. A doctor should still confirm it and plan pain relief.',
};

function answerOf(key: KidneyStoneScoreKey, value: number): string {
  const field = KIDNEY_STONE_SCORE_FIELDS.find((f) => f.key === key)!;
  return field.options.find((o) => o.value === value)?.label ?? String(value);
}

function pointsOf(key: KidneyStoneScoreKey, value: number): number {
  return (STONE_POINTS[key] as Record<number, number>)[value] ?? 0;
}

function factor(key: KidneyStoneScoreKey, label: string, value: number, points: number, note?: string): StoneFactor {
  return { key, label, answer: answerOf(key, value), points, maxPoints: MAX_POINTS[key], ...(note ? { note } : {}) };
}

/**
 * Assesses validated answers (KidneyStoneInputSchema). The symptom count (the form's Total) is reported as
 * it is; the estimate comes only from the STONE score, and only for people with back, belly or side pain,
 * the population it was built on. Fever or chills with that pain is an urgent warning, never score points.
 */
export function assessKidneyStone(input: KidneyStoneInput): KidneyStoneAssessment {
  const applies = input.backBellySidePain === 1;
  const notTested = input.haematuria === STONE_HAEMATURIA.notTested;
  // Blood you can see is haematuria a dipstick would also show; without a test, count it rather than miss it.
  const countedFromVisibleBlood = notTested && input.bloodInUrine === 1;
  const haematuriaPoints = countedFromVisibleBlood
    ? STONE_POINTS.haematuria[STONE_HAEMATURIA.present]
    : pointsOf('haematuria', input.haematuria);

  const factors: StoneFactor[] = [
    factor('sex', 'Sex', input.sex, pointsOf('sex', input.sex)),
    factor(
      'painOnset',
      'Time since the pain began',
      input.painOnset,
      pointsOf('painOnset', input.painOnset),
      input.painOnset === STONE_PAIN_ONSET.noPain
        ? 'The score is for people with this pain; without it, it does not apply.'
        : undefined,
    ),
    factor(
      'origin',
      'Ancestry',
      input.origin,
      pointsOf('origin', input.origin),
      'Included because the published score includes it (derived in 2014 from US emergency-department patients); it reflects who was found to have stones there, not biology.',
    ),
    factor('nausea', 'Nausea or vomiting', input.nausea, pointsOf('nausea', input.nausea)),
    factor(
      'haematuria',
      'Blood in the urine',
      input.haematuria,
      haematuriaPoints,
      countedFromVisibleBlood
        ? 'Counted from the blood you can see in your urine; the score itself uses a urine dipstick test.'
        : notTested
          ? 'Not tested, so no points counted; blood on a dipstick (often present without being visible) would add 3.'
          : input.haematuria === STONE_HAEMATURIA.absent && input.bloodInUrine === 1
            ? 'The dipstick result counts: red or brown urine without blood on a dipstick can come from foods such as beetroot, some medicines or muscle breakdown; mention it to a doctor.'
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
    notes.push(
      'The STONE score was built for people with sudden back, side or belly pain, so without that pain it cannot estimate how likely a stone is. Urinary symptoms without that pain are more often an infection or irritation; a doctor can test your urine.',
    );
    if (
      input.feverChills === 1 &&
      (input.burningUrination === 1 || input.urgency === 1 || input.cloudySmellyUrine === 1)
    ) {
      notes.push('Fever or chills with urinary symptoms can mean a kidney infection: please contact a doctor today.');
    }
  } else {
    notes.push(BAND_NOTES[band!.band]);
    if (withHaematuria && withHaematuria.band !== band!.band) {
      notes.push(
        `A urine dipstick would sharpen this: if it showed blood, the score would be ${score + untestedPoints} (${withHaematuria.band}).`,
      );
    }
    notes.push(
      'Seek urgent care for pain you cannot control, vomiting that stops you keeping fluids down, or passing little or no urine.',
    );
  }
  notes.push(
    'The score was developed and tested in adults having a CT scan for suspected kidney stone in US emergency departments. It does not apply in pregnancy, after kidney surgery or injury, or with known kidney disease, and it supports rather than replaces a doctor.',
  );

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
    urgentMessage: urgent ? INFECTED_OBSTRUCTION_MESSAGE : null,
    notes,
    citation: CITATIONS.stoneScore2014,
  };
}
