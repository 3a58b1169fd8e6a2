import { SEX_MALE_1, YES_1_NO_0, type ClinicalField } from './clinical-field';

/**
 * Optional questions for the validated diabetes scores (FINDRISC, the Indian Diabetes Risk Score); the model reads
 * none of them. Each score is given when its questions are answered.
 */
const DIABETES_SCORE_FIELDS = [
  { key: 'Sex', label: 'Sex', type: 'code', options: SEX_MALE_1, optional: true, help: 'For the waist cut-offs.' },
  {
    key: 'Waist',
    label: 'Waist (around the belly button)',
    unit: 'cm',
    type: 'integer',
    min: 40,
    max: 200,
    optional: true,
    help: 'Measured with a tape at the level of your belly button, breathing out normally.',
  },
  {
    key: 'FamilyHistory',
    label: 'Has anyone in your family had diabetes?',
    type: 'code',
    options: [
      { value: 0, label: 'No' },
      { value: 1, label: 'A grandparent, aunt, uncle or first cousin' },
      { value: 2, label: 'A brother, sister or child (not a parent)' },
      { value: 3, label: 'One parent' },
      { value: 4, label: 'Both parents' },
    ],
    optional: true,
  },
  {
    key: 'ActivityLevel',
    label: 'How active are you, at work, at home and in exercise?',
    type: 'code',
    options: [
      { value: 0, label: 'Vigorous exercise or hard physical work, regularly' },
      { value: 1, label: 'Moderate exercise or moderately active work' },
      { value: 2, label: 'Mild exercise or lightly active work' },
      { value: 3, label: 'No exercise, and sitting most of the day' },
    ],
    optional: true,
  },
  {
    key: 'Active30MinDaily',
    label: 'Are you active for at least 30 minutes every day?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
  {
    key: 'VegetablesDaily',
    label: 'Do you eat vegetables, fruit or berries every day?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
  {
    key: 'BloodPressureMedicine',
    label: 'Have you ever taken medicine for high blood pressure?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
  {
    key: 'HighGlucoseEver',
    label: 'Has a test ever found high blood sugar (also in pregnancy or illness)?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
] as const satisfies readonly ClinicalField[];

/**
 * Diabetes (Pima). Five lab values and the pedigree score may be 'not measured' (sent as null): the model then uses
 * the training median, as it did for the zeros that meant 'missing' in its data. HbA1c is not a model feature (the
 * Pima data has none): it is optional, only the guideline rules read it, and it is stored only when entered.
 */
export const DIABETES_FIELDS = [
  { key: 'Pregnancies', label: 'Number of pregnancies', unit: 'count', type: 'integer', min: 0, max: 20 },
  {
    key: 'Glucose',
    label: 'Plasma glucose, 2 h after an oral glucose tolerance test',
    unit: 'mg/dL',
    analyte: 'glucose',
    type: 'integer',
    min: 40,
    max: 300,
    notMeasured: true,
    help: 'In the unit printed on your report: 7.8 mmol/L is 140 mg/dL.',
  },
  {
    key: 'HbA1c',
    label: 'HbA1c',
    unit: '%',
    type: 'decimal',
    min: 3,
    max: 20,
    step: 0.1,
    notMeasured: true,
    optional: true,
    // The IFCC unit: % = 0.0915 x mmol/mol + 2.15 (the NGSP-IFCC master equation), so 48 mmol/mol is 6.5 %.
    otherUnit: { unit: 'mmol/mol', upTo: 200, offset: 23.5, scale: 0.0915 },
    help: 'Only if you know it, from a blood test in the last 3 months; leave it empty if not. The model does not use it; the published diabetes thresholds do. In %: a result in mmol/mol, such as 48, is about 6.5 %.',
  },
  {
    key: 'BloodPressure',
    label: 'Diastolic blood pressure',
    unit: 'mm Hg',
    type: 'integer',
    min: 30,
    max: 140,
    notMeasured: true,
    help: 'The lower number of a blood-pressure reading.',
  },
  {
    key: 'SkinThickness',
    label: 'Triceps skin-fold thickness',
    unit: 'mm',
    type: 'integer',
    min: 5,
    max: 100,
    notMeasured: true,
  },
  {
    key: 'Insulin',
    label: '2-hour serum insulin',
    unit: 'µU/mL',
    type: 'integer',
    min: 10,
    max: 900,
    notMeasured: true,
  },
  {
    key: 'BMI',
    label: 'Body mass index',
    unit: 'kg/m²',
    type: 'decimal',
    min: 12,
    max: 70,
    step: 0.1,
    notMeasured: true,
    help: 'Weight in kilograms divided by the square of height in metres.',
  },
  {
    key: 'DiabetesPedigreeFunction',
    label: 'Diabetes pedigree function (family history score)',
    unit: 'score',
    type: 'decimal',
    min: 0.05,
    max: 2.5,
    step: 0.001,
    notMeasured: true,
    help: 'A score of diabetes among your relatives; about 0.4 is typical. Few people know it: choose "I don\'t know" if you do not.',
  },
  { key: 'Age', label: 'Age', unit: 'years', type: 'integer', min: 21, max: 100 },
  ...DIABETES_SCORE_FIELDS,
] as const satisfies readonly ClinicalField[];
