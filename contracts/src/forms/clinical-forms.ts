import { BLOOD_TEST_FIELDS } from './blood-test-fields';
import { SEX_MALE_1, type ClinicalField } from './clinical-field';
import { KIDNEY_STONE_FIELDS } from './kidney-stone-fields';

/**
 * The fields of the six clinical-value forms, without zod (the web app renders the forms from them before it loads
 * any validation; assessments.ts builds the request schemas from the same lists).
 *
 * The four model tests (heart, diabetes, cardio, liver) use the keys, labels, units, types, ranges and codes of
 * their model cards (server/models/<test>/card.json `features`, in the card's order); a server test fails if
 * they drift apart. Options are listed in the legacy order (Male=1 before Female=0, Yes=1 before No=0;
 * docs/product.md#test-forms).
 */

export const CLINICAL_TEST_SLUGS = ['heart', 'diabetes', 'cardio', 'liver', 'blood-test', 'kidney-stone'] as const;
export type ClinicalTestSlug = (typeof CLINICAL_TEST_SLUGS)[number];

const YES_1_NO_0 = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const;
const NORMAL_TO_WELL_ABOVE = [
  { value: 1, label: 'Normal' },
  { value: 2, label: 'Above normal' },
  { value: 3, label: 'Well above normal' },
] as const;

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

/**
 * Optional questions the model does not read: the validated scores do (the WHO 2019 laboratory chart needs total
 * cholesterol and diabetes; the pooled cohort equations also HDL and blood-pressure treatment). Left empty, the
 * result uses the WHO chart without laboratory values.
 */
const CARDIO_SCORE_FIELDS = [
  {
    key: 'TOTAL_CHOLESTEROL',
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
    key: 'HDL_CHOLESTEROL',
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
    key: 'DIABETES',
    label: 'Have you been told you have diabetes?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
  {
    key: 'BP_MEDICINE',
    label: 'Do you take medicine for high blood pressure?',
    type: 'code',
    options: YES_1_NO_0,
    optional: true,
  },
] as const satisfies readonly ClinicalField[];

/** CardioDisease, with the earlier client's defaults (docs/product.md#test-forms). */
export const CARDIO_FIELDS = [
  { key: 'AGE', label: 'Age', unit: 'years', type: 'integer', min: 18, max: 100, default: 50 },
  {
    key: 'GENDER',
    label: 'Gender',
    type: 'code',
    options: [
      { value: 1, label: 'Female' },
      { value: 2, label: 'Male' },
    ],
    default: 2,
  },
  { key: 'HEIGHT', label: 'Height', unit: 'cm', type: 'integer', min: 120, max: 220, default: 168 },
  { key: 'WEIGHT', label: 'Weight', unit: 'kg', type: 'decimal', min: 30, max: 250, step: 0.1, default: 62 },
  { key: 'AP_HIGH', label: 'Systolic blood pressure', unit: 'mm Hg', type: 'integer', min: 80, max: 250, default: 110 },
  { key: 'AP_LOW', label: 'Diastolic blood pressure', unit: 'mm Hg', type: 'integer', min: 40, max: 160, default: 80 },
  { key: 'CHOLESTEROL', label: 'Cholesterol', type: 'code', options: NORMAL_TO_WELL_ABOVE, default: 1 },
  { key: 'GLUCOSE', label: 'Glucose', type: 'code', options: NORMAL_TO_WELL_ABOVE, default: 1 },
  { key: 'SMOKE', label: 'Smoking', type: 'code', options: YES_1_NO_0, default: 0 },
  { key: 'ALCOHOL', label: 'Alcohol intake', type: 'code', options: YES_1_NO_0, default: 0 },
  { key: 'PHYSICAL_ACTIVITY', label: 'Physical activity', type: 'code', options: YES_1_NO_0, default: 1 },
  ...CARDIO_SCORE_FIELDS,
] as const satisfies readonly ClinicalField[];

/** LiverDisease (ILPD). The albumin/globulin ratio may be 'not measured' (null). */
export const LIVER_FIELDS = [
  { key: 'Age', label: 'Age', unit: 'years', type: 'integer', min: 1, max: 100 },
  { key: 'Gender', label: 'Gender', type: 'code', options: SEX_MALE_1 },
  {
    key: 'Total_Bilirubin',
    label: 'Total bilirubin',
    unit: 'mg/dL',
    analyte: 'bilirubin',
    type: 'decimal',
    min: 0.1,
    max: 80,
    step: 0.1,
  },
  {
    key: 'Direct_Bilirubin',
    label: 'Direct bilirubin',
    unit: 'mg/dL',
    analyte: 'bilirubin',
    type: 'decimal',
    min: 0.05,
    max: 30,
    step: 0.01,
  },
  { key: 'Alkaline_Phosphotase', label: 'Alkaline phosphatase', unit: 'IU/L', type: 'integer', min: 20, max: 2500 },
  {
    key: 'Alamine_Aminotransferase',
    label: 'Alanine aminotransferase (ALT)',
    unit: 'IU/L',
    type: 'integer',
    min: 1,
    max: 3000,
  },
  {
    key: 'Aspartate_Aminotransferase',
    label: 'Aspartate aminotransferase (AST)',
    unit: 'IU/L',
    type: 'integer',
    min: 1,
    max: 5000,
  },
  { key: 'Total_Protiens', label: 'Total proteins', unit: 'g/dL', type: 'decimal', min: 2, max: 12, step: 0.1 },
  { key: 'Albumin', label: 'Albumin', unit: 'g/dL', type: 'decimal', min: 0.5, max: 7, step: 0.1 },
  {
    key: 'Albumin_and_Globulin_Ratio',
    label: 'Albumin/globulin ratio',
    unit: 'ratio',
    type: 'decimal',
    min: 0.1,
    max: 3.5,
    step: 0.01,
    notMeasured: true,
  },
] as const satisfies readonly ClinicalField[];

/** Every clinical form, fields in display (and model-card) order; an optional field is no model's feature. */
export const CLINICAL_FORMS = {
  heart: HEART_FIELDS,
  diabetes: DIABETES_FIELDS,
  cardio: CARDIO_FIELDS,
  liver: LIVER_FIELDS,
  'blood-test': BLOOD_TEST_FIELDS,
  'kidney-stone': KIDNEY_STONE_FIELDS,
} as const satisfies Record<ClinicalTestSlug, readonly ClinicalField[]>;
