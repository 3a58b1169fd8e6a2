import { resultPath } from '@medibuddy/contracts/catalogue';
import { CONSENT_REQUIRED_CODE, type ClinicalField, type ClinicalTestSlug } from '@medibuddy/contracts/forms';
import { fieldUnits, type UnitChoice } from '@medibuddy/contracts/lab-units';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiError } from '../../../lib/api-client';
import { useSchemasForSubmit, type FieldErrors } from '../../../lib/form';
import { notifyError } from '../../../lib/notify';
import { useReadSession, useSetSessionUser } from '../../../lib/session';
import { useCreateAssessment } from '../api/create-assessment';
import { useGrantConsent } from '../../../lib/consent';
import { ConsentPrompt } from '../../../components/consent-prompt';
import type { ClinicalInputs } from '../form-values';
import { clinicalTestPage, groupsOf, type ClinicalTestPage } from '../clinical-tests';
import { clearDraft, loadDraft, saveDraft } from '../draft';
import { loadUnitChoices, rememberUnitChoice } from '../unit-choice';
import {
  countYes,
  initialFormState,
  isChoiceField,
  linkKidneyStoneAnswers,
  LINKED_NOTES,
  LINKED_TWIN,
  mapServerErrors,
  unitOf,
  validateClinicalForm,
  type FormState,
  type UnitQuestions,
} from '../form-values';
import { preloadSchemas } from '../../../lib/schemas';
import { consentTexts, failureMessage } from '../submit-failure';
import { t, type MessageKey } from '../../../lib/i18n';
import { ChoiceField, fieldDomId, NumberField } from './field-controls';

/** Moves focus to the first field with an error, in the order the form shows them. */
function focusFirstInvalid(
  form: HTMLFormElement | null,
  formId: string,
  order: readonly ClinicalField[],
  errors: FieldErrors<string>,
) {
  const first = order.find((f) => errors[f.key]);
  if (!form || !first) return;
  if (isChoiceField(first)) {
    // Field keys are plain identifiers, safe in a selector.
    const radios = [...form.querySelectorAll<HTMLInputElement>(`input[name="${first.key}"]`)];
    (radios.find((r) => r.checked) ?? radios[0])?.focus();
    form.querySelector<HTMLSelectElement>(`select[name="${first.key}"]`)?.focus();
    return;
  }
  document.getElementById(fieldDomId(formId, first.key))?.focus();
}

/**
 * One form for every clinical test, driven by the contract's field definitions: numbers with unit and range,
 * coded answers as labelled options. Checked with the contract schema before sending; a visitor is sent to
 * sign in and comes back to the same answers.
 */
export function ClinicalForm({ page }: { page: ClinicalTestPage }) {
  const { slug, fields } = page;
  const formId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const readSession = useReadSession();
  const setSessionUser = useSetSessionUser();
  const create = useCreateAssessment(slug);
  const grantConsent = useGrantConsent();
  /** The inputs waiting for the user's consent to store health data (the server asked for it with a 409). */
  const [awaitingConsent, setAwaitingConsent] = useState<ClinicalInputs | null>(null);

  const [state, setState] = useState<FormState>(() => initialFormState(fields));
  // Saved answers come back just after the first render, before the browser paints, never in it: a prerendered
  // form is taken over from HTML the build rendered without them.
  const restoreDraft = useEffectEvent(() => {
    // The units this browser last read each lab value in (decision 030).
    const units = loadUnitChoices(slug, fields);
    const draft = loadDraft(slug);
    if (!draft) {
      if (Object.keys(units).length > 0) setState((current) => ({ ...current, units }));
      return;
    }
    const restored: FormState = { ...initialFormState(fields), units };
    // Only this form's own keys come back: a draft from an older version of the form cannot add fields.
    for (const field of fields) {
      const value = draft.values[field.key];
      if (value !== undefined) restored.values[field.key] = value;
      if (field.notMeasured && draft.notMeasured[field.key]) restored.notMeasured[field.key] = true;
    }
    setState(restored);
  });
  useLayoutEffect(() => restoreDraft(), [slug]);
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  /** 'Did you mean 12 mmol/L (216 mg/dL)?': the choices for values whose unit looks wrong. */
  const [questions, setQuestions] = useState<UnitQuestions>({});
  /** Bumped when a choice is made, to run the test again with it. */
  const [resubmit, setResubmit] = useState(0);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const fieldsInOrder = groupsOf(page).flatMap((g) => g.fields);

  // Only a new request moves focus; later edits must not pull focus back, so the errors are read as an event.
  const moveFocus = useEffectEvent(() => focusFirstInvalid(formRef.current, formId, fieldsInOrder, errors));
  useEffect(() => {
    if (focusRequest > 0) moveFocus();
  }, [focusRequest]);

  useEffect(() => {
    if (resubmit > 0) formRef.current?.requestSubmit();
  }, [resubmit]);

  function showErrors(next: FieldErrors<string>, general: string[] = [], asked: UnitQuestions = {}) {
    setErrors(next);
    setQuestions(asked);
    setFormErrors(general);
    setFocusRequest((n) => n + 1);
  }

  function clearQuestion(key: string) {
    setQuestions((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function setValue(key: string, value: string) {
    setState((current) => {
      const values = { ...current.values, [key]: value };
      const confirmed = { ...current.confirmed, [key]: false };
      return {
        ...current,
        values: slug === 'kidney-stone' ? linkKidneyStoneAnswers(values, key) : values,
        confirmed,
      };
    });
    clearQuestion(key);
    setErrors((current) => {
      // An answer that sets its twin also settles the twin's complaint.
      const settled = slug === 'kidney-stone' && LINKED_TWIN[key] ? [key, LINKED_TWIN[key]] : [key];
      if (!settled.some((k) => current[k])) return current;
      const next = { ...current };
      for (const k of settled) next[k] = undefined;
      return next;
    });
    setSubmitError(null);
  }

  function setUnit(field: ClinicalField, unit: string) {
    setState((current) => ({
      ...current,
      units: { ...current.units, [field.key]: unit },
      confirmed: { ...current.confirmed, [field.key]: false },
    }));
    rememberUnitChoice(slug, field, unit);
    clearQuestion(field.key);
    setErrors((current) => (current[field.key] ? { ...current, [field.key]: undefined } : current));
  }

  /** One click answers 'Did you mean…?': the value is taken in that unit, as confirmed, and the test runs. */
  function choose(field: ClinicalField, choice: UnitChoice) {
    setState((current) => ({
      ...current,
      values: { ...current.values, [field.key]: String(choice.value) },
      units: { ...current.units, [field.key]: choice.unit },
      confirmed: { ...current.confirmed, [field.key]: true },
    }));
    rememberUnitChoice(slug, field, choice.unit);
    clearQuestion(field.key);
    setErrors((current) => ({ ...current, [field.key]: undefined }));
    setResubmit((n) => n + 1);
  }

  function setNotMeasured(key: string, isNotMeasured: boolean) {
    setState((current) => ({ ...current, notMeasured: { ...current.notMeasured, [key]: isNotMeasured } }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }

  function goSignIn(message: string) {
    saveDraft(slug, state);
    notifyError(message);
    navigate('/login', {
      state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } },
    });
  }

  function handleFailure(error: unknown, inputs?: ClinicalInputs) {
    if (error instanceof ApiError && error.code === CONSENT_REQUIRED_CODE && inputs) {
      setAwaitingConsent(inputs);
      return;
    }
    if (error instanceof ApiError && error.status === 401) {
      setSessionUser(null);
      goSignIn(t('tests.signInToRun'));
      return;
    }
    if (error instanceof ApiError && (error.status === 400 || error.status === 422) && error.fieldErrors.length > 0) {
      const mapped = mapServerErrors(fields, error.fieldErrors);
      if (Object.values(mapped.errors).some(Boolean)) {
        showErrors(mapped.errors, mapped.rest, mapped.questions);
        notifyError(t('tests.checkMarked'));
        return;
      }
    }
    const message = failureMessage(error);
    setSubmitError(message);
    notifyError(message);
  }

  const schemasForSubmit = useSchemasForSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contracts = await schemasForSubmit(create.isPending);
    if (!contracts) return;
    setSubmitError(null);
    const result = validateClinicalForm(contracts.ASSESSMENT_INPUT_SCHEMAS[slug], fields, state);
    if (result.errors) {
      showErrors(result.errors, result.formErrors, result.questions);
      return;
    }
    setErrors({});
    setQuestions({});
    setFormErrors([]);
    // A known visitor is sent to sign in first; an unknown session (still checking, or unreachable) lets the
    // server decide, and its 401 leads to the same place.
    if (readSession() === null) {
      goSignIn(t('tests.signInToRun'));
      return;
    }
    run(result.inputs);
  }

  function run(inputs: ClinicalInputs) {
    create.mutate(inputs, {
      onSuccess: (response) => {
        clearDraft(slug);
        navigate(resultPath(slug, response.assessment.id));
      },
      onError: (error) => handleFailure(error, inputs),
    });
  }

  function agreeAndRun() {
    const inputs = awaitingConsent;
    if (!inputs || grantConsent.isPending) return;
    grantConsent.mutate(undefined, {
      onSuccess: () => {
        setAwaitingConsent(null);
        run(inputs);
      },
      onError: (error) => notifyError(error),
    });
  }

  const errorCount = Object.values(errors).filter(Boolean).length;
  const symptomFields = slug === 'kidney-stone' ? fields.filter((f) => f.type === 'yesno') : [];
  const total = countYes(symptomFields, state.values);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      onFocus={preloadSchemas}
      aria-label={t('tests.formLabel', { name: t(`test.${slug}.name` as MessageKey) })}
      className="flex flex-col gap-8"
    >
      {groupsOf(page).map((group, index) => {
        const headingId = `${formId}-group-${index}`;
        return (
          <section
            key={group.title ?? index}
            aria-labelledby={group.title ? headingId : undefined}
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7"
          >
            {group.title ? (
              <div className="mb-5">
                <h2 id={headingId} className="text-xl font-bold text-slate-900">
                  {group.title}
                </h2>
                {group.description ? <p className="mt-1 text-slate-700">{group.description}</p> : null}
              </div>
            ) : null}
            <div className="grid gap-x-6 gap-y-6 md:grid-cols-2">
              {group.fields.map((field) => (
                <div key={field.key} className={isWideField(field) ? 'md:col-span-2' : undefined}>
                  {isChoiceField(field) ? (
                    <ChoiceField
                      formId={formId}
                      field={field}
                      value={state.values[field.key] ?? ''}
                      error={errors[field.key]}
                      note={
                        slug === 'kidney-stone' && LINKED_NOTES[field.key] ? t(LINKED_NOTES[field.key]!) : undefined
                      }
                      onChange={(value) => setValue(field.key, value)}
                    />
                  ) : (
                    <NumberField
                      formId={formId}
                      field={field}
                      value={state.values[field.key] ?? ''}
                      isNotMeasured={Boolean(state.notMeasured[field.key])}
                      error={errors[field.key]}
                      onChange={(value) => setValue(field.key, value)}
                      onNotMeasuredChange={(value) => setNotMeasured(field.key, value)}
                      units={fieldUnits(field)}
                      unit={unitOf(field, state)}
                      onUnitChange={(unit) => setUnit(field, unit)}
                      question={questions[field.key]}
                      onChoose={(choice) => choose(field, choice)}
                    />
                  )}
                </div>
              ))}
            </div>
            {slug === 'kidney-stone' && group.fields.some((f) => f.type === 'yesno') ? (
              <div className="mt-6 rounded-xl bg-teal-50 px-4 py-3 text-teal-950 ring-1 ring-teal-200">
                <p aria-live="polite" aria-atomic="true" className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-lg font-bold">{t('tests.total')}</span>{' '}
                  <strong className="text-2xl font-extrabold tabular-nums">{total}</strong>{' '}
                  <span>{t('tests.totalOf', { count: String(symptomFields.length) })}</span>
                </p>
                <p className="mt-1 text-sm">{t('tests.totalNote')}</p>
              </div>
            ) : null}
          </section>
        );
      })}

      {formErrors.length > 0 ? (
        <Notice tone="error" title={t('tests.checkValues')} live="alert">
          <ul className="list-disc pl-5">
            {formErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {submitError ? (
        <Notice tone="error" title={t('tests.notRun')}>
          <p>{submitError}</p>
        </Notice>
      ) : null}

      {awaitingConsent ? (
        <ConsentPrompt
          texts={consentTexts()}
          isPending={grantConsent.isPending || create.isPending}
          onAgree={agreeAndRun}
          onDecline={() => {
            setAwaitingConsent(null);
            setSubmitError(t('tests.consentDeclined'));
          }}
        />
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          size="lg"
          isLoading={create.isPending}
          loadingText={t('tests.busy')}
          className="sm:min-w-48"
        >
          {t('tests.predict')}
        </Button>
        {errorCount > 0 ? (
          <p className="text-sm font-medium text-red-700">
            {errorCount === 1
              ? t('tests.needAttentionOne')
              : t('tests.needAttentionMany', { count: String(errorCount) })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Questions with several long options take the whole row; numbers and yes/no sit two to a row. */
function isWideField(field: ClinicalField): boolean {
  if (!isChoiceField(field)) return false;
  const options = field.options ?? [];
  return options.length > 2 || options.some((o) => o.label.length > 24) || (field.help?.length ?? 0) > 120;
}

/** The form of one clinical test, as the test page loads it (lazily: the page's header does not wait for zod). */
export default function ClinicalFormFor({ test }: { test: ClinicalTestSlug }) {
  return <ClinicalForm page={clinicalTestPage(test)} />;
}
