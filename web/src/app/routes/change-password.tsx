import { PASSWORD_MAX, PasswordSchema } from '@medibuddy/contracts';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { ArrowLeftIcon, LogoMark } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { PageHeading } from '../../components/ui/page-heading';
import { PageLoading } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { sessionQueryKey, useSession } from '../../lib/session';
import { useChangePassword } from '../../features/auth/api/change-password';
import { useHandleSessionEnded } from '../../lib/use-session-ended';
import { PASSWORD_HINT } from '../../features/auth/components/sign-up-form';
import { ApiError } from '../../lib/api-client';
import { fieldMessage, hasErrors, readFields, serverFieldErrors, validateForm, type FieldErrors } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useFormErrors } from '../../lib/use-form-errors';

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
} as const;
type Field = keyof typeof LABELS;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

const FormSchema = z.object({
  currentPassword: z.string(),
  newPassword: PasswordSchema,
  confirmPassword: z.string(),
});

export default function ChangePasswordRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const changePassword = useChangePassword();
  const handleSessionEnded = useHandleSessionEnded();
  const { formRef, errors, showErrors, clearErrors, clearFieldOnInput } = useFormErrors(FIELDS);
  const [hasMismatch, setHasMismatch] = useState(false);
  const [isGrantMissing, setIsGrantMissing] = useState(false);
  // Arrived from a verified code: the server's reset grant proves who it is. Otherwise a signed-in user (from
  // the profile) proves it with the current password.
  const isViaReset = (location.state as { viaReset?: boolean } | null)?.viaReset === true;
  const isSignedIn = session.isAuthorized && !isViaReset;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changePassword.isPending) return;
    const fields: readonly Field[] = isSignedIn ? FIELDS : ['newPassword', 'confirmPassword'];
    const values = readFields(event.currentTarget, FIELDS);
    const result = validateForm(FormSchema, values, LABELS, fields);
    if (result.errors) {
      setHasMismatch(false);
      return showErrors(result.errors);
    }
    if (values.newPassword !== values.confirmPassword) {
      // 'Passwords do not match' and no call (docs/product.md#texts-and-timings).
      setHasMismatch(true);
      notifyError(PASSWORDS_DO_NOT_MATCH);
      formRef.current?.querySelector<HTMLInputElement>('input[name="confirmPassword"]')?.focus();
      return;
    }
    setHasMismatch(false);
    setIsGrantMissing(false);
    clearErrors();
    changePassword.mutate(
      { newPassword: values.newPassword, ...(isSignedIn ? { currentPassword: values.currentPassword } : {}) },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message, 'Your password has been changed.');
          if (isSignedIn) {
            navigate('/user-profile', { replace: true });
          } else {
            // A reset ends every session of the account, this browser's included.
            queryClient.setQueryData(sessionQueryKey, null);
            navigate('/login', { replace: true });
          }
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return notifyError(error);
          if (isSignedIn && error.code === 'invalid_credentials') {
            return showErrors({ currentPassword: fieldMessage(LABELS.currentPassword, error.detail) });
          }
          if (error.status === 401) {
            if (isSignedIn) return void handleSessionEnded(error);
            return setIsGrantMissing(true);
          }
          const fieldErrors: FieldErrors<Field> = serverFieldErrors(error, LABELS);
          if (hasErrors(fieldErrors)) showErrors(fieldErrors);
          else notifyError(error, 'We could not change your password. Please try again.');
        },
      },
    );
  }

  return (
    <div className="flex flex-1 flex-col items-center bg-gradient-to-br from-teal-50 via-slate-50 to-sky-100 px-4 py-6 sm:py-10">
      <title>Change password · MediBuddy</title>
      <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold text-slate-900">
        <LogoMark />
        MediBuddy
      </Link>
      <div className="mt-6 w-full max-w-md rounded-3xl bg-white px-6 py-8 shadow-xl ring-1 ring-slate-200 sm:px-10">
        <PageHeading className="text-3xl font-bold text-slate-900">Change password</PageHeading>
        {session.isPending ? (
          <PageLoading />
        ) : (
          <>
            <p className="mt-2 text-slate-600">
              {isSignedIn
                ? 'Enter your current password, then choose a new one. Other devices signed in to your account will be signed out.'
                : 'Choose a new password for your account. All fields are required.'}
            </p>
            {isGrantMissing ? (
              <Notice
                tone="error"
                live="alert"
                className="mt-5"
                title="Your reset code has expired or was already used."
              >
                <p>
                  Please request a new code to continue.{' '}
                  <Link to="/forgotPassword" className="font-semibold underline underline-offset-4">
                    Request a new code
                  </Link>
                </p>
              </Notice>
            ) : null}
            <form
              ref={formRef}
              noValidate
              onSubmit={handleSubmit}
              onInput={(event) => {
                clearFieldOnInput(event);
                if ((event.target as HTMLInputElement).name === 'confirmPassword') setHasMismatch(false);
              }}
              className="mt-6 flex flex-col gap-5"
            >
              {isSignedIn ? (
                <TextField
                  label={LABELS.currentPassword}
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  required
                  maxLength={PASSWORD_MAX}
                  error={errors.currentPassword}
                />
              ) : null}
              <TextField
                label={LABELS.newPassword}
                name="newPassword"
                type="password"
                autoComplete="new-password"
                required
                maxLength={PASSWORD_MAX}
                hint={PASSWORD_HINT}
                error={errors.newPassword}
              />
              <TextField
                label={LABELS.confirmPassword}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
                maxLength={PASSWORD_MAX}
                error={errors.confirmPassword}
                aria-invalid={hasMismatch || undefined}
              />
              <Button type="submit" size="lg" isLoading={changePassword.isPending} loadingText="Saving...">
                Submit
              </Button>
            </form>
          </>
        )}
        <Link
          to={isSignedIn ? '/user-profile' : '/login'}
          className="mt-6 inline-flex items-center gap-2 rounded font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
        >
          <ArrowLeftIcon className="size-4" />
          {isSignedIn ? 'Back to your profile' : 'Back to Login'}
        </Link>
      </div>
    </div>
  );
}
