import { describe, expect, it } from 'vitest';
import { loadRiskScores } from '../../../content/risk-scores';
import {
  findriscPoints,
  findriscScore,
  idrsPoints,
  idrsScore,
  pceRisk,
  scoresFor,
  whoChartRisk,
  whoScore,
  type CvdPerson,
  type DiabetesPerson,
} from './scores';

const content = loadRiskScores();

describe('WHO 2019 charts, South Asia', () => {
  const woman52: CvdPerson = { age: 52, sex: 'women', sbp: 138, smoker: false, bmi: 72 / 1.65 ** 2 };

  it('reads the non-laboratory chart cell: age band, systolic band, BMI band', () => {
    // Chart: women, non-smoker, 50-54, SBP 120-139, BMI 25-29 -> 4 %.
    expect(whoChartRisk(woman52, content)).toEqual({ percent: 4, lab: false });
    // Men, smoker, 70-74, SBP >= 180, BMI >= 35 -> 40 %; the band edges are the chart's lower bounds.
    expect(whoChartRisk({ age: 74, sex: 'men', sbp: 180, smoker: true, bmi: 35 }, content)).toEqual({
      percent: 40,
      lab: false,
    });
    expect(whoChartRisk({ age: 40, sex: 'women', sbp: 119, smoker: false, bmi: 19.9 }, content)).toEqual({
      percent: 1,
      lab: false,
    });
  });

  it('uses the laboratory chart when total cholesterol and diabetes are both known', () => {
    const lab = whoChartRisk({ ...woman52, totalCholesterolMgDl: 213, diabetes: false }, content);
    expect(lab).toMatchObject({ lab: true });
    const withDiabetes = whoChartRisk({ ...woman52, totalCholesterolMgDl: 213, diabetes: true }, content);
    expect((withDiabetes as { percent: number }).percent).toBeGreaterThan((lab as { percent: number }).percent);
  });

  it('every chart rises (or stays) with age, blood pressure, the last axis, smoking and diabetes: a transcription check', () => {
    const ages = content.who.ageBands;
    const sbps = content.who.sbpBands.labels;
    const grids = [
      ...(['men', 'women'] as const).map((sex) => ({
        low: content.who.nonLab[sex].nonsmoker,
        high: content.who.nonLab[sex].smoker,
      })),
      ...(['men', 'women'] as const).flatMap((sex) =>
        (['nondiabetic', 'diabetic'] as const).map((dm) => ({
          low: content.who.lab[sex][dm].nonsmoker,
          high: content.who.lab[sex][dm].smoker,
        })),
      ),
      ...(['men', 'women'] as const).flatMap((sex) =>
        (['nonsmoker', 'smoker'] as const).map((smk) => ({
          low: content.who.lab[sex].nondiabetic[smk],
          high: content.who.lab[sex].diabetic[smk],
        })),
      ),
    ];
    const breaks: string[] = [];
    for (const { low, high } of grids) {
      ages.forEach((age, a) =>
        sbps.forEach((sbp, b) =>
          low[age]![sbp]!.forEach((v, k) => {
            if (k > 0 && v < low[age]![sbp]![k - 1]!) breaks.push(`${age} ${sbp} axis ${k}`);
            if (b > 0 && v < low[age]![sbps[b - 1]!]![k]!) breaks.push(`${age} ${sbp} sbp`);
            if (a > 0 && v < low[ages[a - 1]!]![sbp]![k]!) breaks.push(`${age} ${sbp} age`);
            if (high[age]![sbp]![k]! < v) breaks.push(`${age} ${sbp} smoking/diabetes`);
          }),
        ),
      );
    }
    expect(breaks).toEqual([]);
  });

  it('says the chart does not apply outside 40-74, and what it needs without a BMI', () => {
    expect(whoChartRisk({ ...woman52, age: 39 }, content)).toEqual({
      needs: ["an age from 40 to 74 (the chart's range)"],
    });
    expect(whoChartRisk({ ...woman52, bmi: undefined }, content)).toMatchObject({
      needs: [expect.stringContaining('height and weight')],
    });
  });

  it('leads with N in 100 and the WHO band, and names what would lower it from the answers', () => {
    const score = whoScore({ age: 62, sex: 'men', sbp: 165, smoker: true, bmi: 29 }, content);
    expect(score).toMatchObject({ id: 'who-2019-non-lab', inHundred: 21, band: '20 % to under 30 %', level: 'high' });
    if (!('id' in score)) throw new Error('no score');
    expect(score.headline).toContain('about 21 in 100 people like you have one in the next 10 years');
    expect(score.lower.join(' ')).toMatch(/Stopping smoking.*165 mm Hg.*BMI is 29/);
  });
});

describe('pooled cohort equations (Goff 2013, table A worked example)', () => {
  const example = content.pce.workedExamples.inputs;
  const person = (sex: 'men' | 'women'): CvdPerson => ({ ...example, sex });

  it('reproduces the published 10-year risks within their rounding (0.1 percentage point)', () => {
    expect(Math.abs(pceRisk(person('women'), content)! * 100 - content.pce.workedExamples.women)).toBeLessThanOrEqual(
      0.1,
    );
    expect(Math.abs(pceRisk(person('men'), content)! * 100 - content.pce.workedExamples.men)).toBeLessThanOrEqual(0.1);
  });

  it('raises the risk for smoking, diabetes and treated pressure, and gives none outside 40-79 or without HDL', () => {
    const base = pceRisk(person('men'), content)!;
    expect(pceRisk({ ...person('men'), smoker: true }, content)!).toBeGreaterThan(base);
    expect(pceRisk({ ...person('men'), diabetes: true }, content)!).toBeGreaterThan(base);
    expect(pceRisk({ ...person('men'), bpTreated: true }, content)!).toBeGreaterThan(base);
    expect(pceRisk({ ...person('men'), age: 80 }, content)).toBeUndefined();
    expect(pceRisk({ ...person('men'), hdlMgDl: undefined }, content)).toBeUndefined();
  });
});

describe('FINDRISC (Lindström & Tuomilehto 2003)', () => {
  const answers: DiabetesPerson = {
    age: 58, // 3
    sex: 'women',
    bmi: 27, // 1
    waistCm: 85, // 3
    active30MinDaily: false, // 2
    vegetablesDaily: true, // 0
    bloodPressureMedicine: true, // 2
    highGlucoseEver: false, // 0
    familyHistory: 1, // grandparent, aunt, uncle or cousin: 3
  };

  it("adds the form's points and reads its bands: 14 points is moderate, about 1 in 6 in 10 years", () => {
    expect(findriscPoints(answers, content)).toBe(14);
    expect(findriscScore(answers, content)).toMatchObject({ points: 14, band: 'moderate', inHundred: 17 });
    expect(findriscScore({ ...answers, familyHistory: 3 }, content)).toMatchObject({ points: 16, band: 'high' });
    expect(
      findriscScore(
        {
          ...answers,
          age: 30,
          bmi: 22,
          waistCm: 70,
          active30MinDaily: true,
          bloodPressureMedicine: false,
          familyHistory: 0,
        },
        content,
      ),
    ).toMatchObject({ points: 0, band: 'low' });
    // BMI 30 scores 1 ('25-30'), above 30 scores 3; waist 88 cm in a woman scores 3, above 88 scores 4.
    expect(findriscPoints({ ...answers, bmi: 30 }, content)).toBe(14);
    expect(findriscPoints({ ...answers, bmi: 30.1, waistCm: 89 }, content)).toBe(17);
  });

  it('names the answers it still needs', () => {
    expect(findriscScore({ age: 50 }, content)).toMatchObject({
      name: content.findrisc.name,
      needs: expect.arrayContaining(['waist', 'BMI']),
    });
  });
});

describe('Indian Diabetes Risk Score (Mohan 2005)', () => {
  it('adds age, waist, activity and parents: 30 + 10 + 20 + 10 = 70, high from 60', () => {
    const p: DiabetesPerson = { age: 52, sex: 'men', waistCm: 95, activityLevel: 2, familyHistory: 3 };
    expect(idrsPoints(p, content)).toBe(70);
    expect(idrsScore(p, content)).toMatchObject({ points: 70, band: 'high' });
    expect(idrsScore({ ...p, age: 34, waistCm: 85, activityLevel: 0, familyHistory: 2 }, content)).toMatchObject({
      points: 0,
      band: 'low',
    });
    // A sibling without a parent does not count in the IDRS (it asks about parents); both parents score 20.
    expect(idrsPoints({ ...p, familyHistory: 4 }, content)).toBe(80);
  });
});

describe('scoresFor a form', () => {
  it('gives the cardio form the WHO chart without laboratory values, and says what the pooled cohort equations need', () => {
    const set = scoresFor(
      'cardio',
      { age: 52, gender: 1, height: 165, weight: 72, apHigh: 138, apLow: 88, smoke: 0 },
      content,
    );
    expect(set.scores.map((s) => [s.id, s.inHundred])).toEqual([['who-2019-non-lab', 4]]);
    expect(set.need).toEqual([
      expect.objectContaining({ needs: expect.arrayContaining(['total cholesterol', 'HDL cholesterol']) }),
    ]);
    expect(set.nextStep).toMatchObject({ timeframe: 'routine' });
  });

  it('gives both cardiovascular scores when the laboratory answers are there', () => {
    const set = scoresFor(
      'cardio',
      {
        age: 55,
        gender: 2,
        height: 170,
        weight: 70,
        apHigh: 120,
        smoke: 0,
        totalCholesterol: 213,
        hdlCholesterol: 50,
        diabetes: 0,
        bpMedicine: 0,
      },
      content,
    );
    expect(set.scores.map((s) => s.id)).toEqual(['who-2019-lab', 'pce-2013']);
    expect(set.need).toEqual([]);
  });

  it('gives the diabetes form nothing until its optional questions are answered, and no scores to other tests', () => {
    expect(scoresFor('diabetes', { age: 40, bmi: 30 }, content).scores).toEqual([]);
    expect(scoresFor('heart', { age: 60 }, content)).toEqual({ scores: [], need: [] });
  });
});
