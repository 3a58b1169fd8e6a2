import {
  AssessmentResponseSchema,
  CONTENT_UPDATED,
  type AssessmentResponse,
  type DiseaseContent,
} from '@medibuddy/contracts';

/** Assessment responses as the API answers them, checked against the contract so they cannot drift from it. */

export const NOTICES = {
  notADiagnosis: 'This result is not a diagnosis.',
  emergency: 'If you have chest pain or trouble breathing, call your local emergency number now.',
  whatThisDoesNotMean:
    'A statistical estimate from a research data set; it does not say that you have or do not have the condition.',
};

function content(key: string, title: string, extra: Partial<DiseaseContent> = {}): DiseaseContent {
  const five = (what: string) => [1, 2, 3, 4, 5].map((n) => `${what} ${n} of ${title}`) as DiseaseContent['symptoms'];
  return {
    key,
    title,
    category: 'condition',
    description: `${title} is described here in plain words.`,
    symptoms: five('Symptom'),
    precautions: five('Precaution'),
    whenToSeekCare: [`Call for help if ${title.toLowerCase()} gets worse.`],
    sources: [
      {
        title: `${title} (MedlinePlus)`,
        publisher: 'U.S. National Library of Medicine',
        url: 'https://medlineplus.gov/',
      },
    ],
    reviewedBy: null,
    updated: CONTENT_UPDATED,
    ...extra,
  };
}

const metric = (mean: number, lo: number, hi: number) => ({ mean, ci95: [lo, hi] as [number, number] });

const base = {
  createdAt: '2026-11-23T10:15:00.000Z',
  contentKeys: [] as string[],
};

export const HEART_ID = '3f0b2a7e-8c1d-4e5f-9a6b-7c8d9e0f1a2b';
export const BLOOD_ID = '4a1c3b8f-9d2e-4f6a-8b7c-8d9e0f1a2b3c';
export const KIDNEY_ID = '5b2d4c9a-0e3f-4a7b-9c8d-9e0f1a2b3c4d';
export const DIABETES_ID = '6c3e5d0b-1f4a-4b8c-8d9e-0f1a2b3c4d5e';

export const heartResponse: AssessmentResponse = AssessmentResponseSchema.parse({
  assessment: {
    ...base,
    id: HEART_ID,
    test: 'heart',
    testName: 'Heart Disease',
    contentKeys: ['heart_disease'],
    inputs: { age: 61, sex: 1, chestPainType: 4 },
    model: {
      id: 'heart',
      version: 'heart-lr-732560c953',
      kind: 'model',
      metrics: {
        rocAuc: metric(0.9124, 0.8722, 0.9527),
        accuracy: metric(0.8, 0.75, 0.85),
        sensitivity: metric(0.9, 0.84, 0.96),
        specificity: metric(0.72, 0.64, 0.8),
        rows: 270,
        dataset: 'Statlog (Heart), UCI',
      },
    },
    result: {
      kind: 'risk',
      condition: 'heart disease',
      probability: 0.734,
      band: 'high',
      threshold: 0.1667,
      highFrom: 0.5,
      isFlagged: true,
      prediction: 1,
      logit: 1.02,
      bias: -0.27,
      summary:
        'The screening model scores your answers 73 on a scale of 0 to 100 (it suggests a check from 17). The score is relative to its study, where 44 in 100 of the people it learned from had heart disease, far more than in any population: it is not your chance of having heart disease. Your answers are high for this model: please see a doctor within days to talk about testing for heart disease.',
      modelFigure: {
        kind: 'study-relative',
        studyShare: 0.4444,
        value: 0.734,
        text: 'The screening model scores your answers 73 on a scale of 0 to 100 (it suggests a check from 17). The score is relative to its study, where 44 in 100 of the people it learned from had heart disease, far more than in any population: it is not your chance of having heart disease.',
      },
      factors: [
        {
          key: 'thallium',
          label: 'Thallium stress test',
          value: 2,
          displayValue: 'Reversible Defect',
          contribution: 0.3,
          direction: 'up',
        },
        {
          key: 'chestPainType',
          label: 'Chest pain type',
          value: 4,
          displayValue: 'Asymptomatic',
          contribution: 0.68,
          direction: 'up',
        },
        {
          key: 'maxHr',
          label: 'Maximum heart rate achieved',
          value: 172,
          displayValue: '172 beats/min',
          contribution: -0.52,
          direction: 'down',
        },
        { key: 'sex', label: 'Sex', value: 1, displayValue: 'Male', contribution: 0.33, direction: 'up' },
        { key: 'age', label: 'Age', value: 61, displayValue: '61 years', contribution: 0.01, direction: 'up' },
        {
          key: 'bp',
          label: 'Resting blood pressure (systolic)',
          value: 120,
          displayValue: '120 mm Hg',
          contribution: -0.05,
          direction: 'down',
        },
        {
          key: 'cholesterol',
          label: 'Serum cholesterol',
          value: 200,
          displayValue: '200 mg/dL',
          contribution: -0.1,
          direction: 'down',
        },
        {
          key: 'ekgResults',
          label: 'Resting EKG results',
          value: 0,
          displayValue: 'Normal',
          contribution: -0.2,
          direction: 'down',
        },
      ],
    },
  },
  content: [content('heart_disease', 'Heart disease')],
  notices: NOTICES,
});

export const bloodTestResponse: AssessmentResponse = AssessmentResponseSchema.parse({
  assessment: {
    ...base,
    id: BLOOD_ID,
    test: 'blood-test',
    testName: 'Blood Test',
    contentKeys: ['anemia', 'diabetes'],
    inputs: { hemoglobin: 10.4, glucose: 130 },
    model: { id: 'blood-test-rules', version: 'blood-test-rules-1', kind: 'rules' },
    result: {
      kind: 'blood-test',
      classCode: 0,
      label: 'Anemia',
      summary:
        'Your haemoglobin is below the WHO threshold for anaemia; your fasting glucose is also in the diabetes range.',
      findings: [
        {
          id: 'anaemia',
          title: 'Moderate anaemia',
          severity: 'attention',
          fields: ['hemoglobin'],
          value: '10.4 g/dL',
          referenceRange: 'below 12.0 g/dL (women)',
          explanation: 'Haemoglobin carries oxygen; a low level can make you tired.',
          citation: {
            title: 'WHO 2011, Haemoglobin concentrations for the diagnosis of anaemia',
            url: 'https://www.who.int/',
          },
        },
        {
          id: 'fasting-glucose-diabetes-range',
          title: 'Fasting glucose in the diabetes range',
          severity: 'attention',
          fields: ['glucose'],
          value: '130 mg/dL',
          referenceRange: '126 mg/dL or more',
          explanation: 'One result needs a repeat test before it counts.',
          citation: { title: 'ADA Standards of Care 2025, section 2' },
        },
        {
          id: 'hdl-low',
          title: 'Low HDL cholesterol',
          severity: 'info',
          fields: ['hdlCholesterol'],
          value: '38 mg/dL',
          referenceRange: '40 mg/dL or more',
          explanation: 'HDL is the protective kind of cholesterol.',
          citation: { title: 'NCEP ATP III, JAMA 2001' },
        },
      ],
    },
  },
  content: [content('anemia', 'Anemia'), content('diabetes', 'Diabetes')],
  notices: NOTICES,
});

export const kidneyStoneResponse: AssessmentResponse = AssessmentResponseSchema.parse({
  assessment: {
    ...base,
    id: KIDNEY_ID,
    test: 'kidney-stone',
    testName: 'Kidney Stone',
    contentKeys: ['kidney_stones'],
    inputs: { backBellySidePain: 1, feverChills: 1 },
    model: { id: 'kidney-stone-rules', version: 'kidney-stone-rules-1', kind: 'rules' },
    result: {
      kind: 'kidney-stone',
      total: 4,
      score: 9,
      maxScore: 12,
      applies: true,
      band: 'moderate',
      probability: 0.513,
      ifHaematuria: { score: 12, band: 'high', probability: 0.886 },
      factors: [
        { key: 'sex', label: 'Sex', answer: 'Male', points: 2, maxPoints: 2 },
        { key: 'painOnset', label: 'Timing', answer: 'Less than 6 hours ago', points: 3, maxPoints: 3 },
        {
          key: 'origin',
          label: 'Origin',
          answer: 'Any other ancestry',
          points: 3,
          maxPoints: 3,
          note: 'The published score adds 3 points here.',
        },
        { key: 'nausea', label: 'Nausea', answer: 'Nausea only', points: 1, maxPoints: 2 },
        { key: 'haematuria', label: 'Erythrocytes (blood in urine)', answer: 'Not tested', points: 0, maxPoints: 3 },
      ],
      urgent: true,
      urgentMessage:
        'Fever or chills together with back, side or belly pain can mean a possible infected obstruction. Seek urgent care today.',
      notes: ['With a moderate score, about half the people in the study had a stone.'],
      citation: { title: 'Moore CL et al. BMJ 2014;348:g2191', url: 'https://www.bmj.com/content/348/bmj.g2191' },
    },
  },
  content: [content('kidney_stones', 'Kidney stones')],
  notices: NOTICES,
});

export function diabetesResponse(id = DIABETES_ID): AssessmentResponse {
  return AssessmentResponseSchema.parse({
    assessment: {
      ...base,
      id,
      test: 'diabetes',
      testName: 'Diabetes',
      contentKeys: ['diabetes'],
      inputs: {},
      model: heartResponse.assessment.model,
      result: {
        ...heartResponse.assessment.result,
        condition: 'diabetes',
        probability: 0.12,
        band: 'low',
        isFlagged: false,
        prediction: 0,
        summary:
          "The screening model's figure for answers like yours is about 4 in 100, once re-based from its study. Your answers are below the level from which this screening model suggests a check with a doctor; that does not rule diabetes out.",
        modelFigure: {
          kind: 'rebased',
          studyShare: 0.349,
          value: 0.04,
          population: { share: 0.114, who: 'adults in India', citation: { title: 'ICMR-INDIAB 2023' } },
          text: "The screening model's figure for answers like yours is about 4 in 100, once re-based from its study.",
        },
      },
    },
    content: [content('diabetes', 'Diabetes')],
    notices: NOTICES,
  });
}
