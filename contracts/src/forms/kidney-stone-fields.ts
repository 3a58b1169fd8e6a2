import { SEX_MALE_1, type ClinicalField } from './clinical-field';

/**
 * The Kidney stone form ('Health Prediction Form' in the earlier client, docs/product.md): eight yes/no symptoms
 * whose count (the Total) is kept and shown, plus the five inputs of the STONE score (Moore et al., BMJ
 * 2014;348:g2191), which is what the assessment rests on. The symptom count alone predicts nothing: no patient data links it to
 * stones (see docs/rules.md).
 */
export type KidneyStoneSymptomField = ClinicalField & {
  type: 'yesno';
  /** The label as the earlier client printed it, typos included, for traceability and the compatibility API. */
  specLabel: string;
};

export const KIDNEY_STONE_SYMPTOM_FIELDS = [
  { key: 'backBellySidePain', label: 'Back/belly/side pain', specLabel: 'Back/belly/side pain', type: 'yesno' },
  { key: 'burningUrination', label: 'Burning during urination', specLabel: 'Burning during urination', type: 'yesno' },
  { key: 'urgency', label: 'Urgency in urination', specLabel: 'Urgenncy in urination', type: 'yesno' },
  {
    key: 'bloodInUrine',
    label: 'Blood in urine',
    specLabel: 'Blood in urine',
    type: 'yesno',
    help: 'Red, pink or brown urine that you can see.',
  },
  { key: 'cloudySmellyUrine', label: 'Cloudy/Smelly urine', specLabel: 'Cloudy/Smelly urine', type: 'yesno' },
  { key: 'smallAmounts', label: 'Small amounts of urine', specLabel: 'Small amounts of urine', type: 'yesno' },
  { key: 'nauseaVomiting', label: 'Nausea/Vomiting', specLabel: 'Nausea/Vomitting', type: 'yesno' },
  { key: 'feverChills', label: 'Fever/Chills', specLabel: 'Fever/Chills', type: 'yesno' },
] as const satisfies readonly KidneyStoneSymptomField[];

export type KidneyStoneSymptomKey = (typeof KIDNEY_STONE_SYMPTOM_FIELDS)[number]['key'];
/** Codes of the STONE inputs. Codes are not points: the points live with the score, in one table. */
export const STONE_PAIN_ONSET = { moreThan24h: 0, from6To24h: 1, lessThan6h: 2, noPain: 3 } as const;
export const STONE_ORIGIN = { black: 0, other: 1 } as const;
export const STONE_NAUSEA = { none: 0, nauseaOnly: 1, vomiting: 2 } as const;
export const STONE_HAEMATURIA = { absent: 0, present: 1, notTested: 2 } as const;

export const KIDNEY_STONE_SCORE_FIELDS = [
  {
    key: 'sex',
    label: 'Sex',
    type: 'code',
    options: SEX_MALE_1,
  },
  {
    key: 'painOnset',
    label: 'When did the back, side or belly pain begin?',
    type: 'code',
    options: [
      { value: STONE_PAIN_ONSET.lessThan6h, label: 'Less than 6 hours ago' },
      { value: STONE_PAIN_ONSET.from6To24h, label: '6 to 24 hours ago' },
      { value: STONE_PAIN_ONSET.moreThan24h, label: 'More than 24 hours ago' },
      { value: STONE_PAIN_ONSET.noPain, label: 'I have no such pain' },
    ],
  },
  {
    key: 'origin',
    label: 'Ancestry (as the published score asks)',
    type: 'code',
    options: [
      { value: STONE_ORIGIN.black, label: 'Black (African or African-Caribbean ancestry)' },
      { value: STONE_ORIGIN.other, label: 'Any other ancestry' },
    ],
    help:
      'The STONE score, published in 2014, includes race because in the US emergency departments where it was ' +
      'developed, Black patients with this pain were less often found to have a stone. Race is a social ' +
      'category, not a biological measure; we ask only because the validated score does, and the result shows ' +
      'exactly how many points this answer adds.',
  },
  {
    key: 'nausea',
    label: 'Nausea or vomiting now',
    type: 'code',
    options: [
      { value: STONE_NAUSEA.none, label: 'Neither' },
      { value: STONE_NAUSEA.nauseaOnly, label: 'Nausea only' },
      { value: STONE_NAUSEA.vomiting, label: 'Vomiting' },
    ],
  },
  {
    key: 'haematuria',
    label: 'Blood in the urine on a urine test',
    type: 'code',
    options: [
      { value: STONE_HAEMATURIA.present, label: 'Yes: a urine dipstick showed blood, or blood is visible' },
      { value: STONE_HAEMATURIA.absent, label: 'No: a urine dipstick showed no blood' },
      { value: STONE_HAEMATURIA.notTested, label: 'Not tested' },
    ],
    help:
      'The score counts blood found by a urine dipstick, which is often present without being visible. ' +
      'Pharmacies sell dipsticks; a clinic can do the test in a minute.',
  },
] as const satisfies readonly ClinicalField[];

export type KidneyStoneScoreKey = (typeof KIDNEY_STONE_SCORE_FIELDS)[number]['key'];

export const KIDNEY_STONE_FIELDS = [...KIDNEY_STONE_SYMPTOM_FIELDS, ...KIDNEY_STONE_SCORE_FIELDS] as const;
