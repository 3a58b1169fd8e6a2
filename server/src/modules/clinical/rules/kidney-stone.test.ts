import {
  STONE_HAEMATURIA,
  KIDNEY_STONE_SYMPTOM_KEYS,
  KidneyStoneAssessmentSchema,
  KidneyStoneInputSchema,
  STONE_NAUSEA,
  STONE_ORIGIN,
  STONE_PAIN_ONSET,
  type KidneyStoneInput,
} from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import {
  assessKidneyStone,
  INFECTED_OBSTRUCTION_MESSAGE,
  STONE_BANDS,
  STONE_POINTS,
  stoneBandOf,
} from './kidney-stone';

const NO_SYMPTOMS = Object.fromEntries(KIDNEY_STONE_SYMPTOM_KEYS.map((k) => [k, 0]));

/** A validated form: symptom answers are kept in step with the score answers, as the form does. */
function form(answers: Partial<KidneyStoneInput>): KidneyStoneInput {
  const score = {
    sex: 0,
    painOnset: STONE_PAIN_ONSET.moreThan24h,
    origin: STONE_ORIGIN.black,
    nausea: STONE_NAUSEA.none,
    haematuria: STONE_HAEMATURIA.absent,
    ...answers,
  };
  return KidneyStoneInputSchema.parse({
    ...NO_SYMPTOMS,
    backBellySidePain: score.painOnset === STONE_PAIN_ONSET.noPain ? 0 : 1,
    nauseaVomiting: score.nausea === STONE_NAUSEA.none ? 0 : 1,
    ...score,
  });
}

function assess(answers: Partial<KidneyStoneInput>) {
  const result = assessKidneyStone(form(answers));
  expect(KidneyStoneAssessmentSchema.strict().parse(result)).toEqual(result);
  return result;
}

const HIGHEST = {
  sex: 1,
  painOnset: STONE_PAIN_ONSET.lessThan6h,
  origin: STONE_ORIGIN.other,
  nausea: STONE_NAUSEA.vomiting,
  haematuria: STONE_HAEMATURIA.present,
} as const;

describe('STONE points (Moore et al., BMJ 2014)', () => {
  it('match the published score', () => {
    expect(STONE_POINTS.sex).toEqual({ 1: 2, 0: 0 });
    expect(STONE_POINTS.painOnset[STONE_PAIN_ONSET.lessThan6h]).toBe(3);
    expect(STONE_POINTS.painOnset[STONE_PAIN_ONSET.from6To24h]).toBe(1);
    expect(STONE_POINTS.painOnset[STONE_PAIN_ONSET.moreThan24h]).toBe(0);
    expect(STONE_POINTS.origin[STONE_ORIGIN.other]).toBe(3);
    expect(STONE_POINTS.origin[STONE_ORIGIN.black]).toBe(0);
    expect(STONE_POINTS.nausea).toEqual({ 0: 0, 1: 1, 2: 2 });
    expect(STONE_POINTS.haematuria[STONE_HAEMATURIA.present]).toBe(3);
    expect(STONE_POINTS.haematuria[STONE_HAEMATURIA.absent]).toBe(0);
  });

  it('add up to 0-13', () => {
    expect(assess({}).score).toBe(0);
    const top = assess(HIGHEST);
    expect(top.score).toBe(13);
    expect(top.factors.reduce((sum, f) => sum + f.maxPoints, 0)).toBe(13);
  });

  it('count each answer once, with its points in the factors', () => {
    const result = assess({
      sex: 0,
      painOnset: STONE_PAIN_ONSET.from6To24h,
      origin: STONE_ORIGIN.other,
      nausea: STONE_NAUSEA.nauseaOnly,
      haematuria: STONE_HAEMATURIA.present,
    });
    expect(result.factors.map((f) => [f.key, f.answer, f.points])).toEqual([
      ['sex', 'Female', 0],
      ['painOnset', '6 to 24 hours ago', 1],
      ['origin', 'Any other ancestry', 3],
      ['nausea', 'Nausea only', 1],
      ['haematuria', 'Yes: a urine dipstick showed blood, or blood is visible', 3],
    ]);
    expect(result.score).toBe(8);
    expect(assess({ sex: 1 }).score).toBe(2);
    expect(assess({ painOnset: STONE_PAIN_ONSET.lessThan6h }).score).toBe(3);
    expect(assess({ nausea: STONE_NAUSEA.vomiting }).score).toBe(2);
  });

  it('explain why ancestry is asked, on its factor', () => {
    const origin = assess({}).factors.find((f) => f.key === 'origin')!;
    expect(origin.note).toMatch(/published score includes it \(derived in 2014/);
  });
});

describe('STONE bands', () => {
  it('are 0-5 low, 6-9 moderate, 10-13 high, with the validation cohort’s stone rates', () => {
    expect([0, 5, 6, 9, 10, 13].map((s) => stoneBandOf(s).band)).toEqual([
      'low',
      'low',
      'moderate',
      'moderate',
      'high',
      'high',
    ]);
    expect(STONE_BANDS.map((b) => b.probability)).toEqual([0.092, 0.513, 0.886]);
    expect(() => stoneBandOf(14)).toThrow(RangeError);
    expect(() => stoneBandOf(-1)).toThrow(RangeError);
  });

  it('are reported with a plain-language note', () => {
    const low = assess({ sex: 1, painOnset: STONE_PAIN_ONSET.lessThan6h }); // 5
    expect([low.score, low.band, low.probability]).toEqual([5, 'low', 0.092]);
    expect(low.notes[0]).toMatch(/about 9 in 100/);
    const moderate = assess({ sex: 1, painOnset: STONE_PAIN_ONSET.from6To24h, origin: STONE_ORIGIN.other }); // 6
    expect([moderate.score, moderate.band, moderate.probability]).toEqual([6, 'moderate', 0.513]);
    const nine = assess({ ...HIGHEST, sex: 0, nausea: STONE_NAUSEA.none });
    expect([nine.score, nine.band]).toEqual([9, 'moderate']);
    const ten = assess({ ...HIGHEST, sex: 0, nausea: STONE_NAUSEA.nauseaOnly });
    expect([ten.score, ten.band]).toEqual([10, 'high']);
    const top = assess(HIGHEST);
    expect([top.band, top.probability]).toEqual(['high', 0.886]);
    expect(top.notes[0]).toMatch(/about 89 in 100/);
  });
});

describe('blood in the urine', () => {
  it('counts no points when untested, and says what a positive dipstick would make of the score', () => {
    const result = assess({ ...HIGHEST, haematuria: STONE_HAEMATURIA.notTested }); // 10 counted
    expect([result.score, result.maxScore, result.band]).toEqual([10, 13, 'high']);
    expect(result.ifHaematuria).toEqual({ score: 13, band: 'high', probability: 0.886 });
    expect(result.factors.find((f) => f.key === 'haematuria')!.note).toMatch(/would add 3/);
    // the band does not change, so no dipstick advice
    expect(result.notes.join(' ')).not.toMatch(/would sharpen/);
  });

  it('points out when a dipstick would change the band', () => {
    const result = assess({
      sex: 1,
      painOnset: STONE_PAIN_ONSET.lessThan6h,
      origin: STONE_ORIGIN.other,
      haematuria: STONE_HAEMATURIA.notTested,
    }); // 8
    expect([result.score, result.band, result.ifHaematuria?.band]).toEqual([8, 'moderate', 'high']);
    expect(result.notes).toContain(
      'A urine dipstick would sharpen this: if it showed blood, the score would be 11 (high).',
    );
  });

  it('counts visible blood when no test was done', () => {
    const input = form({ haematuria: STONE_HAEMATURIA.notTested });
    const result = assessKidneyStone({ ...input, bloodInUrine: 1 });
    expect([result.score, result.maxScore, result.ifHaematuria]).toEqual([3, 3, null]);
    expect(result.factors.find((f) => f.key === 'haematuria')!.note).toMatch(/Counted from the blood you can see/);
  });

  it('goes by the dipstick when it was done, even with red urine', () => {
    const input = form({ haematuria: STONE_HAEMATURIA.absent });
    const result = assessKidneyStone({ ...input, bloodInUrine: 1 });
    expect(result.score).toBe(0);
    expect(result.factors.find((f) => f.key === 'haematuria')!.note).toMatch(/beetroot/);
  });
});

describe('without back, belly or side pain', () => {
  it('gives no band or probability: the score was built for people with that pain', () => {
    const result = assess({
      painOnset: STONE_PAIN_ONSET.noPain,
      sex: 1,
      origin: STONE_ORIGIN.other,
      haematuria: STONE_HAEMATURIA.notTested,
    });
    expect([result.applies, result.band, result.probability, result.ifHaematuria]).toEqual([false, null, null, null]);
    expect(result.score).toBe(5);
    expect(result.notes[0]).toMatch(/cannot estimate how likely a stone is/);
    expect(result.factors.find((f) => f.key === 'painOnset')!.note).toMatch(/does not apply/);
  });
});

describe('fever or chills', () => {
  it('with pain is an emergency: possible infected, blocked kidney, emergency department now', () => {
    const input = { ...form({ painOnset: STONE_PAIN_ONSET.lessThan6h }), feverChills: 1 };
    const result = assessKidneyStone(input);
    expect(result.urgent).toBe(true);
    expect(result.urgentMessage).toBe(INFECTED_OBSTRUCTION_MESSAGE);
    expect(INFECTED_OBSTRUCTION_MESSAGE).toMatch(/infected, blocked kidney.*go to an emergency department now/);
  });

  it('adds no points to the score', () => {
    const base = form({ painOnset: STONE_PAIN_ONSET.lessThan6h });
    expect(assessKidneyStone({ ...base, feverChills: 1 }).score).toBe(assessKidneyStone(base).score);
  });

  it('without pain is not flagged urgent, but with urinary symptoms gets same-day advice', () => {
    const base = form({ painOnset: STONE_PAIN_ONSET.noPain });
    const feverOnly = assessKidneyStone({ ...base, feverChills: 1 });
    expect([feverOnly.urgent, feverOnly.urgentMessage]).toEqual([false, null]);
    expect(feverOnly.notes.join(' ')).not.toMatch(/kidney infection/);
    const withBurning = assessKidneyStone({ ...base, feverChills: 1, burningUrination: 1 });
    expect(withBurning.urgent).toBe(false);
    expect(withBurning.notes).toContain(
      'Fever or chills with urinary symptoms can mean a kidney infection: please contact a doctor today.',
    );
  });

  it('is absent without fever', () => {
    expect(assess(HIGHEST).urgent).toBe(false);
  });
});

describe('the form’s Total', () => {
  it('counts the yes answers and is reported, never scored', () => {
    const base = form({ painOnset: STONE_PAIN_ONSET.lessThan6h, nausea: STONE_NAUSEA.nauseaOnly });
    expect(assessKidneyStone(base).total).toBe(2);
    const everything = {
      ...base,
      ...Object.fromEntries(KIDNEY_STONE_SYMPTOM_KEYS.map((k) => [k, 1])),
      haematuria: STONE_HAEMATURIA.absent,
    };
    const result = assessKidneyStone(everything);
    expect(result.total).toBe(8);
    expect(result.score).toBe(assessKidneyStone(base).score);
  });
});

it('cites the STONE score paper and always states its limits', () => {
  const result = assess(HIGHEST);
  expect(result.citation).toEqual({
    title: expect.stringMatching(/BMJ 2014;348:g2191$/),
    url: 'https://doi.org/10.1136/bmj.g2191',
  });
  expect(result.notes.at(-1)).toMatch(/supports rather than replaces a doctor/);
});
