import { useId, useRef, useState, type FormEvent } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** A first check in the browser; the server's EmailSchema has the last word. */
function checkEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return t('field.emailEmpty');
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return t('field.emailInvalid');
  return undefined;
}

type EmailFormProps = {
  label: string;
  buttonText: string;
  busyText: string;
  /** Shown under the field before anything goes wrong. */
  hint: string;
  tone: 'dark' | 'light';
  /** Sends the address; resolves with the server's message. */
  send: (email: string) => Promise<{ message: string }>;
  successFallback: string;
  failureFallback: string;
  isPending: boolean;
};

/**
 * One e-mail box and a button, used by the footer's subscription and the contact page's unsubscription:
 * the error sits under the field (and in a toast), success is a toast and clears the box.
 */
export function EmailForm({
  label,
  buttonText,
  busyText,
  hint,
  tone,
  send,
  successFallback,
  failureFallback,
  isPending,
}: EmailFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const isDark = tone === 'dark';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const problem = checkEmail(email);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    try {
      const { message } = await send(email.trim());
      notifySuccess(message, successFallback);
      setEmail('');
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.find((e) => e.field === 'email') : undefined;
      if (fieldError && failure instanceof ApiError && failure.status === 400) {
        // "Email must be a valid email address."; a Hindi answer is a whole sentence that names the field as the API
        // does ("email सही ईमेल पता …।"), so the page's word for it takes the name's place.
        const message = fieldError.message.replace(/^email /, '');
        setError(`${t('field.email')} ${message}${/[.।]$/.test(message) ? '' : '.'}`);
        inputRef.current?.focus();
      }
      notifyError(failure, failureFallback);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex w-full flex-col gap-2">
      <label htmlFor={inputId} className={`text-sm font-semibold ${isDark ? 'text-white' : 'text-slate-800'}`}>
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="name@example.org"
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(undefined);
          }}
          className={`min-h-11 w-full min-w-0 flex-1 rounded-full border px-4 text-base text-slate-900 placeholder:text-slate-500 ${
            error ? 'border-red-600 bg-red-50' : 'border-slate-400 bg-white'
          }`}
        />
        <button
          type="submit"
          aria-disabled={isPending || undefined}
          className={`inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-full px-6 font-semibold ${
            isDark ? 'bg-white text-teal-900 hover:bg-teal-50' : 'bg-teal-700 text-white hover:bg-teal-800'
          }`}
        >
          {isPending ? (
            <>
              <Spinner className="size-4" />
              {busyText}
            </>
          ) : (
            buttonText
          )}
        </button>
      </div>
      {error ? (
        <p id={errorId} className={`text-sm font-semibold ${isDark ? 'text-amber-200' : 'text-red-700'}`}>
          {error}
        </p>
      ) : null}
      <p id={hintId} className={`text-sm ${isDark ? 'text-teal-50' : 'text-slate-600'}`}>
        {hint}
      </p>
    </form>
  );
}
