import type { FieldError, TriageAnswerValue, TriageStepResponse } from '@medibuddy/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { TextAreaField, TextField } from '../../components/ui/text-field';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { useAnswerTriage, useStartTriage } from '../../features/triage/api/triage';
import { SavedTriageList } from '../../features/triage/components/saved-triage-list';
import { TriageResultView } from '../../features/triage/components/triage-result';
import { ApiError } from '../../lib/api-client';
import { asSentence } from '../../lib/form';
import { t } from '../../lib/i18n';
import { preloadSchemas } from '../../lib/schemas';

type Draft = { age: string; sex: '' | 'female' | 'male'; pregnant: '' | 'yes' | 'no' | 'unsure'; complaint: string };
const EMPTY: Draft = { age: '', sex: '', pregnant: '', complaint: '' };

const canBePregnant = (d: Draft) => d.sex === 'female' && Number(d.age) >= 10 && Number(d.age) <= 55;

function checkDraft(d: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  const age = Number(d.age);
  if (d.age.trim() === '' || !Number.isInteger(age) || age < 0 || age > 120) errors.age = t('triage.ageError');
  if (!d.sex) errors.sex = t('triage.sexError');
  if (d.complaint.trim().length < 2) errors.complaint = t('triage.complaintError');
  return errors;
}

/** The server's field messages, as sentences. */
function errorsOf(fieldErrors: FieldError[]): Record<string, string> {
  return Object.fromEntries(fieldErrors.map((e) => [e.field, asSentence(e.message)]));
}

/**
 * "Check a symptom": the complaint in the person's words, then one question at a time, then what to do and how
 * soon, and the conditions that fit. Nothing is stored: each answer sends the whole session back (decision 016).
 */
export default function SymptomCheckRoute() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<TriageStepResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartTriage();
  const answer = useAnswerTriage();
  const isBusy = start.isPending || answer.isPending;

  function update(patch: Partial<Draft>) {
    setDraft((d) => ({ ...d, ...patch }));
  }

  function fail(e: unknown) {
    if (e instanceof ApiError) {
      setFieldErrors(errorsOf(e.fieldErrors));
      setError(e.message);
    } else setError(t('triage.failed'));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = checkDraft(draft);
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    const pregnant =
      canBePregnant(draft) && draft.pregnant !== '' && draft.pregnant !== 'unsure'
        ? draft.pregnant === 'yes'
        : undefined;
    start.mutate(
      {
        age: Number(draft.age),
        sex: draft.sex as 'female' | 'male',
        complaint: draft.complaint.trim(),
        ...(pregnant === undefined ? {} : { pregnant }),
      },
      { onSuccess: setStep, onError: fail },
    );
  }

  function reply(value: TriageAnswerValue) {
    if (!step?.question) return;
    setError(null);
    answer.mutate(
      { session: step.session, questionId: step.question.id, answer: value },
      { onSuccess: setStep, onError: fail },
    );
  }

  function restart() {
    setStep(null);
    setDraft(EMPTY);
    setError(null);
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <title>{t('triage.title')}</title>
      <PageHeading className="text-3xl font-bold text-slate-900">{t('triage.heading')}</PageHeading>
      <p className="mt-2 text-lg text-slate-700">{t('triage.intro')}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {error}
        </p>
      ) : null}

      {step?.result ? (
        <div className="mt-6">
          <TriageResultView result={step.result} session={step.session} onRestart={restart} />
        </div>
      ) : step?.question ? (
        <section
          aria-labelledby="triage-question"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          {step.understood.length > 0 ? (
            <p className="text-sm text-slate-600">{t('triage.understood', { terms: step.understood.join(', ') })}</p>
          ) : null}
          <p className="mt-2 text-sm font-semibold text-slate-600">
            {t('triage.questionNumber', { number: step.question.number, max: step.question.maxQuestions })}
            {step.question.isRedFlag ? t('triage.safetyQuestion') : ''}
          </p>
          <h2
            id="triage-question"
            className="mt-1 text-xl font-semibold text-slate-900"
            data-testid="triage-question"
            data-question-id={step.question.id}
            lang={step.question.language}
          >
            {step.question.text}
          </h2>
          <div className="mt-4 flex flex-wrap gap-3" role="group" aria-label={t('triage.yourAnswer')}>
            <Button onClick={() => reply('yes')} disabled={isBusy}>
              {t('triage.yes')}
            </Button>
            <Button variant="secondary" onClick={() => reply('no')} disabled={isBusy}>
              {t('triage.no')}
            </Button>
            <Button variant="ghost" onClick={() => reply('dont_know')} disabled={isBusy}>
              {t('triage.dontKnow')}
            </Button>
          </div>
          <button
            type="button"
            onClick={restart}
            className="mt-4 text-sm font-semibold text-teal-800 underline underline-offset-2"
          >
            {t('triage.startAgain')}
          </button>
        </section>
      ) : (
        <form
          noValidate
          onSubmit={submit}
          onFocus={preloadSchemas}
          className="mt-6 space-y-5"
          aria-label={t('triage.form')}
        >
          <TextField
            label={t('triage.age')}
            hint={t('triage.ageHint')}
            inputMode="numeric"
            name="age"
            value={draft.age}
            onChange={(e) => update({ age: e.target.value })}
            error={fieldErrors.age}
          />
          <fieldset>
            <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('triage.sex')}</legend>
            <div className="flex gap-6">
              {(['female', 'male'] as const).map((sex) => (
                <label key={sex} className="flex items-center gap-2 text-base">
                  <input
                    type="radio"
                    name="sex"
                    value={sex}
                    checked={draft.sex === sex}
                    onChange={() => update({ sex })}
                  />
                  {sex === 'female' ? t('triage.female') : t('triage.male')}
                </label>
              ))}
            </div>
            {fieldErrors.sex ? <p className="mt-1 text-sm text-red-700">{fieldErrors.sex}</p> : null}
          </fieldset>
          {canBePregnant(draft) ? (
            <fieldset>
              <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('triage.pregnant')}</legend>
              <div className="flex flex-wrap gap-6">
                {(
                  [
                    ['yes', t('triage.yes')],
                    ['no', t('triage.no')],
                    ['unsure', t('triage.notSure')],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-base">
                    <input
                      type="radio"
                      name="pregnant"
                      value={value}
                      checked={draft.pregnant === value}
                      onChange={() => update({ pregnant: value })}
                    />
                    {label}
                  </label>
                ))}
              </div>
              {fieldErrors.pregnant ? <p className="mt-1 text-sm text-red-700">{fieldErrors.pregnant}</p> : null}
            </fieldset>
          ) : null}
          <TextAreaField
            label={t('triage.complaint')}
            hint={t('triage.complaintHint')}
            name="complaint"
            maxLength={500}
            value={draft.complaint}
            onChange={(e) => update({ complaint: e.target.value })}
            error={fieldErrors.complaint}
          />
          <Button type="submit" size="lg" disabled={isBusy}>
            {t('triage.start')}
          </Button>
          <SafetyNotice />
        </form>
      )}
      {step ? null : <SavedTriageList />}
    </div>
  );
}
