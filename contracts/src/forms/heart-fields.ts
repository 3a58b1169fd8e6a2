import { SEX_MALE_1, YES_1_NO_0, type ClinicalField } from './clinical-field';

/**
 * Heart Disease (Statlog): the 13 fields and codes of docs/product.md#test-forms. Few patients know their
 * exercise-test, fluoroscopy or thallium results, nor always their ECG or lab values: those may be 'I don't know'
 * (null). The model then fills in a typical value and the result shows how far the estimate could move had they been
 * measured.
 */
export const HEART_FIELDS = [
  { key: 'age', label: 'Age', unit: 'years', type: 'integer', min: 18, max: 100 },
  { key: 'sex', label: 'Sex', type: 'code', options: SEX_MALE_1 },
  {
    key: 'chest_pain_type',
    label: 'Chest pain type',
    type: 'code',
    options: [
      { value: 1, label: 'Typical Angina' },
      { value: 2, label: 'Atypical Angina' },
      { value: 3, label: 'Non-Anginal Pain' },
      { value: 4, label: 'Asymptomatic' },
    ],
    help: 'Typical angina: chest pain brought on by effort or stress that eases with rest. Asymptomatic: no chest pain.',
  },
  {
    key: 'bp',
    label: 'Resting blood pressure (systolic)',
    unit: 'mm Hg',
    type: 'integer',
    min: 70,
    max: 250,
    help: 'The upper number of a blood-pressure reading.',
  },
  {
    key: 'cholesterol',
    label: 'Serum cholesterol',
    unit: 'mg/dL',
    analyte: 'cholesterol',
    type: 'integer',
    min: 100,
    max: 600,
    notMeasured: true,
    help: 'Total cholesterol from a blood test, in the unit printed on your report: 5.2 mmol/L is 201 mg/dL.',
  },
  {
    key: 'fbs_over_120',
    label: 'Fasting blood sugar over 120 mg/dL',
    type: 'code',
    options: YES_1_NO_0,
    notMeasured: true,
  },
  {
    key: 'ekg_results',
    label: 'Resting EKG results',
    type: 'code',
    options: [
      { value: 0, label: 'Normal' },
      { value: 1, label: 'ST-T wave abnormality' },
      { value: 2, label: 'Probable or definite left ventricular hypertrophy' },
    ],
    notMeasured: true,
    help: 'From an ECG (heart tracing) taken at rest.',
  },
  {
    key: 'max_hr',
    label: 'Maximum heart rate achieved',
    unit: 'beats/min',
    type: 'integer',
    min: 60,
    max: 220,
    notMeasured: true,
    help: 'From an exercise (stress) test.',
  },
  {
    key: 'exercise_angina',
    label: 'Exercise-induced angina',
    type: 'code',
    options: YES_1_NO_0,
    notMeasured: true,
    help: 'Chest pain during an exercise (stress) test.',
  },
  {
    key: 'st_depression',
    label: 'ST depression induced by exercise relative to rest',
    unit: 'mm',
    type: 'decimal',
    min: 0,
    max: 7,
    step: 0.1,
    notMeasured: true,
    help: 'From an exercise (stress) test report.',
  },
  {
    key: 'slope_of_st',
    label: 'Slope of the peak exercise ST segment',
    type: 'code',
    options: [
      { value: 1, label: 'Upsloping' },
      { value: 2, label: 'Flat' },
      { value: 3, label: 'Downsloping' },
    ],
    notMeasured: true,
    help: 'From an exercise (stress) test report.',
  },
  {
    key: 'number_of_vessels_fluro',
    label: 'Number of major vessels coloured by fluoroscopy',
    unit: 'vessels',
    type: 'integer',
    min: 0,
    max: 3,
    notMeasured: true,
    help: 'From a coronary angiogram or fluoroscopy report.',
  },
  {
    key: 'thallium',
    label: 'Thallium stress test',
    type: 'code',
    options: [
      { value: 0, label: 'Normal' },
      { value: 1, label: 'Fixed Defect' },
      { value: 2, label: 'Reversible Defect' },
    ],
    notMeasured: true,
    help: 'From a nuclear (thallium) heart scan report.',
  },
] as const satisfies readonly ClinicalField[];
