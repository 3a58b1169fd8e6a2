import { describe, expect, it } from 'vitest';
import {
  BLOOD_TEST_CLASSES,
  BLOOD_TEST_COMPAT_KEYS,
  BLOOD_TEST_FIELDS,
  BLOOD_TEST_LAB_FIELDS,
  BLOOD_TEST_LAB_KEYS,
  BloodTestInputSchema,
  looksNormalised,
  NORMALISED_VALUES_MESSAGE,
} from './blood-test';
import { defaultsFor } from './clinical-fields';

const SPEC_NAMES = [
  'Glucose',
  'Cholesterol',
  'Hemoglobin',
  'Platelets',
  'White Blood Cells',
  'Red Blood Cells',
  'Mean Corpuscular Volume',
  'Mean Corpuscular Hemoglobin',
  'Mean Corpuscular Hemoglobin Concentration',
  'Insulin',
  'BMI',
  'Systolic Blood Pressure',
  'Diastolic Blood Pressure',
  'Triglycerides',
  'LDL Cholesterol',
  'HDL Cholesterol',
  'Heart Rate',
];

const defaults = defaultsFor(BLOOD_TEST_FIELDS);
const valid = { sex: 0, ...defaults };

/** Values like those of the old 0-1 scaled data set that the legacy client prefilled. */
const SCALED_ROW = {
  glucose: 0.739597,
  cholesterol: 0.650198,
  hemoglobin: 0.713631,
  platelets: 0.868491,
  whiteBloodCells: 0.687433,
  redBloodCells: 0.529895,
  meanCorpuscularVolume: 0.290006,
  meanCorpuscularHemoglobin: 0.631045,
  meanCorpuscularHemoglobinConcentration: 0.001328,
  insulin: 0.795829,
  bmi: 0.034129,
  systolicBloodPressure: 0.07163,
  diastolicBloodPressure: 0.185596,
  triglycerides: 0.071024,
  ldlCholesterol: 0.653472,
  hdlCholesterol: 0.502665,
  heartRate: 0.215561,
};

describe('blood-test fields', () => {
  it('are the 17 legacy values, in their order, with camelCase keys, plus sex', () => {
    expect(BLOOD_TEST_LAB_FIELDS.map((f) => f.label)).toEqual(SPEC_NAMES);
    expect(BLOOD_TEST_LAB_KEYS).toEqual([
      'glucose',
      'cholesterol',
      'hemoglobin',
      'platelets',
      'whiteBloodCells',
      'redBloodCells',
      'meanCorpuscularVolume',
      'meanCorpuscularHemoglobin',
      'meanCorpuscularHemoglobinConcentration',
      'insulin',
      'bmi',
      'systolicBloodPressure',
      'diastolicBloodPressure',
      'triglycerides',
      'ldlCholesterol',
      'hdlCholesterol',
      'heartRate',
    ]);
    expect(BLOOD_TEST_FIELDS.map((f) => f.key)).toEqual(['sex', ...BLOOD_TEST_LAB_KEYS]);
  });

  it('are decimals in lab units with a range and a default; sex is coded Male=1, Female=0 and never prefilled', () => {
    for (const field of BLOOD_TEST_LAB_FIELDS) {
      expect(field.type).toBe('decimal');
      expect(field.unit).toBeTruthy();
      expect(field.min).toBeLessThan(field.default);
      expect(field.max).toBeGreaterThan(field.default);
    }
    const sex = BLOOD_TEST_FIELDS[0];
    expect(sex.options).toEqual([
      { value: 1, label: 'Male' },
      { value: 0, label: 'Female' },
    ]);
    expect('default' in sex).toBe(false);
    expect(Object.keys(defaults)).toEqual(BLOOD_TEST_LAB_KEYS);
  });

  it('prefill a healthy adult whose red-cell indices agree with each other', () => {
    const d = defaults as Record<string, number>;
    const mch = (10 * d.hemoglobin!) / d.redBloodCells!;
    const mchc = (1000 * d.hemoglobin!) / (d.redBloodCells! * d.meanCorpuscularVolume!);
    expect(d.meanCorpuscularHemoglobin).toBeCloseTo(mch, 1);
    expect(d.meanCorpuscularHemoglobinConcentration).toBeCloseTo(mchc, 1);
    expect(d.ldlCholesterol! + d.hdlCholesterol! + d.triglycerides! / 5).toBeLessThanOrEqual(d.cholesterol!);
  });

  it('map the legacy display names to keys for the compatibility API', () => {
    expect(Object.keys(BLOOD_TEST_COMPAT_KEYS)).toEqual(SPEC_NAMES);
    expect(BLOOD_TEST_COMPAT_KEYS['White Blood Cells']).toBe('whiteBloodCells');
    expect(BLOOD_TEST_COMPAT_KEYS['Mean Corpuscular Volume']).toBe('meanCorpuscularVolume');
    expect(BLOOD_TEST_COMPAT_KEYS['Mean Corpuscular Hemoglobin Concentration']).toBe(
      'meanCorpuscularHemoglobinConcentration',
    );
    expect(new Set(Object.values(BLOOD_TEST_COMPAT_KEYS))).toEqual(new Set(BLOOD_TEST_LAB_KEYS));
  });

  it('name the five legacy classes with one label set, class 4 being thrombocytopenia', () => {
    expect(BLOOD_TEST_CLASSES.map((c) => `${c.code} ${c.label}`)).toEqual([
      '0 Anemia',
      '1 Healthy',
      '2 Diabetes',
      '3 Thalassemia',
      '4 Thrombocytopenia',
    ]);
  });
});

describe('BloodTestInputSchema', () => {
  it('accepts the prefilled values with a sex, also as text', () => {
    expect(BloodTestInputSchema.parse(valid)).toEqual(valid);
    const asText = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
    expect(BloodTestInputSchema.parse(asText)).toEqual(valid);
  });

  it('requires sex', () => {
    const result = BloodTestInputSchema.safeParse(defaults);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['sex', 'is required']]);
  });

  it('refuses impossible values and unit mix-ups with the range in lab units', () => {
    const result = BloodTestInputSchema.safeParse({ ...valid, hemoglobin: 135, platelets: 250000 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['hemoglobin', 'must be between 3.0 and 25.0 g/dL'],
      ['platelets', 'must be between 1 and 2000 ×10³/µL'],
    ]);
  });

  it('refuses a diastolic pressure that is not below the systolic', () => {
    const result = BloodTestInputSchema.safeParse({ ...valid, systolicBloodPressure: 80, diastolicBloodPressure: 80 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['diastolicBloodPressure', 'must be lower than the systolic pressure'],
    ]);
  });

  it('answers a 0-1 scaled record with one message asking for lab units', () => {
    const result = BloodTestInputSchema.safeParse({ sex: 1, ...SCALED_ROW });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: [], message: NORMALISED_VALUES_MESSAGE }),
    ]);
    expect(NORMALISED_VALUES_MESSAGE).toMatch(/units printed on your lab report/);
  });
});

describe('looksNormalised', () => {
  it('spots the old client’s scaled values, as numbers or text, with or without sex', () => {
    expect(looksNormalised(SCALED_ROW)).toBe(true);
    expect(looksNormalised(Object.fromEntries(Object.entries(SCALED_ROW).map(([k, v]) => [k, String(v)])))).toBe(true);
    // the data set has a few values just outside 0-1
    expect(looksNormalised({ ...SCALED_ROW, glucose: -0.001, cholesterol: 1.0009 })).toBe(true);
  });

  it('needs more than half of the 17 values within 0-1', () => {
    // haemoglobin and platelets stay real, so only the majority rule can fire
    const keys = (Object.keys(SCALED_ROW) as (keyof typeof SCALED_ROW)[]).filter(
      (k) => k !== 'hemoglobin' && k !== 'platelets',
    );
    const rest = (scaled: number) => ({
      ...defaults,
      ...Object.fromEntries(keys.slice(0, scaled).map((k) => [k, SCALED_ROW[k]])),
    });
    expect(looksNormalised(rest(9))).toBe(true);
    expect(looksNormalised(rest(15))).toBe(true);
    expect(looksNormalised(rest(8))).toBe(false);
  });

  it('fires when haemoglobin and platelets are both within 0-1, whatever the rest', () => {
    expect(looksNormalised({ ...defaults, hemoglobin: 0.7, platelets: 0.8 })).toBe(true);
    expect(looksNormalised({ ...defaults, hemoglobin: 0.7 })).toBe(false);
    expect(looksNormalised({ ...defaults, platelets: 0.8 })).toBe(false);
  });

  it('leaves real results alone, including the few values that can be below 1', () => {
    expect(looksNormalised(valid)).toBe(false);
    expect(looksNormalised({ ...defaults, insulin: 0.5, whiteBloodCells: 0.8 })).toBe(false);
    expect(looksNormalised({})).toBe(false);
    expect(looksNormalised(null)).toBe(false);
    expect(looksNormalised('0.5')).toBe(false);
  });
});
