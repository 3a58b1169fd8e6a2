import { CLINICAL_FORMS, type ClinicalField, type ClinicalTestSlug } from '@medibuddy/contracts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadReferenceValues, thresholdOf } from '../../../content/reference-values';
import { bloodTestNextStepOf, bloodTestTimeframeOf } from './blood-test-steps';
import {
  applyGuidelines,
  GUIDELINES,
  GuidelinesSchema,
  nextStepOf,
  titleInSentence,
  type GuidelineRule,
} from './guidelines';

/** Values that meet no guideline rule of their test: each test below moves one value across one cut-off. */
const NEUTRAL: Record<Exclude<ClinicalTestSlug, 'blood-test'>, Record<string, number | null>> = {
  diabetes: {
    pregnancies: 1,
    glucose: 100,
    bloodPressure: 70,
    skinThickness: 20,
    insulin: 80,
    bmi: 22,
    diabetesPedigreeFunction: 0.4,
    age: 40,
  },
  heart: {
    age: 50,
    sex: 0,
    chestPainType: 3,
    bp: 120,
    cholesterol: 180,
    fbsOver120: 0,
    ekgResults: 0,
    maxHr: 160,
    exerciseAngina: 0,
    stDepression: 0,
    slopeOfSt: 1,
    numberOfVesselsFluro: 0,
    thallium: 0,
  },
  cardio: {
    age: 50,
    gender: 1,
    height: 165,
    weight: 60,
    apHigh: 110,
    apLow: 70,
    cholesterol: 1,
    glucose: 1,
    smoke: 0,
    alcohol: 0,
    physicalActivity: 1,
  },
  liver: {
    age: 40,
    gender: 1,
    totalBilirubin: 0.7,
    directBilirubin: 0.2,
    alkalinePhosphatase: 100,
    alanineAminotransferase: 20,
    aspartateAminotransferase: 20,
    totalProteins: 7,
    albumin: 4,
    albuminGlobulinRatio: 1.2,
  },
  'kidney-stone': {
    backBellySidePain: 0,
    burningUrination: 0,
    urgency: 0,
    bloodInUrine: 0,
    cloudySmellyUrine: 0,
    smallAmounts: 0,
    nauseaVomiting: 0,
    feverChills: 0,
    sex: 0,
    painOnset: 4,
    origin: 1,
    nausea: 0,
    haematuria: 3,
  },
};

type Leaf = { field: string; op: '>=' | '>' | '<=' | '<' | '=='; value: number; threshold?: string };
type When = GuidelineRule['when'];
type Values = Record<string, number | null>;

const idsOf = (test: ClinicalTestSlug, values: Values) => applyGuidelines(test, values).map((f) => f.id);

const derivedOf = (test: ClinicalTestSlug, key: string) =>
  GUIDELINES.derived.find((d) => d.test === test && d.key === key);

/** The smallest move the form allows for a field: its step, or 1 for whole numbers and codes; 0.1 for a derived BMI. */
function stepOf(test: ClinicalTestSlug, key: string): number {
  if (derivedOf(test, key)) return 0.1;
  const field = (CLINICAL_FORMS[test] as readonly ClinicalField[]).find((f) => f.key === key)!;
  return field.type === 'decimal' ? (field.step ?? 0.1) : 1;
}

/** Sets a field, or for a derived BMI the answers it comes from: at 200 cm, the weight is 4 times the BMI. */
function set(test: ClinicalTestSlug, values: Values, key: string, value: number | null): void {
  const derived = derivedOf(test, key);
  if (!derived) {
    values[key] = value;
    return;
  }
  values[derived.bmiFrom.heightCm] = 200;
  values[derived.bmiFrom.weightKg] = value === null ? null : Number((value * 4).toFixed(1));
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
function meeting(when: When, into: Values, test: ClinicalTestSlug): void {
  if ('field' in when) set(test, into, when.field, sidesOf(test, when).meets);
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

  it('names blood-pressure, glucose, HbA1c and BMI cut-offs from reference-values.json instead of writing them again', () => {
    const table = loadReferenceValues();
    const measured = GUIDELINES.rules.filter((r) => ['blood-pressure', 'glucose', 'hba1c', 'bmi'].includes(r.group));
    expect(measured.length).toBeGreaterThanOrEqual(17);
    for (const rule of measured) {
      for (const leaf of leavesOf(rule.when).filter((l) => l.op !== '==')) {
        expect(leaf.threshold, `${rule.id} ${leaf.field}`).toBeDefined();
        expect(thresholdOf(table, leaf.threshold!), leaf.threshold).toEqual({ value: leaf.value, op: leaf.op });
      }
    }
    // the chat reads the same numbers: the diabetes-range HbA1c band of the table is the rule's cut-off
    expect(GUIDELINES.rules.find((r) => r.id === 'hba1c-diabetes-range')?.when).toMatchObject({ op: '>=', value: 6.5 });
  });

  it('follows the table when a cut-off there changes', () => {
    const raw = JSON.parse(
      readFileSync(new URL('../../../content/clinical/guidelines.json', import.meta.url), 'utf8'),
    ) as {
      rules: { id: string; when: unknown }[];
    };
    const ogtt = raw.rules.find((r) => r.id === 'ogtt-diabetes-range')!;
    expect(ogtt.when).toEqual({ field: 'glucose', threshold: 'glucose_2h.diabetes.from' });
    expect(GuidelinesSchema.parse(raw).rules.find((r) => r.id === 'ogtt-diabetes-range')?.when).toMatchObject({
      op: '>=',
      value: 200,
    });
  });

  it('refuses a threshold the table does not have, one read back with another number, and a range that does not say the number', () => {
    const raw = () =>
      JSON.parse(readFileSync(new URL('../../../content/clinical/guidelines.json', import.meta.url), 'utf8')) as {
        rules: Record<string, unknown>[];
      };
    const unknown = raw();
    unknown.rules[0] = { ...unknown.rules[0], when: { field: 'hba1c', threshold: 'hba1c.diabetes.below' } };
    expect(GuidelinesSchema.safeParse(unknown).error?.issues.map((i) => i.message)).toContain(
      'reference-values.json has no threshold hba1c.diabetes.below',
    );
    const disagrees = raw();
    disagrees.rules[0] = {
      ...disagrees.rules[0],
      when: { field: 'hba1c', threshold: 'hba1c.diabetes.from', op: '>=', value: 6.4 },
    };
    expect(GuidelinesSchema.safeParse(disagrees).error?.issues.map((i) => i.message)).toContain(
      'hba1c.diabetes.from is >= 6.5 in reference-values.json',
    );
    const silent = raw();
    silent.rules[0] = { ...silent.rules[0], referenceRange: 'diabetes range or more' };
    expect(GuidelinesSchema.safeParse(silent).error?.issues.map((i) => i.message)).toContain(
      'hba1c-diabetes-range: the reference range does not mention 6.5 (hba1c.diabetes.from)',
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
      set(test, values, leaf.field, meets);
      expect(idsOf(test, values)).toContain(rule.id);
      set(test, values, leaf.field, misses);
      expect(idsOf(test, values)).not.toContain(rule.id);
    },
  );
  it('is not met when a value it needs was not entered', () => {
    const values: Values = { ...NEUTRAL[test] };
    meeting(rule.when, values, test);
    for (const leaf of leavesOf(rule.when)) set(test, values, leaf.field, null);
    expect(idsOf(test, values)).not.toContain(rule.id);
    // an optional field that was not entered is not in the values at all
    for (const leaf of leavesOf(rule.when)) delete values[leaf.field];
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
  const diabetes = (glucose: number) => applyGuidelines('diabetes', { ...NEUTRAL.diabetes, glucose });

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

  it('an HbA1c of 7.1 % meets the diagnostic threshold: see a doctor within days, cited to the ADA Standards of Care', () => {
    const findings = applyGuidelines('diabetes', { ...NEUTRAL.diabetes, hba1c: 7.1 });
    expect(findings.map((f) => f.id)).toEqual(['hba1c-diabetes-range']);
    expect(findings[0]).toMatchObject({ timeframe: 'days', value: 'HbA1c 7.1 %', fields: ['hba1c'] });
    expect(findings[0]!.nextStep).toMatch(
      /^Your HbA1c meets the diagnostic threshold for diabetes: see a doctor within days/,
    );
    expect(findings[0]!.citation.title).toMatch(/Standards of Care in Diabetes-2025/);
    expect(nextStepOf(findings, { timeframe: 'routine', heading: 'x', text: 'y' }).timeframe).toBe('days');
  });

  it('HbA1c: 6.5 diabetes range, 6.4 and 5.7 prediabetes (routine), 5.6 and not entered nothing', () => {
    const hba1c = (value?: number) =>
      idsOf('diabetes', value === undefined ? NEUTRAL.diabetes : { ...NEUTRAL.diabetes, hba1c: value });
    expect(hba1c(6.5)).toEqual(['hba1c-diabetes-range']);
    expect(hba1c(6.4)).toEqual(['hba1c-prediabetes-range']);
    expect(hba1c(5.7)).toEqual(['hba1c-prediabetes-range']);
    expect(applyGuidelines('diabetes', { ...NEUTRAL.diabetes, hba1c: 6.0 })[0]?.timeframe).toBe('routine');
    expect(hba1c(5.6)).toEqual([]);
    expect(hba1c()).toEqual([]);
  });

  it('diabetes BMI: WHO categories and the ADA testing advice, both routine, on both sides of 30, 25 and 23', () => {
    const bmi = (bmi: number) => idsOf('diabetes', { ...NEUTRAL.diabetes, bmi });
    expect(bmi(30)).toEqual(['bmi-obesity', 'ada-testing-bmi-25']);
    expect(bmi(29.9)).toEqual(['bmi-overweight', 'ada-testing-bmi-25']);
    expect(bmi(25)).toEqual(['bmi-overweight', 'ada-testing-bmi-25']);
    expect(bmi(24.9)).toEqual(['ada-testing-bmi-23-asian-american']);
    expect(bmi(23)).toEqual(['ada-testing-bmi-23-asian-american']);
    expect(bmi(22.9)).toEqual([]);
    const findings = applyGuidelines('diabetes', { ...NEUTRAL.diabetes, bmi: 27.3 });
    expect(findings.every((f) => f.timeframe === 'routine' && f.severity === 'info')).toBe(true);
    // no more certain than the ADA: testing is to be considered, with a risk factor
    const testing = findings.find((f) => f.id === 'ada-testing-bmi-25')!;
    expect(testing.explanation).toMatch(
      /be considered in adults with a BMI of 25 or more \(23 or more in Asian American people\) who have one or more other risk factors/,
    );
    expect(testing.nextStep).toMatch(/^If one of these risk factors applies to you/);
  });

  it('cardio: a BMI worked out from height and weight, 30.1 at 170 cm and 87 kg, is in the obesity range', () => {
    const findings = applyGuidelines('cardio', { ...NEUTRAL.cardio, height: 170, weight: 87 });
    expect(findings.map((f) => f.id)).toEqual(['cardio-bmi-obesity']);
    expect(findings[0]).toMatchObject({
      value: 'Body mass index, from height and weight 30.1 kg/m²',
      timeframe: 'routine',
    });
    expect(idsOf('cardio', { ...NEUTRAL.cardio, height: 170, weight: 72.3 })).toEqual(['cardio-bmi-overweight']);
    expect(idsOf('cardio', { ...NEUTRAL.cardio, height: 170, weight: 72.1 })).toEqual([]);
  });

  it("a title inside a sentence ('Also: …') keeps HbA1c, BMI, ADA and Asian American as written", () => {
    expect(titleInSentence('HbA1c in the prediabetes range')).toBe('HbA1c in the prediabetes range');
    expect(titleInSentence('At this BMI the ADA advises considering a diabetes test if you have a risk factor')).toBe(
      'at this BMI the ADA advises considering a diabetes test if you have a risk factor',
    );
    expect(titleInSentence('For Asian American people the ADA advises')).toBe(
      'for Asian American people the ADA advises',
    );
    expect(titleInSentence('High blood pressure, stage 2 range')).toBe('high blood pressure, stage 2 range');
    expect(titleInSentence('ALP above normal')).toBe('ALP above normal');
  });

  it('a blood-pressure crisis is 181/any or any/121, not 180/120 (the guideline says above)', () => {
    const ids = (apHigh: number, apLow: number) => idsOf('cardio', { ...NEUTRAL.cardio, apHigh, apLow });
    expect(ids(181, 80)).toEqual(['cardio-bp-crisis']);
    expect(ids(150, 121)).toEqual(['cardio-bp-crisis']);
    expect(ids(180, 120)).toEqual(['cardio-bp-stage-2']);
  });

  it('kidney stone: fever with flank pain is an emergency department now, before anything else', () => {
    const findings = applyGuidelines('kidney-stone', {
      ...NEUTRAL['kidney-stone'],
      backBellySidePain: 1,
      feverChills: 1,
      bloodInUrine: 1,
    });
    expect(findings[0]).toMatchObject({ id: 'stone-fever-with-flank-pain', timeframe: 'now' });
    const step = nextStepOf(findings, { timeframe: 'routine', heading: 'x', text: 'y' });
    expect(step).toMatchObject({ timeframe: 'now', heading: 'Go to an emergency department now' });
    expect(step.text).toMatch(/emergency department now/);
  });

  it('findings are listed most urgent first, and the next step takes the most urgent', () => {
    const findings = applyGuidelines('liver', {
      ...NEUTRAL.liver,
      totalBilirubin: 4,
      directBilirubin: 2,
      alanineAminotransferase: 200,
      albumin: 3,
    });
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
  const finding = (id: string, severity: 'info' | 'attention' | 'urgent', title = id) => ({
    id,
    severity,
    title,
    fields: [] as string[],
    value: '',
    referenceRange: '',
    explanation: '',
    citation: { title: 't' },
  });

  it('urgent is today, a diabetes-range fasting glucose within days, other attention routine', () => {
    expect(bloodTestTimeframeOf(finding('anaemia', 'urgent'))).toBe('today');
    expect(bloodTestTimeframeOf(finding('glucose-diabetes-range', 'attention'))).toBe('days');
    expect(bloodTestTimeframeOf(finding('blood-pressure-stage-1', 'attention'))).toBe('routine');
  });

  it('names what to see a doctor about, and says routine when nothing needs attention', () => {
    const step = bloodTestNextStepOf([
      finding('glucose-diabetes-range', 'attention', 'Fasting glucose in the diabetes range'),
      finding('hdl-low', 'info'),
    ]);
    expect(step).toMatchObject({
      timeframe: 'days',
      text: 'See a doctor within days about: fasting glucose in the diabetes range.',
    });
    expect(bloodTestNextStepOf([finding('hdl-low', 'info')]).timeframe).toBe('routine');
  });
});
