import {
  AssessmentResponseSchema,
  getTest,
  IMAGE_TEST_SLUGS,
  type ImageTestSlug,
  type SkinChecklist,
} from '@medibuddy/contracts';
import { IMAGE_UPLOAD_FIELD } from '@medibuddy/contracts/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../lib/i18n';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { ADA, json } from '../test/http';
import { stringsOf } from '../test/untranslated-text';

/**
 * The four image test pages in Hindi (decision 032): the page, the picture chosen or refused in the browser, the skin
 * test's checklist, the upload's progress, the consent question, the server's refusals and the prediction, from the
 * 'images' catalogue; no English of their own (decision 037). The server's words (the checklist's questions, a
 * refusal's detail, the result's headline) stay as it sends them.
 */

type Routes = Parameters<typeof renderInHindi>[2];

const ID = '7d1e3c2b-4a5f-4b6c-8d7e-9f0a1b2c3d4e';

/** The checklist as the server sends it to a Hindi page. */
const CHECKLIST: SkinChecklist = {
  version: 'skin-checklist-1',
  why: 'डॉक्टर ये सात सवाल पूछते हैं।',
  notSure: '“पक्का नहीं पता” वाला जवाब गिना नहीं जाता।',
  items: [
    { key: 'sizeChange', kind: 'major', points: 2, question: 'क्या दाग़ बड़ा हुआ है?', help: 'पहले से बड़ा?' },
    { key: 'oozing', kind: 'minor', points: 1, question: 'क्या दाग़ से पानी रिसता है?', help: 'गीला रहता है?' },
  ],
  threshold: 3,
  maxScore: 3,
  sources: [{ title: 'NG12', publisher: 'NICE' }],
};

/** A cataract result as the API answers it (its words are the server's). */
const RESPONSE = AssessmentResponseSchema.parse({
  assessment: {
    id: ID,
    test: 'cataract',
    testName: 'Cataract Disease',
    createdAt: '2026-11-23T10:15:00.000Z',
    inputs: {},
    model: { id: 'fundus', version: 'fundus-cnn-abc', kind: 'model' },
    result: {
      kind: 'image',
      model: 'fundus',
      classes: [
        { key: 'cataract', label: 'Cataract', probability: 0.81 },
        { key: 'normal', label: 'Normal', probability: 0.19 },
      ],
      top: { key: 'cataract', label: 'Cataract', probability: 0.81 },
      focus: { key: 'cataract', label: 'Cataract', probability: 0.81 },
      prediction: 'Cataract',
      summary: 'The model’s score for cataract in this picture is 81%.',
      gate: { kind: 'fundus', probability: 0.99 },
      heatmap: null,
      triage: {
        level: 'refer',
        question: 'Can this wait?',
        headline: 'See an eye doctor within 2 weeks',
        timeframe: 'within 2 weeks',
        nextStep: 'Book an appointment.',
        why: 'why',
        referScore: 0.8,
        referThreshold: 0.3,
        confidenceFloor: 0.5,
        sources: [{ title: 'NICE', publisher: 'NICE' }],
      },
      isClassNamed: true,
    },
    contentKeys: [],
    image: { url: `/api/assessments/${ID}/image`, width: 400, height: 400, heatmap: null, heatmapLabel: null },
  },
  content: [],
  notices: { notADiagnosis: 'Not a diagnosis.', emergency: 'Call now.', whatThisDoesNotMean: 'One picture.' },
});

/** The signed-in visitor's name and its initial, in the navbar. */
const USER = [ADA.name, ADA.name[0]!.toUpperCase()];

/** The page of a test, opened in Hindi; the skin test's questions come from the server. */
async function openInHindi(test: ImageTestSlug, options: Routes = {}) {
  const answers = test === 'skin' ? { 'GET /api/assessments/skin/checklist': CHECKLIST } : {};
  const view = await renderInHindi(getTest(test).path, answers, options);
  await screen.findByRole('form', { name: t('images.formLabel', { name: t(`test.${test}.name`) }) });
  return view;
}

const picker = () => screen.getByLabelText(t('images.upload'));
const predict = () => screen.getByRole('button', { name: t('images.predict') });
const choose = (file: File) => fireEvent.change(picker(), { target: { files: [file] } });
const PICTURE = new File(['png bytes'], 'eye.png', { type: 'image/png' });

type Answer = { status: number; body?: unknown };

/**
 * The upload goes through XMLHttpRequest (for its progress), which the fetch stub does not see: this stand-in at the
 * same boundary records each upload's headers and answers from `respond`, in steps the test lets go one by one when
 * `isStepped` (half sent, all sent, answered), else at once.
 */
function stubUploads(respond: (attempt: number) => Answer, isStepped = false) {
  const sent: { file: File; headers: Record<string, string> }[] = [];
  const waiting: (() => void)[] = [];
  const step = (run: () => void) => (isStepped ? waiting.push(run) : setTimeout(run, 0));
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    headers: Record<string, string> = {};
    upload: { onprogress?: (e: Partial<ProgressEvent>) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    abort() {}
    send(form: FormData) {
      sent.push({ file: form.get(IMAGE_UPLOAD_FIELD) as File, headers: this.headers });
      const answer = respond(sent.length);
      step(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 }));
      step(() => this.upload.onload?.());
      step(() => {
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, next: () => waiting.shift()?.() };
}

const problemBody = (status: number, code: string, detail: string) => ({
  type: 'about:blank',
  title: 'Error',
  status,
  code,
  detail,
});

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the image test pages in Hindi', () => {
  inHindi();

  it.each(IMAGE_TEST_SLUGS.flatMap((test) => [[test, 'a visitor'] as const, [test, 'signed in'] as const]))(
    '%s, %s: the page, what picture it needs and how to take it',
    async (test, who) => {
      const signedIn = who === 'signed in';
      const { given } = await openInHindi(test, { signedIn });
      expect(screen.getByRole('heading', { level: 1, name: t(`images.${test}.title`) })).toBeVisible();
      expect(picker()).toHaveAccessibleDescription(
        t('images.uploadHelp', { needed: t(`images.${test}.needed`), max: '10' }),
      );
      expect(screen.getByTestId('privacy-note')).toHaveTextContent(t('images.pictureNote'));
      expect(screen.getByRole('link', { name: t('images.privacyPolicy') })).toBeInTheDocument();
      if (test === 'skin') {
        expect(await screen.findByRole('group', { name: CHECKLIST.items[0]!.question })).toBeInTheDocument();
      }
      expectAllHindi(signedIn ? [...given, ...USER] : given);
    },
  );

  it('no picture, a file that is not a picture, one too large, then a picture chosen', async () => {
    const { user } = await openInHindi('cataract', { signedIn: true });
    await user.click(predict());
    expect(await screen.findByRole('alert')).toHaveTextContent(t('images.error.select'));
    expectAllHindi(USER);

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('images.error.type'));
    expectAllHindi(USER);

    choose(new File([new Uint8Array(11 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('images.error.tooLarge', { max: '10' }));
    expectAllHindi(USER);

    choose(PICTURE);
    const figure = await screen.findByRole('figure');
    expect(within(figure).getByText(t('images.selected'))).toBeInTheDocument();
    expect(within(figure).getByRole('img', { name: t('images.selectedAlt', { name: 'eye.png' }) })).toBeVisible();
    expect(within(figure).getByText(t('images.fileSize', { name: 'eye.png', size: '0.00' }))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expectAllHindi([...USER, 'eye.png']);
  });

  it('skin: the checklist answered, counted and cleared, its answers in Hindi', async () => {
    const { user, given } = await openInHindi('skin', { signedIn: true });
    const size = await screen.findByRole('group', { name: CHECKLIST.items[0]!.question });
    expect(
      within(size)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')?.textContent),
    ).toEqual([t('images.answer.yes'), t('images.answer.no'), t('images.answer.not_sure')]);
    await user.click(within(size).getByRole('radio', { name: t('images.answer.yes') }));
    const oozing = screen.getByRole('group', { name: CHECKLIST.items[1]!.question });
    await user.click(within(oozing).getByRole('radio', { name: t('images.answer.not_sure') }));
    const clear = screen.getByRole('button', { name: t('images.checklist.clear', { count: '2', total: '2' }) });
    expectAllHindi([...given, ...USER]);
    await user.click(clear);
    expect(within(size).getByRole('radio', { name: t('images.answer.yes') })).not.toBeChecked();
  });

  it('skin: questions that could not be loaded', async () => {
    await renderInHindi(
      '/skin-disease',
      {},
      { handlers: { 'GET /api/assessments/skin/checklist': () => json(500, {}) } },
    );
    expect(await screen.findByText(t('images.checklist.unavailable'))).toBeInTheDocument();
    expectAllHindi([]);
  });

  it('a visitor who asks for a prediction is sent to sign in, told why in Hindi', async () => {
    const { user } = await openInHindi('ct-scan');
    choose(PICTURE);
    await user.click(predict());
    expect(await screen.findByText(t('images.signInToRun'))).toBeInTheDocument();
    expectAllHindi([]);
  });

  it('sending: the progress, the server’s refusal, one with no words of its own, a model not ready', async () => {
    const refusal = 'यह तस्वीर आँख के पर्दे की फ़ोटो नहीं लगती।';
    const uploads = stubUploads(
      (attempt) =>
        [
          { status: 422, body: problemBody(422, 'image_not_accepted', refusal) },
          { status: 413 },
          { status: 503, body: problemBody(503, 'model_unavailable', 'The model is not loaded.') },
        ][attempt - 1]!,
      true,
    );
    const { user } = await openInHindi('cataract', { signedIn: true });
    choose(PICTURE);
    await user.click(predict());
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.headers['Accept-Language']).toBe('hi');
    uploads.next();
    expect(await screen.findByText(t('images.uploading', { percent: '50' }))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('images.busy') })).toBeInTheDocument();
    expectAllHindi([...USER, 'eye.png']);
    uploads.next();
    expect(await screen.findByText(t('images.checking'))).toBeInTheDocument();
    expectAllHindi([...USER, 'eye.png']);
    uploads.next();
    expect(await screen.findByText(t('images.notRun'))).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(2); // the notice and its toast
    expectAllHindi([...USER, 'eye.png', refusal]);

    await user.click(predict());
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    uploads.next();
    uploads.next();
    uploads.next();
    expect(await screen.findAllByText(t('images.refused.413', { max: '10' }))).toHaveLength(2);
    expectAllHindi([...USER, 'eye.png']);

    await user.click(predict());
    await waitFor(() => expect(uploads.sent).toHaveLength(3));
    uploads.next();
    uploads.next();
    uploads.next();
    expect(await screen.findAllByText(t('images.modelNotReady'))).toHaveLength(2);
    expectAllHindi([...USER, 'eye.png']);
  }, 20_000);

  it('the consent question, declined, in Hindi', async () => {
    stubUploads(() => ({ status: 409, body: problemBody(409, 'consent_required', 'Consent is required.') }));
    const { user } = await openInHindi('skin', { signedIn: true });
    choose(PICTURE);
    await user.click(predict());
    const prompt = await screen.findByRole('region', { name: t('images.consent.heading') });
    expect(within(prompt).getByText(t('images.consent.text'))).toBeInTheDocument();
    expectAllHindi([...USER, ...stringsOf(CHECKLIST), 'eye.png']);
    await user.click(within(prompt).getByRole('button', { name: t('images.consent.notNow') }));
    expect(screen.getByText(t('images.consentDeclined'))).toBeInTheDocument();
    expectAllHindi([...USER, ...stringsOf(CHECKLIST), 'eye.png']);
  }, 20_000);

  it('the prediction, the server’s headline first', async () => {
    stubUploads(() => ({ status: 201, body: RESPONSE }));
    const { user } = await openInHindi('cataract', { signedIn: true });
    choose(PICTURE);
    await user.click(predict());
    const result = await screen.findByRole('region', { name: t('images.result') });
    expect(result).toHaveTextContent(
      t('images.mostLike', { headline: 'See an eye doctor within 2 weeks', prediction: 'cataract' }),
    );
    expect(within(result).getByText(t('images.opening'))).toBeInTheDocument();
    expectAllHindi([...USER, 'eye.png', ...stringsOf(RESPONSE), 'cataract']);
  }, 20_000);
});
