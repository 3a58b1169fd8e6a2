import {
  AssessmentResponseSchema,
  BloodTestClassLabelSchema,
  bloodTestHeadline,
  type AssessmentResponse,
  type GuidelineFinding,
} from '@medibuddy/contracts';
import { SKIN_CHECKLIST_ANSWER_LABELS } from '@medibuddy/contracts/forms';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enResults from '../locales/en/results.json';
import { t } from '../lib/i18n';
import {
  bloodTestResponse,
  diabetesResponse,
  heartResponse,
  HEART_ID,
  kidneyStoneResponse,
} from '../test/assessment-fixtures';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { ADA, problem } from '../test/http';

/**
 * The result page of the ten tests in Hindi (decision 032), one result of each kind with every part filled, and its
 * error and not-found states: every text the page writes is in the 'results' catalogue, the test's name is the
 * catalogue's, and what the server sends (conditions, summaries, factor labels, findings, content, notices) stays as
 * sent (decision 037).
 */

/** The signed-in visitor's name and its initial, in the navbar. */
const USER = [ADA.name, ADA.name[0]!.toUpperCase()];

const GUIDELINE: GuidelineFinding = {
  id: 'fasting-glucose-diabetes-range',
  title: 'Fasting glucose in the diabetes range',
  severity: 'attention',
  fields: ['glucose'],
  value: '130 mg/dL',
  referenceRange: '126 mg/dL or more',
  explanation: 'One result needs a repeat test before it counts.',
  citation: { title: 'ADA Standards of Care 2025, section 2', url: 'https://diabetesjournals.org/' },
  timeframe: 'days',
  nextStep: 'Repeat the test within a few days.',
};

/** A diabetes result with everything a risk result can show. */
function diabetesWithEverything(): AssessmentResponse {
  const base = diabetesResponse();
  const result = base.assessment.result;
  if (result.kind !== 'risk') throw new Error('a risk result');
  return AssessmentResponseSchema.parse({
    ...base,
    assessment: {
      ...base.assessment,
      result: {
        ...result,
        factors: [
          ...result.factors,
          {
            key: 'pregnancies',
            label: 'Pregnancies',
            value: 2,
            displayValue: '2',
            contribution: 0.2,
            direction: 'down',
            isReason: false,
            notAReasonBecause: 'contradicts',
          },
          {
            key: 'insulin',
            label: 'Insulin',
            value: null,
            displayValue: 'Not measured',
            contribution: 0,
            direction: 'up',
            isReason: false,
            notAReasonBecause: 'not-entered',
          },
        ],
        guideline: [GUIDELINE],
        nextStep: {
          timeframe: 'days',
          heading: 'See a doctor within a few days',
          text: 'Book a repeat fasting glucose test.',
          citation: { title: 'ADA Standards of Care 2025' },
        },
        uncertainty: { unknownFields: ['insulin'], low: 0.08, high: 0.31 },
        scores: [
          {
            id: 'idrs',
            name: 'Indian Diabetes Risk Score (IDRS)',
            outcome: 'type 2 diabetes',
            points: 60,
            maxPoints: 100,
            band: 'high',
            level: 'high',
            headline: 'Your IDRS is 60 of 100: high.',
            lower: ['Walking 30 minutes a day.'],
            caveat: 'It ranks people; it does not predict.',
            citation: { title: 'Mohan V et al. 2005', url: 'https://pubmed.ncbi.nlm.nih.gov/' },
          },
          {
            id: 'findrisc',
            name: 'FINDRISC',
            outcome: 'type 2 diabetes in the next 10 years',
            risk: 0.17,
            inHundred: 17,
            timeframeYears: 10,
            band: 'moderate',
            level: 'moderate',
            headline: 'About 17 in 100 people like you get type 2 diabetes within 10 years.',
            lower: [],
            citation: { title: 'Lindström J, Tuomilehto J. 2003' },
          },
        ],
        scoresNeed: [{ name: 'WHO chart', needs: ['total cholesterol', 'blood pressure'] }],
      },
    },
  });
}

/** A blood test whose main class is 'Healthy' while a finding needs care today, with its next step. */
function bloodTestUrgent(): AssessmentResponse {
  const result = bloodTestResponse.assessment.result;
  if (result.kind !== 'blood-test') throw new Error('a blood test');
  return AssessmentResponseSchema.parse({
    ...bloodTestResponse,
    assessment: {
      ...bloodTestResponse.assessment,
      result: {
        ...result,
        classCode: 1,
        label: 'Healthy',
        findings: [
          {
            id: 'bp-crisis',
            title: 'Blood pressure in the crisis range',
            severity: 'urgent',
            fields: ['systolic'],
            value: '190 mm Hg',
            referenceRange: 'below 180 mm Hg',
            explanation: 'A very high blood pressure can harm the heart and brain.',
            citation: { title: 'ACC/AHA 2017' },
          },
          ...result.findings,
        ],
        nextStep: { timeframe: 'today', heading: 'See a doctor today', text: 'Have your blood pressure checked.' },
      },
    },
  });
}

function kidneyStoneWith(extra: object): AssessmentResponse {
  return AssessmentResponseSchema.parse({
    ...kidneyStoneResponse,
    assessment: {
      ...kidneyStoneResponse.assessment,
      result: { ...kidneyStoneResponse.assessment.result, ...extra },
    },
  });
}

const SKIN_ID = '7d4f6e1c-2a5b-4c9d-9e0f-1a2b3c4d5e6f';
const CATARACT_ID = '8e5a7f2d-3b6c-4dae-8f1a-2b3c4d5e6f7a';

const heatmap = 'data:image/png;base64,iVBORw0KGgo=';

/** A skin picture's result: heatmap, triage, the 7-point checklist over its threshold, the card's figures. */
const skinResponse: AssessmentResponse = AssessmentResponseSchema.parse({
  assessment: {
    id: SKIN_ID,
    test: 'skin',
    testName: 'Skin Disease',
    createdAt: '2026-11-23T10:15:00.000Z',
    inputs: {},
    contentKeys: ['nevus'],
    image: { url: `/api/assessments/${SKIN_ID}/image`, width: 600, height: 450, heatmap, heatmapLabel: 'Nevus' },
    model: {
      id: 'skin',
      version: 'skin-effnet-3',
      kind: 'model',
      imageMetrics: {
        accuracy: 0.81,
        balancedAccuracy: 0.74,
        nTest: 2003,
        testSet: 'HAM10000 held-out split',
        perClass: [
          { key: 'nevus', label: 'Nevus', sensitivity: 0.9, specificity: 0.8, rocAuc: 0.93 },
          { key: 'melanoma', label: 'Melanoma', sensitivity: 0.61, specificity: null, rocAuc: null },
        ],
        mistakenForTop: [
          { key: 'melanoma', label: 'Melanoma', count: 30, n: 223 },
          { key: 'bcc', label: 'Basal cell carcinoma', count: 9, n: 51 },
        ],
      },
    },
    result: {
      kind: 'image',
      model: 'skin',
      classes: [
        { key: 'nevus', label: 'Nevus', probability: 0.72 },
        { key: 'melanoma', label: 'Melanoma', probability: 0.275 },
        { key: 'bcc', label: 'Basal cell carcinoma', probability: 0.005 },
      ],
      top: { key: 'nevus', label: 'Nevus', probability: 0.72 },
      focus: null,
      prediction: 'Nevus',
      summary: 'The model finds this picture most like a nevus (72%).',
      gate: { kind: 'skin', probability: 0.99 },
      heatmap: { classKey: 'nevus', size: 2, values: [0, 0.5, 1, 0.2] },
      isClassNamed: true,
      triage: {
        level: 'routine',
        question: 'Can this wait?',
        headline: 'Not flagged: check it again in a month',
        timeframe: 'routine',
        nextStep: 'Look at the spot again in a month.',
        why: 'The summed score 0.09 is below the threshold 0.21.',
        referScore: 0.09,
        referThreshold: 0.21,
        confidenceFloor: 0.5,
        sources: [{ title: 'Moles', publisher: 'NHS', url: 'https://www.nhs.uk/conditions/moles/' }],
      },
      checklist: {
        version: 'skin-checklist-1',
        level: 'refer',
        score: 3,
        maxScore: 10,
        threshold: 3,
        headline: 'See a GP within 2 weeks',
        timeframe: 'within 2 weeks',
        nextStep: 'Book an appointment with your GP.',
        items: [
          { key: 'sizeChange', kind: 'major', points: 2, question: 'Has it grown?', answer: 'yes', isCounted: true },
          { key: 'oozing', kind: 'minor', points: 1, question: 'Is it oozing?', answer: 'yes', isCounted: true },
          { key: 'itch', kind: 'minor', points: 1, question: 'Does it itch?', answer: 'not_sure', isCounted: false },
          {
            key: 'colour',
            kind: 'major',
            points: 2,
            question: 'Has its colour changed?',
            answer: 'no',
            isCounted: false,
          },
          {
            key: 'shape',
            kind: 'major',
            points: 2,
            question: 'Has its shape changed?',
            answer: null,
            isCounted: false,
          },
        ],
        notSureNote: 'An answer of Not sure is not counted.',
        sources: [{ title: 'NG12', publisher: 'NICE', note: 'section 1.7' }],
      },
    },
  },
  content: [
    {
      key: 'nevus',
      title: 'Nevus (mole)',
      category: 'benign',
      description: 'A mole is a common growth of pigment cells.',
      symptoms: ['A', 'B', 'C', 'D', 'E'].map((x) => `Mole sign ${x}`),
      precautions: ['A', 'B', 'C', 'D', 'E'].map((x) => `Mole care ${x}`),
      whenToSeekCare: ['A mole that changes.'],
      sources: [{ title: 'Moles', publisher: 'NHS', url: 'https://www.nhs.uk/conditions/moles/', note: 'reviewed' }],
      reviewedBy: null,
      updated: heartResponse.content[0]!.updated,
      classNotes: { nevus: 'Most moles are harmless.' },
    },
  ],
  notices: heartResponse.notices,
});

/** A cataract picture's result: the test's own class, its score, and the top class apart; no picture kept. */
const cataractResponse: AssessmentResponse = AssessmentResponseSchema.parse({
  ...skinResponse,
  assessment: {
    ...skinResponse.assessment,
    id: CATARACT_ID,
    test: 'cataract',
    testName: 'Cataract',
    image: { url: null, width: null, height: null, heatmap: null, heatmapLabel: null },
    result: {
      kind: 'image',
      model: 'fundus',
      classes: [
        { key: 'normal', label: 'Normal', probability: 0.6 },
        { key: 'cataract', label: 'Cataract', probability: 0.3 },
        { key: 'glaucoma', label: 'Glaucoma', probability: 0.1 },
      ],
      top: { key: 'normal', label: 'Normal', probability: 0.6 },
      focus: { key: 'cataract', label: 'Cataract', probability: 0.3 },
      prediction: 'Normal',
      summary: 'The model scores this picture 30% for cataract.',
      gate: { kind: 'fundus', probability: 0.97 },
      heatmap: null,
    },
  },
});

/** Opens a saved result in Hindi, signed in, with the server answering `response`. */
async function openResult(path: string, response: AssessmentResponse) {
  const view = await renderInHindi(
    path,
    { [`GET /api/assessments/${response.assessment.id}`]: response },
    {
      signedIn: true,
    },
  );
  return { ...view, given: [...view.given, ...USER] };
}

const resultRegion = () => screen.getByRole('region', { name: t('results.resultHeading') });

/** The page says lang="hi" all through: nothing of it is marked as English any more. */
function expectNoEnglishWrapper() {
  expect(document.querySelector('main [lang="en"]')).toBeNull();
}

describe('the result page in Hindi shows no English of its own', () => {
  inHindi();

  it('a diabetes result: validated scores, the model, guideline findings, the next step and every factor', async () => {
    const response = diabetesWithEverything();
    const { given } = await openResult(`/diabetes-results/${response.assessment.id}`, response);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diabetes' })).toBeInTheDocument();
    expect(document.title).toBe(t('results.title', { test: t('test.diabetes.name') }));
    expect(resultRegion()).toHaveTextContent(t('results.score.points', { points: 60, max: 100 }));
    expect(resultRegion()).toHaveTextContent(t('results.model.rebasedFigure', { n: 4 }));
    expect(screen.getByRole('region', { name: t('results.guidelineHeading') })).toHaveTextContent(GUIDELINE.title);
    expect(screen.getByRole('region', { name: t('results.nextStep') })).toHaveTextContent(
      'Book a repeat fasting glucose test.',
    );
    expect(screen.getByText(t('results.factors.notReasons', { count: 2 }))).toBeInTheDocument();
    expect(screen.getByText(t('results.factors.showOthers', { count: 2 }))).toBeInTheDocument();
    expectNoEnglishWrapper();
    expectAllHindi(given);
  });

  it('a risk result whose model was retrained since: no figures, said in Hindi', async () => {
    const response = AssessmentResponseSchema.parse({
      ...heartResponse,
      assessment: { ...heartResponse.assessment, model: { ...heartResponse.assessment.model, metrics: undefined } },
    });
    const { given } = await openResult(`/heart-disease-results/${HEART_ID}`, response);
    expect(await screen.findByText(t('results.model.retrained'))).toBeInTheDocument();
    expectAllHindi(given);
  });

  it('the blood test: a finding that needs care today under a healthy main class, and every finding', async () => {
    const response = bloodTestUrgent();
    const { given } = await openResult(`/bloodtest/${response.assessment.id}`, response);
    expect(await screen.findByText(t('results.urgentFinding'))).toBeInTheDocument();
    expect(resultRegion()).toHaveTextContent(t('results.bloodTest.otherUrgent'));
    const findings = screen.getByRole('region', { name: t('results.findingsHeading') });
    expect(within(findings).getAllByRole('article')).toHaveLength(4);
    expect(findings).toHaveTextContent(t('results.severity.urgent'));
    expectAllHindi(given);
  });

  it('the blood test with a main class of its own, and nothing outside the ranges', async () => {
    const result = bloodTestResponse.assessment.result;
    const response = AssessmentResponseSchema.parse({
      ...bloodTestResponse,
      assessment: { ...bloodTestResponse.assessment, result: { ...result, findings: [] } },
    });
    const { given } = await openResult(`/bloodtest/${response.assessment.id}`, response);
    expect(await screen.findByText(t('results.bloodTest.none'))).toBeInTheDocument();
    expect(resultRegion()).toHaveTextContent(t('results.bloodTest.class.Anemia'));
    expectAllHindi(given);
  });

  it('the kidney stone: the urgent warning, the score on its bands, the points, guideline findings', async () => {
    const response = kidneyStoneWith({
      guideline: [{ ...GUIDELINE, id: 'fever-with-pain', title: 'Fever with flank pain', timeframe: 'today' }],
      nextStep: { timeframe: 'today', heading: 'See a doctor today', text: 'Go to a doctor today.' },
    });
    const { given } = await openResult(`/kidney-stone-results/${response.assessment.id}`, response);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kidney stones' })).toBeInTheDocument();
    expect(resultRegion()).toHaveTextContent(t('results.stone.otherBand'));
    expect(
      within(resultRegion()).getByRole('img', {
        name: t('results.stone.gauge', { score: 9, max: 13, band: t('results.bandWord.moderate') }),
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: t('results.stoneHeading') })).toHaveTextContent(
      t('results.stone.scoreOf', { score: 9, max: 13 }),
    );
    expectAllHindi(given);
  });

  it('the kidney stone when the score does not apply', async () => {
    const response = kidneyStoneWith({
      applies: false,
      band: null,
      probability: null,
      ifHaematuria: null,
      urgent: false,
    });
    const { given } = await openResult(`/kidney-stone-results/${response.assessment.id}`, response);
    expect(await screen.findByText(t('results.stone.doesNotApply'))).toBeInTheDocument();
    expect(resultRegion()).toHaveTextContent(t('results.stone.notApplies', { total: 4, count: 8 }));
    expectAllHindi(given);
  });

  it('a skin picture: the checklist first, the heatmap, every class, what the model mistakes it for, its figures', async () => {
    const { given, user } = await openResult(`/skin-disease-results/${SKIN_ID}`, skinResponse);
    expect(await screen.findByRole('heading', { level: 1, name: 'See a GP within 2 weeks' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: t('results.image.alt', { test: t('test.skin.name') }) }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('heatmap')).toBeInTheDocument();
    const checklist = screen.getByTestId('skin-checklist');
    expect(checklist).toHaveAccessibleName(t('results.checklist.heading'));
    expect(checklist).toHaveTextContent(t('results.checklist.answer.not_sure'));
    expect(checklist).toHaveTextContent(t('results.checklist.skipped'));
    expect(screen.getByRole('list', { name: t('results.classes.label') })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent(t('results.metric.sensitivity'));
    expectNoEnglishWrapper();
    expectAllHindi(given);

    await user.click(screen.getByRole('checkbox', { name: t('results.heatmap.show') }));
    expect(screen.queryByTestId('heatmap')).not.toBeInTheDocument();
    expectAllHindi(given);
  });

  it('a cataract picture: the score for its own class, the class it looks most like, no picture kept', async () => {
    const { given } = await openResult(`/cataract-results/${CATARACT_ID}`, cataractResponse);
    expect(await screen.findByText(t('results.image.noPicture'))).toBeInTheDocument();
    expect(screen.getByText(t('results.image.scoreFor', { label: 'Cataract' }))).toBeInTheDocument();
    expectAllHindi(given);
  });

  it('the load error, with the server’s words, and its retry', async () => {
    const detail = 'Something went wrong on our side. Please try again in a moment.';
    const { given } = await renderInHindi(
      `/heart-disease-results/${HEART_ID}`,
      {},
      {
        signedIn: true,
        handlers: { [`GET /api/assessments/${HEART_ID}`]: () => problem(500, 'internal', detail) },
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(t('results.loadError'));
    expect(screen.getByRole('heading', { level: 1, name: t('results.loadErrorHeading') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('results.tryAgain') })).toBeInTheDocument();
    expectAllHindi([...given, ...USER, detail]);
  });

  it('not found: a result that does not exist or is someone else’s', async () => {
    const { given } = await renderInHindi(
      `/heart-disease-results/${HEART_ID}`,
      {},
      {
        signedIn: true,
        handlers: { [`GET /api/assessments/${HEART_ID}`]: () => problem(404, 'not_found', 'No such assessment.') },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: t('results.notFound.heading') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('results.notFound.link') })).toHaveAttribute('href', '/diagnosis');
    expectAllHindi([...given, ...USER]);
  });
});

describe("the result page keeps the English words of the contracts' texts it shows", () => {
  const english: Record<string, string> = enResults;

  it('the blood test’s main finding (bloodTestHeadline) and the checklist’s answers', () => {
    for (const label of BloodTestClassLabelSchema.options) {
      expect(english[`results.bloodTest.class.${label}`]).toBe(label);
    }
    const healthy = { classCode: 1, label: 'Healthy' } as const;
    expect(english['results.bloodTest.otherUrgent']).toBe(
      bloodTestHeadline({ ...healthy, findings: [{ severity: 'urgent' }] }),
    );
    expect(english['results.bloodTest.otherAttention']).toBe(
      bloodTestHeadline({ ...healthy, findings: [{ severity: 'attention' }] }),
    );
    for (const [answer, label] of Object.entries(SKIN_CHECKLIST_ANSWER_LABELS)) {
      expect(english[`results.checklist.answer.${answer}`]).toBe(label);
    }
  });
});
