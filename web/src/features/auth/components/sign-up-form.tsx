import type { FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN, SignUpRequestSchema, type AuthResponse } from '@medibuddy/contracts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage, hasErrors, readFields, serverFieldErrors, validateForm } from '../../../lib/form';
import { notifyError } from '../../../lib/notify';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSignUp } from '../api/sign-up';

const LABELS = { name: 'Name', email: 'Email', password: 'Password' } as const;
type Field = keyof typeof LABELS;
const FIELDS: readonly Field[] = ['name', 'email', 'password'];

export const PASSWORD_HINT = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A few unrelated words make a strong, memorable password.`;

type SignUpFormProps = {
  onSignedUp: (response: AuthResponse) => void;
  headingId: string;
};

export function SignUpForm({ onSignedUp, headingId }: SignUpFormProps) {
  const signUp = useSignUp();
  const { formRef, errors, showErrors, clearErrors, clearFieldOnInput } = useFormErrors(FIELDS);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signUp.isPending) return;
    const result = validateForm(SignUpRequestSchema, readFields(event.currentTarget, FIELDS), LABELS, FIELDS);
    if (result.errors) return showErrors(result.errors);
    clearErrors();
    signUp.mutate(result.data, {
      onSuccess: onSignedUp,
      onError: (error) => {
        let fieldErrors = error instanceof ApiError ? serverFieldErrors(error, LABELS) : {};
        // An address already registered belongs under the Email field, in the server's words.
        if (!hasErrors(fieldErrors) && error instanceof ApiError && error.code === 'email_taken') {
          fieldErrors = { email: fieldMessage(LABELS.email, error.detail) };
        }
        if (hasErrors(fieldErrors)) showErrors(fieldErrors);
        else notifyError(error, 'We could not create your account. Please try again.');
      },
    });
  }

  return (
    <form
      ref={formRef}
      aria-label="Sign up form"
      noValidate
      onSubmit={handleSubmit}
      onInput={clearFieldOnInput}
      className="flex h-full flex-col justify-center gap-5 px-6 py-10 sm:px-10"
    >
      <h2 id={headingId} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
        Create Account
      </h2>
      <p className="-mt-3 text-slate-600">It takes a minute. All fields are required.</p>
      <TextField label={LABELS.name} name="name" autoComplete="name" required maxLength={100} error={errors.name} />
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
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint={PASSWORD_HINT}
        error={errors.password}
      />
      <Button type="submit" size="lg" isLoading={signUp.isPending} loadingText="Creating account...">
        Sign Up
      </Button>
    </form>
  );
}
