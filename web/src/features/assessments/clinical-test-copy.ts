import type { ClinicalTestSlug } from '@medibuddy/contracts';

/**
 * The words of each clinical test page: heading, introduction and how the form is grouped. No zod and no contracts
 * beyond types, so the page's header renders while the form's code (contract schemas) is still arriving.
 */

/** A titled part of a long form (the blood test's 18 values read better in the groups of a lab report). */
type FieldGroup = { title: string; description?: string; keys: readonly string[] };

export type ClinicalTestCopy = {
  /** The form page's h1. */
  title: string;
  /** One paragraph: what the test does and which model or published rules answer it. */
  intro: string;
  /** Without groups, the fields are one list in the contract's order. */
  groups?: readonly FieldGroup[];
};

export const CLINICAL_TEST_COPY: Record<ClinicalTestSlug, ClinicalTestCopy> = {
  heart: {
    title: 'Heart Disease Prediction',
    intro:
      'Enter the results of a heart check-up and an exercise (stress) test, as written in your clinic or hospital ' +
      'report. A logistic-regression model trained on the Statlog heart data (270 patients referred for coronary ' +
      'angiography in Cleveland) scores your values against theirs and shows which of them pushed the score up or ' +
      'down. The score is relative to those patients, not your chance of heart disease.',
  },
  diabetes: {
    title: 'Diabetes Prediction',
    intro:
      'Enter eight values from a check-up, including a 2-hour glucose tolerance test. A logistic-regression model ' +
      'trained on the Pima Indians diabetes data (768 women aged 21 and over) scores them and shows which values ' +
      'weighed most; its figure is re-based to adults in India. If a lab value was never measured, tick “Not ' +
      'measured”: the model then uses the typical value from its training data. Answer the optional questions at the ' +
      'end for two validated scores: FINDRISC (your 10-year risk of type 2 diabetes) and the Indian Diabetes Risk Score.',
  },
  cardio: {
    title: 'Cardiovascular Disease Prediction',
    intro:
      'Enter your age, body measurements, blood pressure and lifestyle. The result leads with the WHO risk chart for ' +
      'South Asia: your 10-year risk of a heart attack or stroke (ages 40 to 74); with a cholesterol value it uses ' +
      'the laboratory chart, and with HDL too the US pooled cohort equations. A model trained on 70,000 check-up ' +
      'records then scores your answers against its study. The grey numbers are examples, not your values; the ' +
      'cholesterol and medicine questions are optional.',
  },
  liver: {
    title: 'Liver Disease Prediction',
    intro:
      'Enter your age, sex and eight liver blood tests (a “liver function test” on a lab report). A ' +
      'logistic-regression model trained on the Indian Liver Patient data (583 people) scores them against that ' +
      'study and shows which values weighed most. The score is relative to those patients, not your chance of ' +
      'liver disease.',
  },
  'blood-test': {
    title: 'Blood Test Analysis',
    intro:
      'Enter the values from a blood test report. No model is used here: each value is checked against published ' +
      'reference ranges and criteria (WHO for anaemia, ADA for blood sugar, NCEP for cholesterol, ACC/AHA for ' +
      'blood pressure), and every value outside them is explained with its source. Type each value as printed ' +
      'on your report; the grey examples are a healthy adult’s values, not yours. For a value your report does not ' +
      'have, tick “I don’t know / not measured”: it is then not checked.',
    groups: [
      { title: 'About you', keys: ['sex'] },
      {
        title: 'Blood count',
        description: 'The “full blood count” (FBC or CBC) part of the report.',
        keys: [
          'hemoglobin',
          'redBloodCells',
          'whiteBloodCells',
          'platelets',
          'meanCorpuscularVolume',
          'meanCorpuscularHemoglobin',
          'meanCorpuscularHemoglobinConcentration',
        ],
      },
      { title: 'Sugar & insulin', description: 'From a fasting sample.', keys: ['glucose', 'insulin'] },
      {
        title: 'Lipids',
        description: 'The cholesterol panel.',
        keys: ['cholesterol', 'ldlCholesterol', 'hdlCholesterol', 'triglycerides'],
      },
      {
        title: 'Vitals',
        description: 'Measured at rest.',
        keys: ['bmi', 'systolicBloodPressure', 'diastolicBloodPressure', 'heartRate'],
      },
    ],
  },
  'kidney-stone': {
    title: 'Health Prediction Form',
    intro:
      'Answer eight questions about urinary symptoms; the Total counts your “Yes” answers. The assessment itself ' +
      'uses the STONE score (Moore et al., BMJ 2014), a published and validated score for adults with sudden back, ' +
      'side or belly pain: it adds points for sex, when the pain began, ancestry, nausea and blood in the urine, and ' +
      'tells how often people with the same score had a kidney stone in the study that tested it. The symptom Total ' +
      'is shown, but it does not decide the result.',
    groups: [
      {
        title: 'Your symptoms',
        description: 'Answer Yes or No for each. The Total below counts your Yes answers.',
        keys: [
          'backBellySidePain',
          'burningUrination',
          'urgency',
          'bloodInUrine',
          'cloudySmellyUrine',
          'smallAmounts',
          'nauseaVomiting',
          'feverChills',
        ],
      },
      {
        title: 'STONE score questions',
        description: 'The five questions of the published score. The result shows the points each answer adds.',
        keys: ['sex', 'painOnset', 'origin', 'nausea', 'haematuria'],
      },
    ],
  },
};
