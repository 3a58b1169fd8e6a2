import { CLINICAL_FORMS, type ClinicalField, type ClinicalTestSlug } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { bloodTestNextStepOf, bloodTestTimeframeOf } from './blood-test-steps';
import { applyGuidelines, GUIDELINES, GuidelinesSchema, nextStepOf, type GuidelineRule } from './guidelines';

/** Values that meet no guideline rule of their test: each test below moves one value across one cut-off. */
const NEUTRAL: Record<Exclude<ClinicalTestSlug, 'blood-test'>, Record<string, number | null>> = {
  diabetes: { Pregnancies: 1, Glucose: 100, BloodPressure: 70, SkinThickness: 20, Insulin: 80, BMI: 24, DiabetesPedigreeFunction: 0.4, Age: 40 },
  heart: {
    age: 50, sex: 0, chest_pain_type: 3, bp: 120, cholesterol: 180, fbs_over_120: 0, ekg_results: 0, max_hr: 160,
    exercise_angina: 0, st_depression: 0, slope_of_st: 1, number_of_vessels_fluro: 0, thallium: 0,
  },
  cardio: {
    AGE: 50, GENDER: 1, HEIGHT: 165, WEIGHT: 60, AP_HIGH: 110, AP_LOW: 70, CHOLESTEROL: 1, GLUCOSE: 1, SMOKE: 0,
    ALCOHOL: 0, PHYSICAL_ACTIVITY: 1,
  },
  liver: {
    Age: 40, Gender: 1, Total_Bilirubin: 0.7, Direct_Bilirubin: 0.2, Alkaline_Phosphotase: 100, Alamine_Aminotransferase: 20,
    Aspartate_Aminotransferase: 20, Total_Protiens: 7, Albumin: 4, Albumin_and_Globulin_Ratio: 1.2,
  },
  'kidney-stone': {
    backBellySidePain: 0, burningUrination: 0, urgency: 0, bloodInUrine: 0, cloudySmellyUrine: 0, smallAmounts: 0,
    nauseaVomiting: 0, feverChills: 0, sex: 0, painOnset: 4, origin: 1, nausea: 0, haematuria: 3,
  },
};

type Leaf = { field: string; op: '>=' | '>' | '<=' | '<' | '=='; value: number };
type When = GuidelineRule['when'];

const idsOf = (test: ClinicalTestSlug, values: Record<string, number | null>) => applyGuidelines(test, values).map((f) => f.id);

/** The smallest move the form allows for a field: its step, or 1 for whole numbers and codes. */
function stepOf(test: ClinicalTestSlug, key: string): number {
  const field = (CLINICAL_FORMS[test] as readonly ClinicalField[]).find((f) => f.key === key)!;
  return field.type === 'decimal' ? (field.step ?? 0.1) : 1;
}

/** A value that meets the leaf exactly at its cut-off, and one that just misses it. */
function sidesOf(test: ClinicalTestSlug, leaf: Leaf): { meets: number; misses: number } {
  const step = stepOf(test, leaf.field);
  const round = (v: number) => Number(v.toFixed(4));
  switch (leaf.op) {
    case '>=':
      return { meets: leaf.value, misses: round(leaf.value - step) };
    case '>':
      return { meets: round(leaf.value + step), misses: leaf.value };
    case '<=':
      return { meets: leaf.value, misses: round(leaf.value + step) };
    case '<':
      return { meets: round(leaf.value - step), misses: leaf.value };
    case '==':
      return { meets: leaf.value, misses: leaf.value === 0 ? 1 : 0 };
  }
}

/** Values that meet `when` through one chosen leaf of each `any` (the first), and every leaf of each `all`. */
function meeting(when: When, into: Record<string, number | null>, test: ClinicalTestSlug): void {
  if ('field' in when) into[when.field] = sidesOf(test, when).meets;
  else if ('all' in when) when.all.forEach((c) => meeting(c, into, test));
  else meeting(when.any[0]!, into, test);
}

/** Every leaf that decides the rule on its own: each leaf of an `any`, every leaf of an `all`. */
function leavesOf(when: When): Leaf[] {
  if ('field' in when) return [when];
  return ('all' in when ? when.all : when.any).flatMap(leavesOf);
}

const RULE_TESTS = [...new Set(GUIDELINES.rules.map((r) => r.test))] as Exclude<ClinicalTestSlug, 'blood-test'>[];

describe('guidelines.json', () => {
  it('parses, with a source for every rule', () => {
    expect(GUIDELINES.rules.length).toBeGreaterThan(20);
    for (const rule of GUIDELINES.rules) expect(GUIDELINES.sources[rule.source]?.title).toBeTruthy();
  });

  it('refuses a rule with an unknown source or a field the test does not have', () => {
    const bad = structuredClone(GUIDELINES);
    bad.rules[0] = { ...bad.rules[0]!, source: 'nowhere', when: { field: 'Glucosse', op: '>=', value: 1 } };
    const result = GuidelinesSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['unknown source nowhere', 'diabetes has no field Glucosse']),
    );
  });

  it.each(RULE_TESTS)('neutral %s values meet no rule', (test) => {
    expect(idsOf(test, NEUTRAL[test])).toEqual([]);
  });
});

describe.each(GUIDELINES.rules.map((r) => [r.id, r] as const))('rule %s', (_, rule) => {
  const test = rule.test as Exclude<ClinicalTestSlug, 'blood-test'>;
  it.each(leavesOf(rule.when).map((leaf) => [`${leaf.field} ${leaf.op} ${leaf.value}`, leaf] as const))(
    'applies at %s and not just the other side of it',
    (_name, leaf) => {
      const values = { ...NEUTRAL[test] };
      meeting(rule.when, values, test);
      // an `any` is met through this leaf alone: the others go back to neutral
      for (const other of rivalsOf(rule.when, leaf)) values[other.field] = NEUTRAL[test][other.field]!;
      const { meets, misses } = sidesOf(test, leaf);
      values[leaf.field] = meets;
      expect(idsOf(test, values)).toContain(rule.id);
      values[leaf.field] = misses;
      expect(idsOf(test, values)).not.toContain(rule.id);
    },
  );
  it('is not met when a value it needs was not entered', () => {
    const values: Record<string, number | null> = { ...NEUTRAL[test] };
    meeting(rule.when, values, test);
    for (const leaf of leavesOf(rule.when)) values[leaf.field] = null;
    expect(idsOf(test, values)).not.toContain(rule.id);
  });
});

/** The leaves that could meet the rule in this leaf's place: the others of every `any` that holds it. */
function rivalsOf(when: When, leaf: Leaf): Leaf[] {
  if ('field' in when) return [];
  const parts = 'all' in when ? when.all : when.any;
  const holder = parts.find((c) => leavesOf(c).includes(leaf));
  if (!holder) return [];
  const others = 'any' in when ? parts.filter((c) => c !== holder).flatMap(leavesOf) : [];
  return [...others, ...rivalsOf(holder, leaf)];
}

describe('what a patient is told', () => {
  const diabetes = (Glucose: number) => applyGuidelines('diabetes', { ...NEUTRAL.diabetes, Glucose });

  it('a 2-hour glucose of 215 meets the diagnostic threshold: see a doctor within days', () => {
    const [finding] = diabetes(215);
    expect(finding).toMatchObject({ id: 'ogtt-diabetes-range', timeframe: 'days' });
    expect(finding!.nextStep).toMatch(/meets the diagnostic threshold for diabetes: see a doctor within days/);
    expect(finding!.value).toBe('Plasma glucose, 2 h after an oral glucose tolerance test 215 mg/dL');
  });

  it('one band per value: 215 is not also reported as prediabetes; 199 is prediabetes; 139 is neither', () => {
    expect(diabetes(215).map((f) => f.id)).toEqual(['ogtt-diabetes-range']);
    expect(diabetes(199).map((f) => f.id)).toEqual(['ogtt-prediabetes-range']);
    expect(diabetes(139)).toEqual([]);
  });

  it('a blood-pressure crisis is 181/any or any/121, not 180/120 (the guideline says above)', () => {
    const ids = (AP_HIGH: number, AP_LOW: number) => idsOf('cardio', { ...NEUTRAL.cardio, AP_HIGH, AP_LOW });
    expect(ids(181, 80)).toEqual(['cardio-bp-crisis']);
    expect(ids(150, 121)).toEqual(['cardio-bp-crisis']);
    expect(ids(180, 120)).toEqual(['cardio-bp-stage-2']);
  });

  it('kidney stone: fever with flank pain is an emergency department now, before anything else', () => {
    const findings = applyGuidelines('kidney-stone', { ...NEUTRAL['kidney-stone'], backBellySidePain: 1, feverChills: 1, bloodInUrine: 1 });
    expect(findings[0]).toMatchObject({ id: 'stone-fever-with-flank-pain', timeframe: 'now' });
    const step = nextStepOf(findings, { timeframe: 'routine', heading: 'x', text: 'y' });
    expect(step).toMatchObject({ timeframe: 'now', heading: 'Go to an emergency department now' });
    expect(step.text).toMatch(/emergency department now/);
  });

  it('findings are listed most urgent first, and the next step takes the most urgent', () => {
    const findings = applyGuidelines('liver', { ...NEUTRAL.liver, Total_Bilirubin: 4, Direct_Bilirubin: 2, Alamine_Aminotransferase: 200, Albumin: 3 });
    expect(findings.map((f) => f.timeframe)).toEqual(['today', 'days', 'routine']);
    expect(nextStepOf(findings, { timeframe: 'days', heading: 'x', text: 'y' }).timeframe).toBe('today');
  });

  it('a model band more urgent than every finding keeps its own step', () => {
    const findings = applyGuidelines('heart', { ...NEUTRAL.heart, bp: 132 });
    const fallback = { timeframe: 'days' as const, heading: 'x', text: 'band' };
    expect(nextStepOf(findings, fallback)).toBe(fallback);
  });
});

describe('blood test next step', () => {
  const finding = (id: string, severity: 'info' | 'attention' | 'urgent', title = id) =>
    ({ id, severity, title, fields: [] as string[], value: '', referenceRange: '', explanation: '', citation: { title: 't' } });

  it('urgent is today, a diabetes-range fasting glucose within days, other attention routine', () => {
    expect(bloodTestTimeframeOf(finding('anaemia', 'urgent'))).toBe('today');
    expect(bloodTestTimeframeOf(finding('glucose-diabetes-range', 'attention'))).toBe('days');
    expect(bloodTestTimeframeOf(finding('blood-pressure-stage-1', 'attention'))).toBe('routine');
  });

  it('names what to see a doctor about, and says routine when nothing needs attention', () => {
    const step = bloodTestNextStepOf([finding('glucose-diabetes-range', 'attention', 'Fasting glucose in the diabetes range'), finding('hdl-low', 'info')]);
    expect(step).toMatchObject({ timeframe: 'days', text: 'See a doctor within days about: fasting glucose in the diabetes range.' });
    expect(bloodTestNextStepOf([finding('hdl-low', 'info')]).timeframe).toBe('routine');
  });
});
