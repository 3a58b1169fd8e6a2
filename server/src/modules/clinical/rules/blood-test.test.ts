import {
  BLOOD_TEST_FIELDS,
  BLOOD_TEST_LAB_KEYS,
  BloodTestInputSchema,
  BloodTestInterpretationSchema,
  defaultsFor,
  type BloodTestInput,
  type BloodTestValues,
} from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { bloodPressureCategory, CLASS_PRIORITY, interpretBloodTest, mentzerIndex } from './blood-test';

const DEFAULTS = defaultsFor(BLOOD_TEST_FIELDS) as Omit<BloodTestInput, 'sex'>;
const WOMAN: BloodTestInput = { sex: 0, ...DEFAULTS };
const MAN: BloodTestInput = { sex: 1, ...DEFAULTS };

/** Red-cell values that agree with each other, as an analyser reports them. */
function redCells(hemoglobin: number, redBloodCells: number, meanCorpuscularVolume: number) {
  return {
    hemoglobin,
    redBloodCells,
    meanCorpuscularVolume,
    meanCorpuscularHemoglobin: Number(((10 * hemoglobin) / redBloodCells).toFixed(1)),
    meanCorpuscularHemoglobinConcentration: Number(
      ((1000 * hemoglobin) / (redBloodCells * meanCorpuscularVolume)).toFixed(1),
    ),
  };
}

/** A haemoglobin value with red-cell counts and indices that fit it (normal-sized cells, MCH 29.8 pg). */
const hb = (hemoglobin: number) => redCells(hemoglobin, Number(((hemoglobin * 4.7) / 14).toFixed(2)), 90);

function interpret(overrides: Partial<BloodTestValues>, base: BloodTestValues = WOMAN) {
  const values = { ...base, ...overrides };
  const result = interpretBloodTest(values);
  expect(BloodTestInterpretationSchema.strict().parse(result)).toEqual(result);
  return result;
}
const ids = (overrides: Partial<BloodTestValues>, base?: BloodTestValues) =>
  interpret(overrides, base).findings.map((f) => f.id);
const only = (id: string, overrides: Partial<BloodTestValues>, base?: BloodTestValues) => {
  const found = interpret(overrides, base).findings.filter((f) => f.id === id);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('interpretBloodTest: the prefilled healthy adult', () => {
  it('has no findings and class 1 Healthy, for a man, a woman, or sex unknown', () => {
    for (const base of [WOMAN, MAN, { ...DEFAULTS }]) {
      const result = interpret({}, base);
      expect(result.findings).toEqual([]);
      expect(result.classCode).toBe(1);
      expect(result.label).toBe('Healthy');
      expect(result.summary).toMatch(/^None of the conditions .* was found\. No other value needs attention\.$/);
    }
  });

  it('passes the contract’s validation', () => {
    expect(BloodTestInputSchema.parse(WOMAN)).toEqual(WOMAN);
  });

  it('refuses 0-1 scaled values instead of reading them', () => {
    const scaled = Object.fromEntries(BLOOD_TEST_LAB_KEYS.map((k) => [k, 0.5])) as unknown as BloodTestValues;
    expect(() => interpretBloodTest(scaled)).toThrow(RangeError);
  });
});

describe('anaemia (WHO 2011)', () => {
  it('uses 12.0 g/dL for women, with mild, moderate and severe bands', () => {
    expect(ids(hb(12.0))).toEqual([]);
    const mild = only('anaemia', { hemoglobin: 11.9 });
    expect([mild.title, mild.severity, mild.value]).toEqual(['Mild anaemia', 'attention', '11.9 g/dL']);
    expect(mild.referenceRange).toBe(
      'anaemia below 12.0 g/dL in non-pregnant women: mild 11.0-11.9, moderate 8.0-10.9, severe below 8.0',
    );
    expect(mild.fields).toEqual(['hemoglobin', 'sex']);
    expect(only('anaemia', { hemoglobin: 11.0 }).title).toBe('Mild anaemia');
    expect(only('anaemia', { hemoglobin: 10.99 }).title).toBe('Moderate anaemia');
    expect(only('anaemia', { hemoglobin: 8.0 }).severity).toBe('attention');
    const severe = only('anaemia', { hemoglobin: 7.9 });
    expect([severe.title, severe.severity]).toEqual(['Severe anaemia', 'urgent']);
    expect(severe.explanation).toMatch(/contact a doctor today/);
  });

  it('uses 13.0 g/dL for men', () => {
    expect(ids(hb(13.0), MAN)).toEqual([]);
    const mild = only('anaemia', { hemoglobin: 12.9 }, MAN);
    expect(mild.title).toBe('Mild anaemia');
    expect(mild.referenceRange).toMatch(/^anaemia below 13.0 g\/dL in men: mild 11.0-12.9/);
    expect(interpret({ hemoglobin: 12.9 }, MAN).classCode).toBe(0);
    expect(interpret({ hemoglobin: 12.9 }, WOMAN).classCode).toBe(1);
  });

  it('without sex, counts anaemia below 12.0 and only mentions 12.0-12.9', () => {
    const unknown = { ...DEFAULTS };
    const between = interpret(hb(12.5), unknown);
    expect(between.findings.map((f) => [f.id, f.severity])).toEqual([['anaemia-if-male', 'info']]);
    expect(between.classCode).toBe(1);
    expect(only('anaemia', { hemoglobin: 11.9 }, unknown).fields).toEqual(['hemoglobin']);
    expect(interpret({ hemoglobin: 11.9 }, unknown).classCode).toBe(0);
  });

  it('cites the WHO document', () => {
    expect(only('anaemia', { hemoglobin: 10 }).citation.title).toMatch(
      /Haemoglobin concentrations for the diagnosis of anaemia/,
    );
  });
});

describe('high haemoglobin (WHO 2016)', () => {
  it('is above 16.5 g/dL for men and 16.0 for women; men’s threshold when sex is unknown', () => {
    expect(ids({ hemoglobin: 16.5 }, MAN)).not.toContain('high-haemoglobin');
    expect(only('high-haemoglobin', { hemoglobin: 16.6 }, MAN).severity).toBe('attention');
    expect(ids({ hemoglobin: 16.0 }, WOMAN)).not.toContain('high-haemoglobin');
    expect(ids({ hemoglobin: 16.1 }, WOMAN)).toContain('high-haemoglobin');
    expect(ids({ hemoglobin: 16.3 }, { ...DEFAULTS })).not.toContain('high-haemoglobin');
  });
});

describe('fasting glucose (ADA Standards of Care)', () => {
  it('reads 100-125 mg/dL as the prediabetes range, without a class', () => {
    expect(ids({ glucose: 99 })).toEqual([]);
    for (const glucose of [100, 125.9]) {
      const f = only('glucose-prediabetes-range', { glucose });
      expect(f.severity).toBe('attention');
      expect(interpret({ glucose }).classCode).toBe(1);
    }
  });

  it('reads 126 mg/dL or more as the diabetes range, class 2, and says one measurement is not a diagnosis', () => {
    const f = only('glucose-diabetes-range', { glucose: 126 });
    expect([f.severity, f.value]).toEqual(['attention', '126 mg/dL']);
    expect(f.explanation).toMatch(/One measurement is not a diagnosis/);
    expect(f.citation.url).toBe('https://doi.org/10.2337/dc25-S002');
    const result = interpret({ glucose: 126 });
    expect([result.classCode, result.label]).toEqual([2, 'Diabetes']);
    expect(only('glucose-diabetes-range', { glucose: 249 }).severity).toBe('attention');
  });

  it('makes 250 mg/dL or more urgent, still class 2', () => {
    const f = only('glucose-very-high', { glucose: 250 });
    expect(f.severity).toBe('urgent');
    expect(f.explanation).toMatch(/ketoacidosis/);
    expect(interpret({ glucose: 400 }).classCode).toBe(2);
  });

  it('flags low glucose: below 70 needs attention, below 54 is urgent', () => {
    expect(ids({ glucose: 70 })).toEqual([]);
    expect(only('glucose-low', { glucose: 69 }).severity).toBe('attention');
    expect(only('glucose-low', { glucose: 54 }).severity).toBe('attention');
    expect(only('glucose-very-low', { glucose: 53.9 }).severity).toBe('urgent');
    expect(interpret({ glucose: 40 }).classCode).toBe(1);
  });
});

describe('platelets', () => {
  it('reads below 150 ×10³/µL as thrombocytopenia, mild (100-149) as information only', () => {
    expect(ids({ platelets: 150 })).toEqual([]);
    for (const platelets of [149, 100]) {
      const f = only('platelets-mildly-low', { platelets });
      expect(f.severity).toBe('info');
      expect(interpret({ platelets }).classCode).toBe(1);
    }
  });

  it('needs attention below 100 and below 50, class 4 Thrombocytopenia', () => {
    expect(only('platelets-moderately-low', { platelets: 99 }).severity).toBe('attention');
    expect(only('platelets-moderately-low', { platelets: 50 }).severity).toBe('attention');
    const severe = only('platelets-severely-low', { platelets: 49 });
    expect(severe.severity).toBe('attention');
    expect(severe.explanation).toMatch(/avoid aspirin/);
    expect(only('platelets-severely-low', { platelets: 20 }).severity).toBe('attention');
    const result = interpret({ platelets: 60 });
    expect([result.classCode, result.label]).toEqual([4, 'Thrombocytopenia']);
  });

  it('is urgent below 20', () => {
    expect(only('platelets-very-low', { platelets: 19 }).severity).toBe('urgent');
    expect(interpret({ platelets: 5 }).classCode).toBe(4);
  });

  it('reads above 450 as thrombocytosis, and 1000 or more as extreme, neither a class', () => {
    expect(ids({ platelets: 450 })).toEqual([]);
    expect(only('platelets-high', { platelets: 451 }).severity).toBe('attention');
    expect(only('platelets-extremely-high', { platelets: 1000 }).severity).toBe('attention');
    expect(interpret({ platelets: 1200 }).classCode).toBe(1);
  });
});

describe('white blood cells', () => {
  it('reads below 4.0 ×10³/µL as leukopenia, with a fever warning below 2.0', () => {
    expect(ids({ whiteBloodCells: 4.0 })).toEqual([]);
    const low = only('leukopenia', { whiteBloodCells: 3.9 });
    expect([low.title, low.severity]).toEqual(['Low white blood cell count (leukopenia)', 'attention']);
    expect(low.explanation).not.toMatch(/fever/);
    expect(only('leukopenia', { whiteBloodCells: 1.9 }).explanation).toMatch(
      /a fever is a reason to seek care the same day/,
    );
  });

  it('reads above 11.0 as leukocytosis, urgent above 100', () => {
    expect(ids({ whiteBloodCells: 11.0 })).toEqual([]);
    expect(only('leukocytosis', { whiteBloodCells: 11.1 }).severity).toBe('attention');
    expect(only('leukocytosis', { whiteBloodCells: 100 }).severity).toBe('attention');
    expect(only('leukocytosis-extreme', { whiteBloodCells: 100.1 }).severity).toBe('urgent');
  });
});

describe('red-cell size and the Mentzer index', () => {
  it('computes MCV / RBC', () => {
    expect(mentzerIndex({ meanCorpuscularVolume: 65, redBloodCells: 6.5 })).toBe(10);
  });

  it('applies the Mentzer index only to small red cells (MCV below 80 fL)', () => {
    // numerous cells of normal size: index 82 / 6.6 = 12.4, but no microcytosis, so no Mentzer finding
    expect(ids(redCells(15.5, 6.6, 82)).filter((id) => id.startsWith('m'))).toEqual(['mch-low', 'mchc-low']);
    expect(ids(redCells(13.5, 4.7, 80))).toEqual([]);
  });

  it('reads small, numerous cells (index below 13) as a thalassaemia-trait pattern, class 3', () => {
    const values = redCells(12.5, 6.0, 65); // index 10.8, not anaemic for a woman
    const result = interpret(values);
    expect(result.findings.map((f) => f.id)).toEqual(['microcytosis', 'mentzer-thalassaemia-trait', 'mch-low']);
    const trait = result.findings[1]!;
    expect(trait.value).toBe('MCV 65.0 fL / RBC 6.00 ×10⁶/µL = 10.8');
    expect(trait.explanation).toMatch(/not a diagnosis/);
    expect(trait.citation.title).toMatch(/Mentzer WC Jr\..*Lancet 1973/);
    expect([result.classCode, result.label]).toEqual([3, 'Thalassemia']);
  });

  it('reads small, few cells (index above 13) as an iron-deficiency pattern, which sets no class of its own', () => {
    const values = redCells(12.2, 4.6, 76); // index 16.5
    expect(ids(values)).toEqual(['microcytosis', 'mentzer-iron-deficiency']);
    expect(interpret(values).classCode).toBe(1);
    expect(interpret({ ...values, ...redCells(10.5, 4.5, 75) }).classCode).toBe(0);
  });

  it('says nothing either way at exactly 13', () => {
    const f = only('mentzer-indeterminate', redCells(13, 6.0, 78));
    expect(f.severity).toBe('info');
  });

  it('reads MCV above 100 fL as macrocytosis', () => {
    expect(ids(redCells(14, 4.2, 100))).toEqual([]);
    expect(only('macrocytosis', redCells(14, 4.2, 100.1)).severity).toBe('attention');
  });

  it('notes red-cell values that cannot all be right', () => {
    // defaults: Hb 14.0, RBC 4.70 -> MCH about 29.8; more than 15 % away is not a rounding difference
    expect(ids({ meanCorpuscularHemoglobin: 34 })).toEqual([]);
    const f = only('red-cell-values-inconsistent', { meanCorpuscularHemoglobin: 35 });
    expect(f.severity).toBe('info');
    expect(f.value).toMatch(/expected about 29\.8/);
    expect(ids({ meanCorpuscularHemoglobin: 35 })).toEqual(['mch-high', 'red-cell-values-inconsistent']);
    expect(ids({ meanCorpuscularHemoglobinConcentration: 28 })).toEqual(['mchc-low', 'red-cell-values-inconsistent']);
  });

  it('mentions MCH and MCHC outside their reference intervals as information', () => {
    const low = redCells(10, 5.0, 70);
    expect(
      interpret(low)
        .findings.filter((f) => f.id.startsWith('mch'))
        .map((f) => [f.id, f.severity]),
    ).toEqual([
      ['mch-low', 'info'],
      ['mchc-low', 'info'],
    ]);
    expect(ids(redCells(14, 3.8, 110))).toEqual(['macrocytosis', 'mch-high']);
  });
});

describe('lipids (NCEP ATP III)', () => {
  it('grades total cholesterol: borderline 200-239 (info), high 240 (attention)', () => {
    expect(ids({ cholesterol: 199 })).toEqual([]);
    expect(only('cholesterol-borderline', { cholesterol: 200 }).severity).toBe('info');
    expect(only('cholesterol-borderline', { cholesterol: 239 }).severity).toBe('info');
    expect(only('cholesterol-high', { cholesterol: 240 }).severity).toBe('attention');
  });

  it('grades LDL: borderline 130-159, high 160-189, very high 190', () => {
    const total = { cholesterol: 300 };
    expect(ids({ ...total, ldlCholesterol: 129 })).toEqual(['cholesterol-high']);
    expect(only('ldl-borderline-high', { ...total, ldlCholesterol: 130 }).severity).toBe('info');
    expect(only('ldl-high', { ...total, ldlCholesterol: 160 }).severity).toBe('attention');
    expect(only('ldl-high', { ...total, ldlCholesterol: 189 }).title).toBe('High LDL cholesterol');
    const veryHigh = only('ldl-very-high', { ...total, ldlCholesterol: 190 });
    expect(veryHigh.explanation).toMatch(/familial hypercholesterolaemia/);
  });

  it('reads HDL below 40 as low (information)', () => {
    expect(ids({ hdlCholesterol: 40 })).toEqual([]);
    expect(only('hdl-low', { hdlCholesterol: 39 }).severity).toBe('info');
  });

  it('grades triglycerides: borderline 150-199, high 200-499, very high 500', () => {
    expect(ids({ triglycerides: 149 })).toEqual([]);
    expect(only('triglycerides-borderline-high', { triglycerides: 150 }).severity).toBe('info');
    expect(only('triglycerides-high', { triglycerides: 200 }).severity).toBe('attention');
    expect(only('triglycerides-high', { triglycerides: 499 }).severity).toBe('attention');
    expect(only('triglycerides-very-high', { triglycerides: 500 }).explanation).toMatch(/pancreatitis/);
  });

  it('notes LDL + HDL above total cholesterol (5 % allowed for assay error)', () => {
    expect(ids({ cholesterol: 150, ldlCholesterol: 100, hdlCholesterol: 57 })).toEqual([]);
    const f = only('lipid-values-inconsistent', { cholesterol: 150, ldlCholesterol: 100, hdlCholesterol: 58 });
    expect(f.citation.title).toMatch(/Friedewald/);
  });

  it('never sets a class', () => {
    expect(interpret({ cholesterol: 320, ldlCholesterol: 220, hdlCholesterol: 30, triglycerides: 600 }).classCode).toBe(
      1,
    );
  });
});

describe('blood pressure (ACC/AHA 2017)', () => {
  it('takes the higher of the systolic and diastolic categories', () => {
    const cases: [number, number, string][] = [
      [119, 79, 'normal'],
      [120, 79, 'elevated'],
      [129, 79, 'elevated'],
      [119, 80, 'stage 1'],
      [130, 70, 'stage 1'],
      [139, 89, 'stage 1'],
      [140, 70, 'stage 2'],
      [120, 90, 'stage 2'],
      [180, 120, 'stage 2'],
      [181, 90, 'crisis'],
      [150, 121, 'crisis'],
    ];
    for (const [sys, dia, category] of cases)
      expect(`${sys}/${dia} ${bloodPressureCategory(sys, dia)}`).toBe(`${sys}/${dia} ${category}`);
  });

  it('reports elevated as information, stages 1 and 2 as attention, a crisis as urgent', () => {
    const bp = (systolicBloodPressure: number, diastolicBloodPressure: number) => ({
      systolicBloodPressure,
      diastolicBloodPressure,
    });
    expect(ids(bp(119, 79))).toEqual([]);
    expect(only('blood-pressure-elevated', bp(125, 75)).severity).toBe('info');
    const stage1 = only('blood-pressure-stage-1', bp(132, 78));
    expect([stage1.severity, stage1.value]).toEqual(['attention', '132/78 mmHg']);
    expect(stage1.explanation).toMatch(/one reading is a reason to measure again, not a diagnosis/);
    expect(only('blood-pressure-stage-2', bp(145, 95)).severity).toBe('attention');
    const crisis = only('blood-pressure-crisis', bp(190, 100));
    expect(crisis.severity).toBe('urgent');
    expect(crisis.explanation).toMatch(/Call emergency services now if/);
    expect(interpret(bp(190, 125)).classCode).toBe(1);
  });

  it('mentions low blood pressure (below 90/60) as information', () => {
    const bp = (systolicBloodPressure: number, diastolicBloodPressure: number) => ({
      systolicBloodPressure,
      diastolicBloodPressure,
    });
    expect(ids(bp(90, 60))).toEqual([]);
    expect(only('blood-pressure-low', bp(89, 60)).severity).toBe('info');
    expect(only('blood-pressure-low', bp(105, 59)).severity).toBe('info');
  });
});

describe('BMI (WHO)', () => {
  it('grades underweight, overweight and obesity classes', () => {
    expect(ids({ bmi: 18.5 })).toEqual([]);
    expect(ids({ bmi: 24.9 })).toEqual([]);
    expect(only('bmi-underweight', { bmi: 18.4 }).severity).toBe('info');
    expect(only('bmi-underweight', { bmi: 16.9 }).severity).toBe('attention');
    expect(only('bmi-overweight', { bmi: 25 }).severity).toBe('info');
    expect(only('bmi-obesity-i', { bmi: 30 }).title).toBe('Obesity, class I');
    expect(only('bmi-obesity-ii', { bmi: 35 }).severity).toBe('attention');
    expect(only('bmi-obesity-iii', { bmi: 40 }).explanation).toMatch(/Asian background/);
  });
});

describe('insulin', () => {
  it('is information only, outside about 2-25 µIU/mL', () => {
    expect(ids({ insulin: 2 })).toEqual([]);
    expect(ids({ insulin: 25 })).toEqual([]);
    expect(only('insulin-low', { insulin: 1.9 }).severity).toBe('info');
    const high = only('insulin-high', { insulin: 300 });
    expect(high.severity).toBe('info');
    expect(high.explanation).toMatch(/not used to diagnose diabetes/);
    expect(interpret({ insulin: 300 }).classCode).toBe(1);
  });
});

describe('heart rate', () => {
  it('reads below 50 as slow (attention below 40), above 100 as fast (urgent from 150)', () => {
    expect(ids({ heartRate: 50 })).toEqual([]);
    expect(ids({ heartRate: 100 })).toEqual([]);
    expect(only('heart-rate-slow', { heartRate: 49 }).severity).toBe('info');
    expect(only('heart-rate-slow', { heartRate: 39 }).severity).toBe('attention');
    expect(only('heart-rate-fast', { heartRate: 101 }).severity).toBe('attention');
    expect(only('heart-rate-fast', { heartRate: 150 }).severity).toBe('urgent');
  });
});

describe('the main finding and its class', () => {
  it('puts a thalassaemia-trait pattern before the anaemia it explains', () => {
    const result = interpret(redCells(11.2, 5.8, 66));
    expect(result.findings.map((f) => f.id)).toContain('anaemia');
    expect(result.classCode).toBe(3);
  });

  it('follows CLASS_PRIORITY among findings of equal severity: 3, 0, 4, 2', () => {
    expect(CLASS_PRIORITY).toEqual([3, 0, 4, 2]);
    expect(interpret({ hemoglobin: 11.5, glucose: 130 }).classCode).toBe(0);
    expect(interpret({ platelets: 80, glucose: 130 }).classCode).toBe(4);
    expect(interpret({ hemoglobin: 11.5, platelets: 80 }).classCode).toBe(0);
    expect(interpret({ ...redCells(12.5, 6.0, 65), platelets: 80, glucose: 130 }).classCode).toBe(3);
  });

  it('lets an urgent finding win over the order', () => {
    const severe = interpret({ ...redCells(7.5, 5.5, 60), glucose: 130 });
    expect(severe.findings.map((f) => f.id)).toContain('mentzer-thalassaemia-trait');
    expect(severe.classCode).toBe(0); // severe anaemia (urgent) over the trait pattern (attention)
    expect(interpret({ hemoglobin: 11.5, glucose: 300 }).classCode).toBe(2);
    expect(interpret({ hemoglobin: 11.5, platelets: 10 }).classCode).toBe(4);
    expect(interpret({ platelets: 10, glucose: 300 }).classCode).toBe(4); // both urgent: the order decides
  });

  it('never takes the class from an information-only finding', () => {
    expect(interpret({ platelets: 120 }).classCode).toBe(1);
    expect(interpret({ hemoglobin: 12.5 }, { ...DEFAULTS }).classCode).toBe(1);
  });

  it('lists findings most severe first, keeping rule order among equals', () => {
    const result = interpret({
      bmi: 27,
      glucose: 300,
      systolicBloodPressure: 150,
      diastolicBloodPressure: 85,
      platelets: 80,
    });
    expect(result.findings.map((f) => [f.id, f.severity])).toEqual([
      ['glucose-very-high', 'urgent'],
      ['platelets-moderately-low', 'attention'],
      ['blood-pressure-stage-2', 'attention'],
      ['bmi-overweight', 'info'],
    ]);
    expect(result.classCode).toBe(2);
    expect(result.summary).toBe(
      'Main finding: very high blood glucose. Also 2 other results need attention: moderately low platelets; high blood pressure, stage 2 range. Some results need care today: see the findings marked urgent.',
    );
  });

  it('says Healthy covers only the four conditions when something else needs attention', () => {
    const result = interpret({ systolicBloodPressure: 150, diastolicBloodPressure: 95 });
    expect([result.classCode, result.label]).toEqual([1, 'Healthy']);
    expect(result.summary).toBe(
      'None of the conditions this test looks for (anaemia, diabetes-range glucose, a thalassaemia-trait pattern or a platelet count below 100) was found. But one other result needs attention: high blood pressure, stage 2 range.',
    );
  });
});

describe('every finding', () => {
  const cases: Partial<BloodTestValues>[] = [
    { hemoglobin: 7 },
    { hemoglobin: 18 },
    { glucose: 50 },
    { glucose: 110 },
    { glucose: 300 },
    { platelets: 10 },
    { platelets: 600 },
    { whiteBloodCells: 2 },
    { whiteBloodCells: 150 },
    redCells(11, 6, 65),
    redCells(11, 4, 75),
    redCells(14, 4, 105),
    { meanCorpuscularHemoglobin: 40 },
    { cholesterol: 250, ldlCholesterol: 200, hdlCholesterol: 30, triglycerides: 600 },
    { systolicBloodPressure: 200, diastolicBloodPressure: 130 },
    { systolicBloodPressure: 85, diastolicBloodPressure: 55 },
    { bmi: 15 },
    { bmi: 45 },
    { insulin: 40 },
    { heartRate: 35 },
    { heartRate: 160 },
  ];

  it('names real form fields, shows its value with a unit, and carries a range, an explanation and a citation', () => {
    const keys = new Set<string>(BLOOD_TEST_FIELDS.map((f) => f.key));
    let count = 0;
    for (const overrides of cases) {
      for (const f of interpret(overrides).findings) {
        count += 1;
        expect(f.fields.length).toBeGreaterThan(0);
        for (const field of f.fields) expect(keys.has(field)).toBe(true);
        expect(f.value).toMatch(/\d.*(g\/dL|mg\/dL|×10|fL|pg|mmHg|kg\/m²|µIU\/mL|beats\/min)/);
        expect(f.referenceRange.length).toBeGreaterThan(5);
        expect(f.explanation).toMatch(/^[A-Z].*[.)]$/);
        expect(f.citation.title).toMatch(/(19|20)\d\d|Merck|National Heart/);
        if (f.citation.url) expect(f.citation.url).toMatch(/^https:\/\//);
        expect(f).not.toHaveProperty('classCode');
      }
    }
    expect(count).toBeGreaterThan(25);
  });
});

describe('values not entered', () => {
  const full = () =>
    ({ ...defaultsFor(BLOOD_TEST_FIELDS), sex: 0 }) as unknown as Parameters<typeof interpretBloodTest>[0];

  it('a rule whose value was not entered is not checked, never read as normal, and the summary names it', () => {
    const values = { ...full(), hemoglobin: null, cholesterol: null } as unknown as Parameters<
      typeof interpretBloodTest
    >[0];
    const result = interpretBloodTest(values);
    expect(result.findings.map((f) => f.id)).not.toContain('anaemia');
    expect(result.summary).toMatch(/Not checked, because not entered: cholesterol, hemoglobin\./);
  });

  it('the other rules still run: a diabetes-range glucose is found with the lipids missing', () => {
    const values = {
      ...full(),
      glucose: 130,
      cholesterol: null,
      ldlCholesterol: null,
      hdlCholesterol: null,
      triglycerides: null,
    };
    const result = interpretBloodTest(values as unknown as Parameters<typeof interpretBloodTest>[0]);
    expect(result.findings.map((f) => f.id)).toContain('glucose-diabetes-range');
    expect(result.classCode).toBe(2);
  });

  it('with every value entered, the summary says nothing about missing ones', () => {
    expect(interpretBloodTest(full()).summary).not.toMatch(/Not checked/);
  });
});
