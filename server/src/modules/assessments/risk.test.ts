import { HEART_FIELDS, LIVER_FIELDS } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import {
  bandNextStepOf,
  bandOf,
  displayValueOf,
  modelFigureOf,
  percent,
  rebase,
  summaryOf,
  uncertainStepOf,
} from './risk';

describe('risk bands', () => {
  it('low below the threshold, moderate from it, high from highFrom', () => {
    expect(bandOf(0.1666, 0.1667, 0.5)).toBe('low');
    expect(bandOf(0.1667, 0.1667, 0.5)).toBe('moderate');
    expect(bandOf(0.4999, 0.1667, 0.5)).toBe('moderate');
    expect(bandOf(0.5, 0.1667, 0.5)).toBe('high');
  });
});

describe('percent', () => {
  it('never rounds to a certainty', () => {
    expect(percent(0.004)).toBe('less than 1%');
    expect(percent(0.2349)).toBe('23%');
    expect(percent(0.996)).toBe('more than 99%');
  });
});

describe('displayValueOf', () => {
  const field = (fields: readonly { key: string }[], key: string) =>
    fields.find((f) => f.key === key) as (typeof HEART_FIELDS)[number];
  it('shows codes by label, numbers with their unit and the field’s decimals, null as not measured', () => {
    expect(displayValueOf(field(HEART_FIELDS, 'thallium'), 2)).toBe('Reversible Defect');
    expect(displayValueOf(field(HEART_FIELDS, 'bp'), 130)).toBe('130 mm Hg');
    expect(displayValueOf(field(HEART_FIELDS, 'stDepression'), 2)).toBe('2.0 mm');
    expect(displayValueOf(field(LIVER_FIELDS, 'albuminGlobulinRatio'), 0.9)).toBe('0.90');
    expect(displayValueOf(field(LIVER_FIELDS, 'albuminGlobulinRatio'), null)).toBe('Not measured');
  });
});

describe("the model figure: never a study-population probability shown as a person's chance", () => {
  const heartShare = { study: { withCondition: 120, rows: 270, who: 'referred patients' }, population: null };
  const diabetesShare = {
    study: { withCondition: 268, rows: 768, who: 'Pima women' },
    population: {
      share: 0.114,
      who: 'adults in India',
      source: { title: 'ICMR-INDIAB 2023', url: 'https://example.org/' },
    },
  };

  it('re-bases by the ratio of prior odds (Saerens et al. 2002): the study share maps to the population share', () => {
    expect(rebase(268 / 768, 268 / 768, 0.114)).toBeCloseTo(0.114, 6);
    // 58 % in a study where 35 % had diabetes is about 25 % where 11.4 % have it.
    expect(rebase(0.58, 268 / 768, 0.114)).toBeCloseTo(0.2493, 3);
    expect(rebase(0.999999, 0.5, 0.1)).toBeLessThan(1);
  });

  it('says a re-based figure with its population and source, and a raw score as relative to the study', () => {
    const rebased = modelFigureOf('diabetes', 0.58, 0.34, diabetesShare);
    expect(rebased).toMatchObject({ kind: 'rebased', population: { share: 0.114, who: 'adults in India' } });
    expect(rebased.text).toContain('about 25 in 100');
    expect(rebased.text).toContain('35 in 100 of the people it learned from had diabetes');
    const relative = modelFigureOf('heart disease', 0.8, 0.1667, heartShare);
    expect(relative.kind).toBe('study-relative');
    expect(relative.text).toContain('scores your answers 80 on a scale of 0 to 100');
    expect(relative.text).toContain('it is not your chance of having heart disease');
  });

  it('states the band and what it means after the figure, with no "chance" of the raw output', () => {
    const figure = modelFigureOf('heart disease', 0.23, 0.1667, heartShare);
    const moderate = summaryOf('heart disease', figure, 'moderate');
    expect(moderate).toContain('worth discussing with a doctor at a routine appointment');
    expect(moderate).not.toMatch(/estimated chance|chance of heart disease (is|at) 23/);
    expect(summaryOf('diabetes', modelFigureOf('diabetes', 0.05, 0.34, diabetesShare), 'low')).toMatch(
      /below the level.*does not rule diabetes out/,
    );
  });
});

describe('uncertainStepOf', () => {
  const routine = bandNextStepOf('heart disease', 'low');
  const u = (high: number) => ({ unknownFields: ['thallium', 'slopeOfSt'], low: 0.01, high });

  it('a low estimate that unknown answers could lift above the check level does not reassure', () => {
    const step = uncertainStepOf(routine, 'heart disease', 'low', 0.17, u(0.9));
    expect(step.timeframe).toBe('routine');
    expect(step.text).toMatch(/2 answers unknown.*does not rule heart disease out/);
  });

  it('keeps the band step when the unknown answers could not change the band, or every answer was given', () => {
    expect(uncertainStepOf(routine, 'heart disease', 'low', 0.17, u(0.16))).toBe(routine);
    expect(uncertainStepOf(routine, 'heart disease', 'low', 0.17, undefined)).toBe(routine);
  });
});
