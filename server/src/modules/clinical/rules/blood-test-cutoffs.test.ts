import { BLOOD_TEST_FIELDS, defaultsFor, type BloodTestInput, type BloodTestValues } from '@medibuddy/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as referenceValues from '../../../content/reference-values';
import { loadReferenceValues, type BoundName, type ReferenceValues } from '../../../content/reference-values';
import { readValue } from '../../chat';

/**
 * The blood test's cut-offs for lipids, haemoglobin, platelets, white cells and fasting glucose are the bands of
 * server/src/content/reference-values.json, the table the chat reads a value against: one change there moves both.
 * Each case changes one cut-off in a copy of the table, loads the blood test on that copy, and checks that a value
 * between the old and the new cut-off changes its reading in the blood test and in the chat alike.
 */

const DEFAULTS = defaultsFor(BLOOD_TEST_FIELDS) as Omit<BloodTestInput, 'sex'>;
const WOMAN: BloodTestValues = { sex: 0, ...DEFAULTS };
const MAN: BloodTestValues = { sex: 1, ...DEFAULTS };

type Case = {
  /** The cut-off, 'measure.band.bound', and the number it is changed to. */
  ref: string;
  to: number;
  /** The blood-test field and a value between the two cut-offs. */
  field: keyof BloodTestValues;
  value: number;
  /** What each reads at that value with the table as it is: the blood test's finding, the chat's band. */
  finding: string;
  band: string;
  person?: BloodTestValues;
};

const CASES: Case[] = [
  {
    ref: 'total_cholesterol.borderline.from',
    to: 210,
    field: 'cholesterol',
    value: 205,
    finding: 'cholesterol-borderline',
    band: 'borderline',
  },
  {
    ref: 'total_cholesterol.high.from',
    to: 250,
    field: 'cholesterol',
    value: 245,
    finding: 'cholesterol-high',
    band: 'high',
  },
  { ref: 'ldl.high.from', to: 170, field: 'ldlCholesterol', value: 165, finding: 'ldl-high', band: 'high' },
  {
    ref: 'ldl.very_high.from',
    to: 200,
    field: 'ldlCholesterol',
    value: 195,
    finding: 'ldl-very-high',
    band: 'very_high',
  },
  { ref: 'hdl.middle.from', to: 35, field: 'hdlCholesterol', value: 37, finding: 'hdl-low', band: 'low' },
  { ref: 'haemoglobin.normal_f.from', to: 11.5, field: 'hemoglobin', value: 11.8, finding: 'anaemia', band: 'mild_f' },
  {
    ref: 'haemoglobin.normal_m.from',
    to: 12.5,
    field: 'hemoglobin',
    value: 12.8,
    finding: 'anaemia',
    band: 'mild_m',
    person: MAN,
  },
  {
    ref: 'platelets.normal.from',
    to: 140,
    field: 'platelets',
    value: 145,
    finding: 'platelets-mildly-low',
    band: 'low',
  },
  { ref: 'platelets.high.above', to: 500, field: 'platelets', value: 480, finding: 'platelets-high', band: 'high' },
  { ref: 'white_cells.normal.from', to: 3.5, field: 'whiteBloodCells', value: 3.8, finding: 'leukopenia', band: 'low' },
  {
    ref: 'white_cells.high.above',
    to: 12,
    field: 'whiteBloodCells',
    value: 11.5,
    finding: 'leukocytosis',
    band: 'high',
  },
  {
    ref: 'platelets.low.from',
    to: 40,
    field: 'platelets',
    value: 45,
    finding: 'platelets-severely-low',
    band: 'very_low',
  },
  {
    ref: 'platelets.very_low.from',
    to: 15,
    field: 'platelets',
    value: 18,
    finding: 'platelets-very-low',
    band: 'dangerously_low',
  },
  {
    ref: 'fasting_glucose.severe_low.below',
    to: 50,
    field: 'glucose',
    value: 52,
    finding: 'glucose-very-low',
    band: 'severe_low',
  },
  {
    ref: 'fasting_glucose.very_high.from',
    to: 260,
    field: 'glucose',
    value: 255,
    finding: 'glucose-very-high',
    band: 'very_high',
  },
];

const TABLE = loadReferenceValues();

function withCutoff(table: ReferenceValues, ref: string, to: number): ReferenceValues {
  const copy = structuredClone(table);
  const [measureId, bandId, bound] = ref.split('.') as [string, string, BoundName];
  const band = copy.measures.find((m) => m.id === measureId)?.bands.find((b) => b.id === bandId);
  expect(band?.[bound], ref).toBeTypeOf('number');
  band![bound] = to;
  return copy;
}

/** The blood test as loaded on `table` (its module reads the table once, when it loads). */
async function bloodTestOn(table: ReferenceValues) {
  vi.resetModules();
  vi.doMock('../../../content/reference-values', async (importOriginal) => ({
    ...(await importOriginal<typeof referenceValues>()),
    loadReferenceValues: () => table,
  }));
  return (await import('./blood-test')).interpretBloodTest;
}

afterEach(() => {
  vi.doUnmock('../../../content/reference-values');
  vi.resetModules();
});

describe('the blood test and the chat read one table of cut-offs', () => {
  it.each(CASES)('$ref: one change moves both', async (c) => {
    const measureId = c.ref.split('.')[0]!;
    const person = { ...(c.person ?? WOMAN), [c.field]: c.value };
    const sex = person.sex === 1 ? 'male' : 'female';
    const chatBand = (table: ReferenceValues) => readValue(table, measureId, [c.value], sex)?.readings[0]?.band.id;
    const findings = async (table: ReferenceValues) => (await bloodTestOn(table))(person).findings.map((f) => f.id);

    expect(chatBand(TABLE)).toBe(c.band);
    expect(await findings(TABLE)).toContain(c.finding);

    const changed = withCutoff(TABLE, c.ref, c.to);
    expect(chatBand(changed)).not.toBe(c.band);
    expect(await findings(changed)).not.toContain(c.finding);
  });
});
