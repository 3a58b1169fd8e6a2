import { describe, expect, it } from 'vitest';
import {
  countSymptoms,
  STONE_HAEMATURIA,
  KIDNEY_STONE_COMPAT_KEYS,
  KIDNEY_STONE_FIELDS,
  KIDNEY_STONE_SCORE_FIELDS,
  KIDNEY_STONE_SYMPTOM_FIELDS,
  KIDNEY_STONE_SYMPTOM_KEYS,
  KidneyStoneInputSchema,
  STONE_NAUSEA,
  STONE_ORIGIN,
  STONE_PAIN_ONSET,
} from './kidney-stone';

const NO_SYMPTOMS = Object.fromEntries(KIDNEY_STONE_SYMPTOM_KEYS.map((k) => [k, 0])) as Record<string, number>;
const valid = {
  ...NO_SYMPTOMS,
  backBellySidePain: 1,
  nauseaVomiting: 1,
  sex: 1,
  painOnset: STONE_PAIN_ONSET.lessThan6h,
  origin: STONE_ORIGIN.other,
  nausea: STONE_NAUSEA.vomiting,
  haematuria: STONE_HAEMATURIA.notTested,
};

function messages(input: unknown) {
  const result = KidneyStoneInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('kidney-stone fields', () => {
  it('are the eight legacy yes/no symptoms, keeping its labels for traceability and correcting their spelling on screen', () => {
    expect(KIDNEY_STONE_SYMPTOM_FIELDS.map((f) => f.specLabel)).toEqual([
      'Back/belly/side pain',
      'Burning during urination',
      'Urgenncy in urination',
      'Blood in urine',
      'Cloudy/Smelly urine',
      'Small amounts of urine',
      'Nausea/Vomitting',
      'Fever/Chills',
    ]);
    expect(KIDNEY_STONE_SYMPTOM_KEYS).toEqual([
      'backBellySidePain',
      'burningUrination',
      'urgency',
      'bloodInUrine',
      'cloudySmellyUrine',
      'smallAmounts',
      'nauseaVomiting',
      'feverChills',
    ]);
    const labels = KIDNEY_STONE_SYMPTOM_FIELDS.map((f) => f.label);
    expect(labels).toContain('Urgency in urination');
    expect(labels).toContain('Nausea/Vomiting');
    expect(labels.join(' ')).not.toMatch(/Urgenncy|Vomitting/);
    expect(KIDNEY_STONE_SYMPTOM_FIELDS.every((f) => f.type === 'yesno')).toBe(true);
  });

  it('add the five STONE inputs', () => {
    expect(KIDNEY_STONE_SCORE_FIELDS.map((f) => f.key)).toEqual(['sex', 'painOnset', 'origin', 'nausea', 'haematuria']);
    expect(KIDNEY_STONE_FIELDS).toHaveLength(13);
    const origin = KIDNEY_STONE_SCORE_FIELDS.find((f) => f.key === 'origin')!;
    expect(origin.help).toMatch(/published in 2014/);
    expect(origin.help).toMatch(/not a biological measure/);
  });

  it('map the legacy labels to keys for the compatibility API', () => {
    expect(KIDNEY_STONE_COMPAT_KEYS['Urgenncy in urination']).toBe('urgency');
    expect(Object.values(KIDNEY_STONE_COMPAT_KEYS)).toEqual(KIDNEY_STONE_SYMPTOM_KEYS);
  });
});

describe('countSymptoms', () => {
  it('counts the yes answers, the form’s Total', () => {
    expect(countSymptoms(NO_SYMPTOMS)).toBe(0);
    expect(countSymptoms(valid)).toBe(2);
    expect(countSymptoms(Object.fromEntries(KIDNEY_STONE_SYMPTOM_KEYS.map((k) => [k, 1])))).toBe(8);
  });

  it('ignores the score inputs and anything that is not a yes', () => {
    expect(countSymptoms({ ...NO_SYMPTOMS, sex: 1, origin: 1 } as never)).toBe(0);
    expect(countSymptoms({ feverChills: 2 } as never)).toBe(0);
  });
});

describe('KidneyStoneInputSchema', () => {
  it('accepts a complete, consistent form, also as text', () => {
    expect(KidneyStoneInputSchema.parse(valid)).toEqual(valid);
    const asText = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)]));
    expect(KidneyStoneInputSchema.parse(asText)).toEqual(valid);
  });

  it('rejects the form’s Total as an input: it is counted, not sent', () => {
    expect(messages({ ...valid, Total: 2 })).toEqual([['', expect.stringContaining('Total')]]);
  });

  it('checks codes against their options', () => {
    expect(messages({ ...valid, nausea: 3 })).toEqual([
      ['nausea', 'must be one of 0 (Neither), 1 (Nausea only), 2 (Vomiting)'],
    ]);
    expect(messages({ ...valid, feverChills: 2 })).toEqual([['feverChills', 'must be one of 1 (Yes), 0 (No)']]);
  });

  it('keeps the pain answers in step', () => {
    expect(messages({ ...valid, painOnset: STONE_PAIN_ONSET.noPain })).toEqual([
      ['painOnset', 'must say when the pain began, since you have back, belly or side pain'],
    ]);
    expect(messages({ ...valid, backBellySidePain: 0 })).toEqual([
      ['painOnset', "must be 'I have no such pain', since you answered No to back, belly or side pain"],
    ]);
    expect(messages({ ...valid, backBellySidePain: 0, painOnset: STONE_PAIN_ONSET.noPain })).toEqual([]);
  });

  it('keeps the nausea answers in step', () => {
    expect(messages({ ...valid, nausea: STONE_NAUSEA.none })).toEqual([
      ['nausea', 'must be nausea only or vomiting, since you answered Yes to nausea or vomiting'],
    ]);
    expect(messages({ ...valid, nauseaVomiting: 0 })).toEqual([
      ['nausea', 'must be neither, since you answered No to nausea or vomiting'],
    ]);
    expect(messages({ ...valid, nauseaVomiting: 0, nausea: STONE_NAUSEA.none })).toEqual([]);
  });

  it('does not tie visible blood to the dipstick result: red urine with a clean dipstick happens', () => {
    expect(messages({ ...valid, bloodInUrine: 1, haematuria: STONE_HAEMATURIA.absent })).toEqual([]);
    expect(messages({ ...valid, bloodInUrine: 0, haematuria: STONE_HAEMATURIA.present })).toEqual([]);
  });
});
