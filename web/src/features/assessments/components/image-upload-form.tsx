import { resultPath } from '@medibuddy/contracts/catalogue';
import { CONSENT_REQUIRED_CODE, IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@medibuddy/contracts/forms';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-client';
import { dismissNotice, notifyError } from '../../../lib/notify';
import { useReadSession, useSetSessionUser } from '../../../lib/session';
import { useGrantConsent } from '../../../lib/consent';
import { ConsentPrompt } from '../../../components/consent-prompt';
import { useSkinChecklist } from '../api/get-skin-checklist';
import { useUploadImageAssessment, type UploadProgress } from '../api/upload-image-assessment';
import type { ImageTestPage } from '../image-tests';
import { leadingHeadline } from '../image-headline';
import { consentTexts, failureMessage } from '../submit-failure';
import { useObjectUrl } from '../../../lib/use-object-url';
import { t } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { SkinChecklistFields, type SkinChecklistAnswers } from './skin-checklist-fields';

const ACCEPTED_TYPES = IMAGE_ACCEPT.split(',');
const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);
/** How long the 'Prediction Result' stays before its full result page opens. */
const RESULT_PAUSE_MS = 1500;

/**
 * A picture chosen by a visitor who was then sent to sign in: kept in memory (never stored) so the form has
 * it again when they come back, as the clinical forms keep their answers. A reload forgets it.
 */
const pendingFiles = new Map<string, File>();
/** The skin test's checklist answers, kept the same way. */
const pendingChecklists = new Map<string, SkinChecklistAnswers>();

/** A problem with the chosen file that the browser can see before uploading (the server checks again). */
export function fileProblemOf(file: File): string | null {
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return t('images.error.type');
  if (file.size > IMAGE_MAX_BYTES) return t('images.error.tooLarge', { max: formatNumber(MAX_MB) });
  if (file.size === 0) return t('images.error.empty');
  return null;
}

/** A file's size in MB as the preview shows it: two decimals under 1 MB (0.25), one above (3.4). */
function fileSizeInMb(bytes: number): string {
  const digits = bytes < 1024 * 1024 ? 2 : 1;
  return formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * The image test page (docs/product.md#test-forms): 'Upload Image' (images only), a preview labelled 'Selected Image',
 * Predict ('Loading...' while it runs, with upload progress for slow connections), 'Please select an image.' without a
 * file, then the 'Prediction Result' text and the saved assessment's result page.
 */
export function ImageUploadForm({ page }: { page: ImageTestPage }) {
  const { slug } = page;
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const readSession = useReadSession();
  const setSessionUser = useSetSessionUser();
  const [file, setFile] = useState<File | null>(() => {
    const pending = pendingFiles.get(slug) ?? null;
    pendingFiles.delete(slug);
    return pending;
  });
  const [checklistAnswers, setChecklistAnswers] = useState<SkinChecklistAnswers>(() => {
    const pending = pendingChecklists.get(slug) ?? {};
    pendingChecklists.delete(slug);
    return pending;
  });
  const asksChecklist = slug === 'skin';
  const checklist = useSkinChecklist({ isEnabled: asksChecklist });
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [prediction, setPrediction] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImageAssessment(slug, setProgress);
  const grantConsent = useGrantConsent();
  /** The picture waiting for the user's consent to store health data (the server asked for it with a 409). */
  const [awaitingConsent, setAwaitingConsent] = useState<File | null>(null);

  // The preview is a local object URL: the picture leaves the browser only when it is sent.
  const previewUrl = useObjectUrl(file);

  // A picture brought back after signing in: show its name in the picker too, where the browser allows it.
  useEffect(() => {
    const input = inputRef.current;
    if (!file || !input || input.files?.length || typeof DataTransfer === 'undefined') return;
    try {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
    } catch {
      // Older browsers: the preview still shows the picture.
    }
  }, [file]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setSubmitError(null);
    setAwaitingConsent(null);
    setPrediction(null);
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = fileProblemOf(chosen);
    // 'Please select an image.' (or the last file's problem) is answered by this choice: its toast goes too.
    if (fileError && fileError !== problem) dismissNotice(fileError);
    setFileError(problem);
    setFile(problem ? null : chosen);
    if (problem) notifyError(problem);
  }

  function goSignIn(message: string) {
    if (file) pendingFiles.set(slug, file);
    if (Object.keys(checklistAnswers).length > 0) pendingChecklists.set(slug, checklistAnswers);
    notifyError(message);
    navigate('/login', {
      state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } },
    });
  }

  function handleFailure(error: unknown, sent: File) {
    setProgress(null);
    if (error instanceof ApiError && error.code === CONSENT_REQUIRED_CODE) {
      setAwaitingConsent(sent);
      return;
    }
    if (error instanceof ApiError && error.status === 401) {
      setSessionUser(null);
      goSignIn(t('images.signInToRun'));
      return;
    }
    // 400/413/422 say what is wrong with the picture and what to choose instead: the server's sentence is shown.
    const message = failureMessage(error, 'images');
    setSubmitError(message);
    notifyError(message);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending || prediction) return;
    setSubmitError(null);
    if (!file) {
      const message = t('images.error.select');
      setFileError(message);
      notifyError(message);
      inputRef.current?.focus();
      return;
    }
    if (readSession() === null) {
      goSignIn(t('images.signInToRun'));
      return;
    }
    run(file);
  }

  function run(chosen: File) {
    setAwaitingConsent(null);
    setProgress({ fraction: 0, isSent: false });
    upload.mutate(
      { file: chosen, checklist: asksChecklist ? checklistAnswers : undefined },
      {
        onSuccess: (response) => {
          setProgress(null);
          const result = response.assessment.result;
          // Triage first (the checklist's step when it reached its threshold); the class only when the model is
          // confident enough to name one.
          const lead = result.kind === 'image' ? leadingHeadline(result) : null;
          setPrediction(
            result.kind !== 'image'
              ? response.assessment.testName
              : lead
                ? result.isClassNamed === false
                  ? lead
                  : t('images.mostLike', { headline: lead, prediction: result.prediction.toLowerCase() })
                : result.prediction,
          );
          window.setTimeout(() => navigate(resultPath(slug, response.assessment.id)), RESULT_PAUSE_MS);
        },
        onError: (error) => handleFailure(error, chosen),
      },
    );
  }

  /** Records the consent, then sends the same picture again. */
  function agreeAndRun() {
    const chosen = awaitingConsent;
    if (!chosen || grantConsent.isPending) return;
    grantConsent.mutate(undefined, {
      onSuccess: () => run(chosen),
      onError: (error) => notifyError(error),
    });
  }

  const percentSent = progress ? Math.round(progress.fraction * 100) : 0;
  const describedBy = [helpId, fileError ? errorId : null].filter(Boolean).join(' ');

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label={t('images.formLabel', { name: page.name })}
      className="flex flex-col gap-6"
    >
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
        <label htmlFor={inputId} className="block text-xl font-bold text-slate-900">
          {t('images.upload')}
        </label>
        <p id={helpId} className="mt-1 text-slate-700">
          {t('images.uploadHelp', { needed: page.needed, max: formatNumber(MAX_MB) })}
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {page.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={inputId}
          name="image"
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={handleChange}
          disabled={upload.isPending}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy}
          className="mt-4 block w-full cursor-pointer rounded-xl border border-slate-300 bg-slate-50 text-base text-slate-800 file:mr-4 file:cursor-pointer file:rounded-l-xl file:border-0 file:bg-teal-700 file:px-5 file:py-3 file:font-semibold file:text-white hover:file:bg-teal-800"
        />
        {fileError ? (
          <p id={errorId} role="alert" className="mt-2 font-medium text-red-700">
            {fileError}
          </p>
        ) : null}

        {file && previewUrl ? (
          <figure className="mt-6">
            <figcaption className="mb-2 text-lg font-semibold text-slate-900">{t('images.selected')}</figcaption>
            <img
              src={previewUrl}
              alt={t('images.selectedAlt', { name: file.name })}
              className="max-h-80 w-auto max-w-full rounded-xl bg-slate-100 object-contain ring-1 ring-slate-200"
            />
            <p className="mt-2 text-sm text-slate-600">
              {t('images.fileSize', { name: file.name, size: fileSizeInMb(file.size) })}
            </p>
          </figure>
        ) : null}
      </section>

      {asksChecklist ? (
        <SkinChecklistFields
          checklist={checklist.data}
          isLoading={checklist.isPending && checklist.fetchStatus !== 'idle'}
          isUnavailable={checklist.isError}
          answers={checklistAnswers}
          isDisabled={upload.isPending}
          onAnswer={(key, answer) => setChecklistAnswers((current) => ({ ...current, [key]: answer }))}
          onClear={() => setChecklistAnswers({})}
        />
      ) : null}

      {progress ? (
        <div aria-live="polite" className="rounded-xl bg-teal-50 px-4 py-3 text-teal-950 ring-1 ring-teal-200">
          <label className="flex flex-col gap-2">
            <span className="font-semibold">
              {progress.isSent ? t('images.checking') : t('images.uploading', { percent: formatNumber(percentSent) })}
            </span>
            <progress
              max={100}
              value={progress.isSent ? undefined : percentSent}
              className="h-2 w-full accent-teal-700"
            />
          </label>
        </div>
      ) : null}

      {submitError ? (
        <Notice tone="error" title={t('images.notRun')} live="alert">
          <p>{submitError}</p>
        </Notice>
      ) : null}

      {awaitingConsent ? (
        <ConsentPrompt
          texts={consentTexts('images')}
          isPending={grantConsent.isPending || upload.isPending}
          onAgree={agreeAndRun}
          onDecline={() => {
            setAwaitingConsent(null);
            setSubmitError(t('images.consentDeclined'));
          }}
        />
      ) : null}

      {prediction ? (
        <section
          aria-label={t('images.result')}
          aria-live="polite"
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-teal-300 sm:p-7"
        >
          <h2 className="text-xl font-bold text-slate-900">{t('images.result')}</h2>
          <p className="mt-1 text-2xl font-extrabold text-teal-900">{prediction}</p>
          <p className="mt-2 text-slate-700">{t('images.opening')}</p>
        </section>
      ) : null}

      <div>
        <Button
          type="submit"
          size="lg"
          isLoading={upload.isPending || prediction !== null}
          loadingText={t('images.busy')}
          className="sm:min-w-48"
        >
          {t('images.predict')}
        </Button>
      </div>
    </form>
  );
}
