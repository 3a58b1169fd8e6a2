import {
  AssessmentResponseSchema,
  CONTENT_UPDATED,
  HEALTH_DATA_CONSENT_TEXT,
  HEALTH_DATA_CONSENT_VERSION,
  IMAGE_UPLOAD_FIELD,
  IMAGE_NEEDED_BY_TEST,
  IMAGE_TEST_SLUGS,
  getTest,
  type AssessmentResponse,
} from '@medibuddy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileProblemOf } from '../../features/assessments/components/image-upload-form';
import { ADA, json, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const signedIn = () => json(200, { user: ADA });
const ID = '7d1e3c2b-4a5f-4b6c-8d7e-9f0a1b2c3d4e';
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const five = (what: string) => [1, 2, 3, 4, 5].map((n) => `${what} ${n}`) as [string, string, string, string, string];

/** An image assessment as the API answers it, checked against the contract. */
const cataractResponse: AssessmentResponse = AssessmentResponseSchema.parse({
  assessment: {
    id: ID,
    test: 'cataract',
    testName: 'Cataract Disease',
    createdAt: '2026-11-23T10:15:00.000Z',
    inputs: {},
    model: {
      id: 'fundus',
      version: 'fundus-cnn-abc',
      kind: 'model',
      imageMetrics: {
        accuracy: 0.9,
        balancedAccuracy: 0.89,
        nTest: 813,
        testSet: 'by patient',
        perClass: [
          { key: 'cataract', label: 'Cataract', sensitivity: 0.93, specificity: 0.97, rocAuc: 0.99 },
          { key: 'normal', label: 'Normal', sensitivity: 0.85, specificity: null, rocAuc: 0.95 },
        ],
      },
    },
    result: {
      kind: 'image',
      model: 'fundus',
      classes: [
        { key: 'cataract', label: 'Cataract', probability: 0.81 },
        { key: 'normal', label: 'Normal', probability: 0.12 },
        { key: 'glaucoma', label: 'Glaucoma', probability: 0.05 },
        { key: 'diabetic_retinopathy', label: 'Diabetic retinopathy', probability: 0.02 },
      ],
      top: { key: 'cataract', label: 'Cataract', probability: 0.81 },
      focus: { key: 'cataract', label: 'Cataract', probability: 0.81 },
      prediction: 'Cataract',
      summary: 'The model’s score for cataract in this picture is 81%.',
      gate: { kind: 'fundus', probability: 0.99 },
      heatmap: { classKey: 'cataract', size: 2, values: [0, 0.5, 0.5, 1] },
    },
    contentKeys: ['cataract'],
    image: { url: `/api/assessments/${ID}/image`, width: 400, height: 400, heatmap: PIXEL, heatmapLabel: 'Cataract' },
  },
  content: [
    {
      key: 'cataract',
      title: 'Cataract',
      category: 'condition',
      description: 'A cataract clouds the lens of the eye.',
      symptoms: five('Symptom'),
      precautions: five('Precaution'),
      whenToSeekCare: ['Sudden loss of vision: get care now.'],
      sources: [
        {
          title: 'Cataract (MedlinePlus)',
          publisher: 'U.S. National Library of Medicine',
          url: 'https://medlineplus.gov/',
        },
      ],
      reviewedBy: null,
      updated: CONTENT_UPDATED,
    },
  ],
  notices: {
    notADiagnosis: 'This result is not a diagnosis.',
    emergency: 'Call your local emergency number now.',
    whatThisDoesNotMean: 'One picture only.',
  },
});

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the image test pages', () => {
  it.each(IMAGE_TEST_SLUGS)(
    '%s: Upload Image (images only), Predict, the notices, what picture it needs',
    async (test) => {
      stubFetch({ 'GET /api/auth/session': signedIn });
      renderApp(getTest(test).path);
      await screen.findByRole('heading', { level: 1 });
      const input = screen.getByLabelText('Upload Image');
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
      expect(input).toHaveAccessibleDescription(new RegExp(IMAGE_NEEDED_BY_TEST[test].replace(/[.()]/g, '\\$&')));
      expect(screen.getByRole('button', { name: 'Predict' })).toBeInTheDocument();
      expect(screen.getByText(/not a diagnosis/)).toBeInTheDocument();
      expect(screen.getByText(/call your local emergency number/)).toBeInTheDocument();
    },
  );

  it('Predict with no file says "Please select an image."', async () => {
    const http = stubFetch({ 'GET /api/auth/session': signedIn });
    renderApp('/cataract');
    fireEvent.click(await screen.findByRole('button', { name: 'Predict' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image.');
    expect(http.requests.filter((r) => r.path.startsWith('/api/assessments'))).toHaveLength(0);
  });

  it('choosing a picture takes "Please select an image." down, toast included (it would follow onto the result page)', async () => {
    stubFetch({ 'GET /api/auth/session': signedIn });
    renderApp('/cataract');
    fireEvent.click(await screen.findByRole('button', { name: 'Predict' }));
    await waitFor(() => expect(screen.getAllByText('Please select an image.')).toHaveLength(2)); // inline and toast
    fireEvent.change(screen.getByLabelText('Upload Image'), {
      target: { files: [new File(['png bytes'], 'eye.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(screen.queryByText('Please select an image.')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('a chosen picture shows as the "Selected Image"; a text file is refused before upload', async () => {
    stubFetch({ 'GET /api/auth/session': signedIn });
    renderApp('/skin-disease');
    const input = await screen.findByLabelText('Upload Image');
    fireEvent.change(input, { target: { files: [new File(['png bytes'], 'mole.png', { type: 'image/png' })] } });
    const figure = await screen.findByRole('figure');
    expect(within(figure).getByText('Selected Image')).toBeInTheDocument();
    expect(within(figure).getByRole('img', { name: 'Selected image: mole.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('not a JPEG, PNG or WebP picture');
    expect(screen.queryByText('Selected Image')).not.toBeInTheDocument();
  });

  it('checks size and type in the browser too', () => {
    expect(fileProblemOf(new File([new Uint8Array(11 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }))).toMatch(
      /10 MB/,
    );
    expect(fileProblemOf(new File(['x'], 'a.gif', { type: 'image/gif' }))).toMatch(/JPEG, PNG or WebP/);
    expect(fileProblemOf(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
  });
});

/**
 * The upload goes through XMLHttpRequest (for its progress events), which `stubFetch` does not see: a minimal
 * stand-in at the same boundary records each sent picture and answers from `respond`.
 */
function stubUploads(respond: (attempt: number) => { status: number; body: unknown }) {
  const sent: File[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    abort() {}
    send(form: FormData) {
      sent.push(form.get(IMAGE_UPLOAD_FIELD) as File);
      const answer = respond(sent.length);
      setTimeout(() => {
        this.upload.onload?.();
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const consentRequired = {
  status: 409,
  body: {
    type: 'about:blank',
    title: 'Conflict',
    status: 409,
    code: 'consent_required',
    detail: 'Before we save your first result, we need your consent.',
  },
};
const consentStatus = () =>
  json(200, {
    status: 'granted',
    version: HEALTH_DATA_CONSENT_VERSION,
    grantedAt: '2026-11-01T10:00:00.000Z',
    withdrawnAt: null,
    text: HEALTH_DATA_CONSENT_TEXT,
    currentVersion: HEALTH_DATA_CONSENT_VERSION,
  });

describe('the consent prompt on a first image test', () => {
  it('a 409 consent_required shows the consent; agreeing records it and sends the same picture again', async () => {
    const http = stubFetch({ 'GET /api/auth/session': signedIn, 'POST /api/health-record/consent': consentStatus });
    const sent = stubUploads((attempt) => (attempt === 1 ? consentRequired : { status: 201, body: cataractResponse }));
    const { user } = renderApp('/cataract');
    const picture = new File(['png bytes'], 'eye.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText('Upload Image'), { target: { files: [picture] } });
    await user.click(screen.getByRole('button', { name: 'Predict' }));

    const prompt = await screen.findByRole('region', { name: 'May we store your health data?' });
    expect(within(prompt).getByText(HEALTH_DATA_CONSENT_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('The test did not run')).not.toBeInTheDocument();
    expect(http.calls('POST /api/health-record/consent')).toHaveLength(0);
    await user.click(within(prompt).getByRole('button', { name: 'I agree, run the test' }));

    expect(await screen.findByRole('region', { name: 'Prediction Result' })).toHaveTextContent('Cataract');
    expect(http.calls('POST /api/health-record/consent')[0]?.body).toEqual({ version: HEALTH_DATA_CONSENT_VERSION });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.name).toBe('eye.png');
    expect(await sent[1]?.text()).toBe('png bytes');
  }, 20_000);

  it('"Not now" stores nothing and says what to do', async () => {
    const http = stubFetch({ 'GET /api/auth/session': signedIn });
    const sent = stubUploads(() => consentRequired);
    const { user } = renderApp('/skin-disease');
    fireEvent.change(await screen.findByLabelText('Upload Image'), {
      target: { files: [new File(['png'], 'mole.png', { type: 'image/png' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.getByText(/Nothing was stored and the test did not run/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'May we store your health data?' })).not.toBeInTheDocument();
    expect(http.calls('POST /api/health-record/consent')).toHaveLength(0);
    expect(sent).toHaveLength(1);
  }, 20_000);
});

describe('an image result page', () => {
  it('shows the score, the picture with its heatmap, every class, what it means, the content and the model card', async () => {
    stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${ID}`]: () => json(200, cataractResponse) });
    renderApp(`/cataract-results/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cataract: model score 81%' })).toBeInTheDocument();
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText('The model’s score for cataract in this picture is 81%.')).toBeInTheDocument();
    expect(within(result).getByRole('img', { name: 'The picture sent to the Cataract Disease test' })).toHaveAttribute(
      'src',
      `/api/assessments/${ID}/image`,
    );
    expect(within(result).getByTestId('heatmap')).toHaveAttribute('src', PIXEL);
    fireEvent.click(within(result).getByLabelText('Show the heatmap'));
    expect(within(result).queryByTestId('heatmap')).not.toBeInTheDocument();
    const classes = screen.getByRole('list', { name: 'Class probabilities' });
    expect(within(classes).getAllByRole('listitem')).toHaveLength(4);
    expect(
      screen.getByRole('heading', { name: 'What these percentages mean, and what they do not' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/not/, { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('One picture only.')).toBeInTheDocument();
    expect(screen.getByText('This result is not a diagnosis.')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Symptoms' })[0]).toBeInTheDocument();
    const model = screen.getByRole('region', { name: 'About this assessment' });
    expect(within(model).getByRole('table', { name: /Per class/ })).toBeInTheDocument();
    expect(within(model).getByText('90%')).toBeInTheDocument();
  });

  it('a normal result says which conditions the model often called normal in testing, and says nothing otherwise', async () => {
    const normal = structuredClone(cataractResponse);
    if (normal.assessment.result.kind !== 'image') throw new Error('an image result');
    normal.assessment.result.top = { key: 'normal', label: 'Normal', probability: 0.6 };
    normal.assessment.model.imageMetrics!.mistakenForTop = [{ key: 'glaucoma', label: 'Glaucoma', count: 9, n: 30 }];
    stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${ID}`]: () => json(200, normal) });
    const { unmount } = renderApp(`/cataract-results/${ID}`);
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText('This result does not rule out glaucoma.')).toBeInTheDocument();
    expect(
      within(result).getByText(/In testing, the model called 9 of 30 pictures of glaucoma “Normal”/),
    ).toBeInTheDocument();
    unmount();
    stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${ID}`]: () => json(200, cataractResponse) });
    renderApp(`/cataract-results/${ID}`);
    await screen.findByRole('list', { name: 'Class probabilities' });
    expect(screen.queryByText(/does not rule out/)).not.toBeInTheDocument();
  });

  it('CT scan: the bars start their animation 3 s after the page opens', async () => {
    const ct = structuredClone(cataractResponse);
    ct.assessment.test = 'ct-scan';
    ct.assessment.testName = 'CT Scan';
    stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${ID}`]: () => json(200, ct) });
    renderApp(`/ct-scan-results/${ID}`);
    const classes = await screen.findByRole('list', { name: 'Class probabilities' });
    expect(classes).toHaveAttribute('data-animated', 'false');
    expect(within(classes).getByText('81%')).toBeInTheDocument();
    await waitFor(() => expect(classes).toHaveAttribute('data-animated', 'true'), { timeout: 4500 });
  }, 10_000);

  it('other image tests show the bars at once', async () => {
    stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${ID}`]: () => json(200, cataractResponse) });
    renderApp(`/cataract-results/${ID}`);
    expect(await screen.findByRole('list', { name: 'Class probabilities' })).toHaveAttribute('data-animated', 'true');
  });

  it('a result made by an earlier model version says the model was retrained instead of showing figures', async () => {
    const old = structuredClone(cataractResponse);
    delete old.assessment.model.imageMetrics;
    stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${ID}`]: () => json(200, old) });
    renderApp(`/cataract-results/${ID}`);
    const model = await screen.findByRole('region', { name: 'About this assessment' });
    expect(within(model).getByText(/has been retrained since this result was made/)).toBeInTheDocument();
    expect(within(model).queryByText(/No model is used/)).not.toBeInTheDocument();
  });
});
