import type { FormEvent } from 'react';
import { SignInRequestSchema, type AuthResponse } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { hasErrors, readFields, serverFieldErrors, validateForm } from '../../../lib/form';
import { notifyError } from '../../../lib/notify';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSignIn } from '../api/sign-in';

const LABELS = { email: 'Email', password: 'Password' } as const;
type Field = keyof typeof LABELS;
const FIELDS: readonly Field[] = ['email', 'password'];

type SignInFormProps = {
  onSignedIn: (response: AuthResponse) => void;
  headingId: string;
};

export function SignInForm({ onSignedIn, headingId }: SignInFormProps) {
  const signIn = useSignIn();
  const { formRef, errors, showErrors, clearErrors, clearFieldOnInput } = useFormErrors(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    const result = validateForm(SignInRequestSchema, readFields(event.currentTarget, FIELDS), LABELS, FIELDS);
    if (result.errors) return showErrors(result.errors);
    clearErrors();
    signIn.mutate(result.data, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? serverFieldErrors(error, LABELS) : {};
        if (hasErrors(fieldErrors)) showErrors(fieldErrors);
        // A wrong password is one sentence from the server ("The email or password is incorrect.").
        else notifyError(error, 'We could not sign you in. Please try again.');
      },
    });
  }

  return (
    <form
      ref={formRef}
      aria-label="Sign in form"
      noValidate
      onSubmit={handleSubmit}
      onInput={clearFieldOnInput}
      className="flex h-full flex-col justify-center gap-5 px-6 py-10 sm:px-10"
    >
      <h2 id={headingId} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
        Sign In
      </h2>
      <p className="-mt-3 text-slate-600">Welcome back. Sign in with your email and password.</p>
      <TextField
        label={LABELS.email}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email}
      />
      <TextField
        label={LABELS.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <Link
        to="/forgotPassword"
        className="self-start rounded text-sm font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
      >
        Forget Your Password?
      </Link>
      <Button type="submit" size="lg" isLoading={signIn.isPending} loadingText="Signing in...">
        Sign In
      </Button>
    </form>
  );
}
