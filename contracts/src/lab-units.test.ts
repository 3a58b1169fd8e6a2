import { describe, expect, it } from 'vitest';
import { BLOOD_TEST_FIELDS } from './blood-test';
import { CLINICAL_FORMS, DIABETES_FIELDS, LIVER_FIELDS } from './assessments';
import {
  analyteOf,
  fieldUnits,
  fromCanonical,
  LAB_ANALYTES,
  LAB_UNITS,
  readUnits,
  readValue,
  toCanonical,
  unitNamed,
  unitsOf,
} from './lab-units';

const glucose = analyteOf('glucose')!;

describe('lab units (content/lab-units.json)', () => {
  it('holds the cited factors exactly', () => {
    expect(LAB_UNITS.analytes.map((a) => a.key)).toEqual(
      expect.arrayContaining(['glucose', 'cholesterol', 'triglycerides', 'creatinine', 'urea', 'bun', 'bilirubin']),
    );
    expect(toCanonical(glucose, 1, 'mmol/L')).toBe(18.016);
    expect(toCanonical(LAB_ANALYTES.cholesterol!, 1, 'mmol/L')).toBe(38.67);
    expect(toCanonical(LAB_ANALYTES.triglycerides!, 1, 'mmol/L')).toBe(88.57);
    expect(fromCanonical(LAB_ANALYTES.creatinine!, 1, 'µmol/L')).toBe(88.42);
    expect(fromCanonical(LAB_ANALYTES.bilirubin!, 1, 'µmol/L')).toBe(17.1);
    expect(toCanonical(LAB_ANALYTES.urea!, 1, 'mmol/L')).toBe(6.006);
    expect(toCanonical(LAB_ANALYTES.bun!, 1, 'mmol/L')).toBe(2.801);
    expect(fromCanonical(LAB_ANALYTES.haemoglobin!, 13.5, 'g/L')).toBe(135);
    expect(fromCanonical(LAB_ANALYTES.temperature!, 38.9, '°F')).toBeCloseTo(102.02, 2);
  });

  it.each(LAB_UNITS.analytes.flatMap((a) => unitsOf(a).map((u) => [a.key, u] as const)))(
    '%s in %s converts there and back to the same value',
    (key, unit) => {
      const analyte = analyteOf(key)!;
      for (const value of [0.5, 7.8, 12, 110, 216.19]) {
        expect(fromCanonical(analyte, toCanonical(analyte, value, unit), unit)).toBeCloseTo(value, 9);
      }
    },
  );

  it('reads units as people type them', () => {
    expect(unitNamed(LAB_ANALYTES.creatinine!, 'umol/l')).toBe('µmol/L');
    expect(unitNamed(glucose, 'MMOL/L')).toBe('mmol/L');
    expect(unitNamed(glucose, 'mg/dl')).toBe('mg/dL');
    expect(unitNamed(LAB_ANALYTES.temperature!, 'F')).toBe('°F');
    expect(unitNamed(glucose, 'g/L')).toBeUndefined();
  });

  it('reads a number with the unit typed after it, a bare temperature above 50 as °F, a bare sugar below 20 as mmol/L', () => {
    expect(readValue(glucose, 7.8, 'mmol')).toBeCloseTo(140.52, 2);
    expect(readValue(glucose, 140, 'mg/dl')).toBe(140);
    expect(readValue(glucose, 12)).toBeCloseTo(216.19, 2);
    expect(readValue(glucose, 20)).toBe(20);
    expect(readValue(glucose, 12, 'g/l')).toBeUndefined();
    expect(readValue(LAB_ANALYTES.temperature!, 102)).toBeCloseTo(38.89, 2);
    expect(readValue(LAB_ANALYTES.temperature!, 38.9)).toBe(38.9);
    expect(readValue(LAB_ANALYTES.creatinine!, 110, 'umol/L')).toBeCloseTo(1.244, 3);
  });

  it('every field that names an analyte is in that analyte’s canonical unit or one of its units', () => {
    for (const fields of Object.values(CLINICAL_FORMS))
      for (const field of fields as readonly { analyte?: string; unit?: string }[]) {
        if (!field.analyte) continue;
        const analyte = analyteOf(field.analyte);
        expect(analyte, field.analyte).toBeDefined();
        expect(unitsOf(analyte!)).toContain(field.unit);
      }
    expect(fieldUnits(LIVER_FIELDS[2])).toEqual(['mg/dL', 'µmol/L']);
  });
});

describe('readUnits', () => {
  it('turns a value with its unit into the field’s unit and keeps it as entered', () => {
    const read = readUnits(BLOOD_TEST_FIELDS, { glucose: { value: 12, unit: 'mmol/L' }, hemoglobin: 13.5 });
    expect(read.problems).toEqual([]);
    expect((read.inputs as Record<string, unknown>).glucose).toBe(216);
    expect(read.entered).toEqual({ glucose: { value: 12, unit: 'mmol/L' } });
  });

  it('rounds to whole numbers for an integer field', () => {
    const read = readUnits(DIABETES_FIELDS, { glucose: { value: 7.8, unit: 'mmol/L' } });
    expect((read.inputs as Record<string, unknown>).glucose).toBe(141);
  });

  it('asks which unit for glucose 12 in mg/dL, plain or with its unit, unless confirmed', () => {
    for (const glucoseValue of [12, { value: 12, unit: 'mg/dL' }]) {
      const read = readUnits(BLOOD_TEST_FIELDS, { glucose: glucoseValue });
      expect(read.problems).toHaveLength(1);
      expect(read.problems[0]).toMatchObject({ key: 'glucose', rule: 'unit_check' });
      expect(read.problems[0]!.message).toContain('Did you mean 12 mmol/L (216 mg/dL)?');
      expect(read.problems[0]!.choices!.map((c) => c.unit)).toEqual(['mmol/L', 'mg/dL']);
    }
    expect(readUnits(BLOOD_TEST_FIELDS, { glucose: { value: 12, unit: 'mg/dL', confirmed: true } }).problems).toEqual(
      [],
    );
  });

  it('asks the other way too: 90 in mmol/L is 90 mg/dL', () => {
    const read = readUnits(BLOOD_TEST_FIELDS, { glucose: { value: 90, unit: 'mmol/L' } });
    expect(read.problems[0]).toMatchObject({ rule: 'unit_check' });
    expect(read.problems[0]!.choices![0]).toMatchObject({ value: 90, unit: 'mg/dL', inFieldUnit: 90 });
  });

  it('refuses a unit the field does not take, naming the units it does', () => {
    const read = readUnits(BLOOD_TEST_FIELDS, { glucose: { value: 5, unit: 'g/L' } });
    expect(read.problems).toEqual([{ key: 'glucose', rule: 'unit', message: 'must be one of mg/dL, mmol/L' }]);
  });

  it('says the range in the unit entered', () => {
    const read = readUnits(LIVER_FIELDS, { totalBilirubin: { value: 2000, unit: 'µmol/L' } });
    expect(read.problems).toEqual([
      { key: 'totalBilirubin', rule: 'range', message: 'must be between 2 and 1368 µmol/L' },
    ]);
  });

  it('leaves plain plausible numbers exactly as they were (the compat clients)', () => {
    const inputs = { glucose: 90, cholesterol: '175', hemoglobin: null };
    const read = readUnits(BLOOD_TEST_FIELDS, inputs);
    expect(read).toEqual({ inputs: { glucose: 90, cholesterol: 175, hemoglobin: null }, entered: {}, problems: [] });
  });
});
