import { YES_1_NO_0, type ClinicalField } from './clinical-field';

const NORMAL_TO_WELL_ABOVE = [
  { value: 1, label: 'Normal' },
  { value: 2, label: 'Above normal' },
  { value: 3, label: 'Well above normal' },
] as const;

/**
 * Optional questions the model does not read: the validated scores do (the WHO 2019 laboratory chart needs total
 * cholesterol and diabetes; the pooled cohort equations also HDL and blood-pressure treatment). Left empty, the
 * result uses the WHO chart without laboratory values.
 */
const CARDIO_SCORE_FIELDS = [
  {
    key: 'totalCholesterol',
    legacyKey: 'TOTAL_CHOLESTEROL',
    label: 'Total cholesterol (if you know it)',
    unit: 'mg/dL',
    analyte: 'cholesterol',
    type: 'integer',
    min: 60,
    max: 600,
    optional: true,
    help: 'From a blood test report, in the unit it prints; leave it empty if you do not know it. 5.2 mmol/L is about 201 mg/dL.',
  },
  {
    key: 'hdlCholesterol',
    legacyKey: 'HDL_CHOLESTEROL',
    label: 'HDL ("good") cholesterol (if you know it)',
    unit: 'mg/dL',
    analyte: 'cholesterol',
    type: 'integer',
    min: 10,
    max: 150,
    optional: true,
    help: 'From the same report, in the unit it prints; leave it empty if you do not know it.',
  },
  {
    key: 'diabetes',
    legacyKey: 'DIABETES',
    label: 'Have you been told you have diabetes?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
  {
    key: 'bpMedicine',
    legacyKey: 'BP_MEDICINE',
    label: 'Do you take medicine for high blood pressure?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
] as const satisfies readonly ClinicalField[];

/** CardioDisease, with the earlier client's defaults (docs/product.md#test-forms). */
export const CARDIO_FIELDS = [
  { key: 'age', modelColumn: 'AGE', label: 'Age', unit: 'years', type: 'integer', min: 18, max: 100, default: 50 },
  {
    key: 'gender',
    modelColumn: 'GENDER',
    label: 'Gender',
    type: 'code',
    options: [
      { value: 1, label: 'Female' },
      { value: 2, label: 'Male' },
    ],
    default: 2,
  },
  {
    key: 'height',
    modelColumn: 'HEIGHT',
    label: 'Height',
    unit: 'cm',
    type: 'integer',
    min: 120,
    max: 220,
    default: 168,
  },
  {
    key: 'weight',
    modelColumn: 'WEIGHT',
    label: 'Weight',
    unit: 'kg',
    type: 'decimal',
    min: 30,
    max: 250,
    step: 0.1,
    default: 62,
  },
  {
    key: 'apHigh',
    modelColumn: 'AP_HIGH',
    label: 'Systolic blood pressure',
    unit: 'mm Hg',
    type: 'integer',
    min: 80,
    max: 250,
    default: 110,
  },
  {
    key: 'apLow',
    modelColumn: 'AP_LOW',
    label: 'Diastolic blood pressure',
    unit: 'mm Hg',
    type: 'integer',
    min: 40,
    max: 160,
    default: 80,
  },
  {
    key: 'cholesterol',
    modelColumn: 'CHOLESTEROL',
    label: 'Cholesterol',
    type: 'code',
    options: NORMAL_TO_WELL_ABOVE,
    default: 1,
  },
  { key: 'glucose', modelColumn: 'GLUCOSE', label: 'Glucose', type: 'code', options: NORMAL_TO_WELL_ABOVE, default: 1 },
  { key: 'smoke', modelColumn: 'SMOKE', label: 'Smoking', type: 'code', options: YES_1_NO_0, default: 0 },
  { key: 'alcohol', modelColumn: 'ALCOHOL', label: 'Alcohol intake', type: 'code', options: YES_1_NO_0, default: 0 },
  {
    key: 'physicalActivity',
    modelColumn: 'PHYSICAL_ACTIVITY',
    label: 'Physical activity',
    type: 'code',
    options: YES_1_NO_0,
    default: 1,
  },
  ...CARDIO_SCORE_FIELDS,
] as const satisfies readonly ClinicalField[];
