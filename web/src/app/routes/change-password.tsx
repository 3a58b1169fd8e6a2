import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageLoading } from '../../components/ui/spinner';
import { sessionQueryKey, useSession } from '../../lib/session';
import { useChangePassword } from '../../features/auth/api/change-password';
import { PasswordField } from '../../features/auth/components/auth-fields';
import { AuthPage } from '../../features/auth/components/auth-page';
import { useHandleSessionEnded } from '../../lib/use-session-ended';
import { ApiError } from '../../lib/api-client';
import { fieldMessage, readFields, reportFailure, useSchemasForSubmit, validateForm } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { preloadSchemas } from '../../lib/schemas';
import { useFormErrors } from '../../lib/use-form-errors';

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

const LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
} as const;
type Field = keyof typeof LABELS;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

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
  const schemasForSubmit = useSchemasForSubmit();
  // Arrived from a verified code: the server's reset grant proves who it is. Otherwise a signed-in user (from
  // the profile) proves it with the current password.
  const isViaReset = (location.state as { viaReset?: boolean } | null)?.viaReset === true;
  const isSignedIn = session.isAuthorized && !isViaReset;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: readonly Field[] = isSignedIn ? FIELDS : ['newPassword', 'confirmPassword'];
    const values = readFields(event.currentTarget, FIELDS);
    const contracts = await schemasForSubmit(changePassword.isPending);
    if (!contracts) return;
    // Checked as the request it becomes, with the schema the server checks it with.
    const request = {
      newPassword: values.newPassword,
      ...(isSignedIn ? { currentPassword: values.currentPassword } : {}),
    };
    const result = validateForm(contracts.ChangePasswordRequestSchema, values, LABELS, fields, request);
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
    changePassword.mutate(result.data, {
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
        reportFailure(error, LABELS, showErrors, 'We could not change your password. Please try again.');
      },
    });
  }

  return (
    <AuthPage
      title="Change password"
      heading="Change password"
      back={
        isSignedIn ? { to: '/user-profile', label: 'Back to your profile' } : { to: '/login', label: 'Back to Login' }
      }
    >
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
            <Notice tone="error" live="alert" className="mt-5" title="Your reset code has expired or was already used.">
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
            onSubmit={(event) => void handleSubmit(event)}
            onFocus={preloadSchemas}
            onInput={(event) => {
              clearFieldOnInput(event);
              if ((event.target as HTMLInputElement).name === 'confirmPassword') setHasMismatch(false);
            }}
            className="mt-6 flex flex-col gap-5"
          >
            {isSignedIn ? (
              <PasswordField
                label={LABELS.currentPassword}
                name="currentPassword"
                purpose="current"
                error={errors.currentPassword}
              />
            ) : null}
            <PasswordField label={LABELS.newPassword} name="newPassword" purpose="new" error={errors.newPassword} />
            <PasswordField
              label={LABELS.confirmPassword}
              name="confirmPassword"
              purpose="confirm"
              error={errors.confirmPassword}
              aria-invalid={hasMismatch || undefined}
            />
            <Button type="submit" size="lg" isLoading={changePassword.isPending} loadingText="Saving...">
              Submit
            </Button>
          </form>
        </>
      )}
    </AuthPage>
  );
}
