import { HEART_FIELDS, LIVER_FIELDS } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { bandNextStepOf, bandOf, displayValueOf, percent, summaryOf, uncertainStepOf } from './risk';

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
    expect(displayValueOf(field(HEART_FIELDS, 'st_depression'), 2)).toBe('2.0 mm');
    expect(displayValueOf(field(LIVER_FIELDS, 'Albumin_and_Globulin_Ratio'), 0.9)).toBe('0.90');
    expect(displayValueOf(field(LIVER_FIELDS, 'Albumin_and_Globulin_Ratio'), null)).toBe('Not measured');
  });
});

describe('summaryOf', () => {
  it('states the estimate and band, and what the band means', () => {
    expect(summaryOf('heart disease', 0.23, 'moderate', 0.1667)).toBe(
      'The model puts your estimated chance of heart disease at 23% — moderate. That is above 17%, the level from which this screening model suggests a check, so it is worth discussing with a doctor at a routine appointment.',
    );
    expect(summaryOf('diabetes', 0.05, 'low', 0.34)).toMatch(/below 34%.*does not rule diabetes out/);
  });
});

describe('uncertainStepOf', () => {
  const routine = bandNextStepOf('heart disease', 'low');
  const u = (high: number) => ({ unknownFields: ['thallium', 'slope_of_st'], low: 0.01, high });

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
