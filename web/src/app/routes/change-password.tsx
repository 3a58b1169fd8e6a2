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
import { t } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The fields' labels in the page's language (validation messages name them). */
const labels = (): Record<Field, string> => ({
  currentPassword: t('account.password.current'),
  newPassword: t('account.password.new'),
  confirmPassword: t('account.password.confirm'),
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
  const schemasForSubmit = useSchemasForSubmit();
  // Arrived from a verified code: the server's reset grant proves who it is. Otherwise a signed-in user (from
  // the profile) proves it with the current password.
  const isViaReset = (location.state as { viaReset?: boolean } | null)?.viaReset === true;
  const isSignedIn = session.isAuthorized && !isViaReset;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: readonly Field[] = isSignedIn ? FIELDS : ['newPassword', 'confirmPassword'];
    const values = readFields(event.currentTarget, FIELDS);
    const fieldLabels = labels();
    const contracts = await schemasForSubmit(changePassword.isPending);
    if (!contracts) return;
    // Checked as the request it becomes, with the schema the server checks it with.
    const request = {
      newPassword: values.newPassword,
      ...(isSignedIn ? { currentPassword: values.currentPassword } : {}),
    };
    const result = validateForm(contracts.ChangePasswordRequestSchema, values, fieldLabels, fields, request);
    if (result.errors) {
      setHasMismatch(false);
      return showErrors(result.errors);
    }
    if (values.newPassword !== values.confirmPassword) {
      // 'Passwords do not match' and no call (docs/product.md#texts-and-timings).
      setHasMismatch(true);
      notifyError(t('account.password.mismatch'));
      formRef.current?.querySelector<HTMLInputElement>('input[name="confirmPassword"]')?.focus();
      return;
    }
    setHasMismatch(false);
    setIsGrantMissing(false);
    clearErrors();
    changePassword.mutate(result.data, {
      onSuccess: ({ message }) => {
        notifySuccess(message, t('account.password.changed'));
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
          return showErrors({ currentPassword: fieldMessage(fieldLabels.currentPassword, error.detail) });
        }
        if (error.status === 401) {
          if (isSignedIn) return void handleSessionEnded(error);
          return setIsGrantMissing(true);
        }
        reportFailure(error, fieldLabels, showErrors, t('account.password.failed'));
      },
    });
  }

  return (
    <AuthPage
      title={t('account.password.title')}
      heading={t('account.password.title')}
      back={
        isSignedIn
          ? { to: '/user-profile', label: t('account.password.backToProfile') }
          : { to: '/login', label: t('recovery.back') }
      }
    >
      {session.isPending ? (
        <PageLoading />
      ) : (
        <>
          <p className="mt-2 text-slate-600">
            {isSignedIn ? t('account.password.introSignedIn') : t('account.password.introReset')}
          </p>
          {isGrantMissing ? (
            <Notice tone="error" live="alert" className="mt-5" title={t('account.password.expiredTitle')}>
              <p>
                {richText('account.password.expiredText', {
                  newCode: (
                    <Link to="/forgotPassword" className="font-semibold underline underline-offset-4">
                      {t('account.password.newCode')}
                    </Link>
                  ),
                })}
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
                label={t('account.password.current')}
                name="currentPassword"
                purpose="current"
                error={errors.currentPassword}
              />
            ) : null}
            <PasswordField
              label={t('account.password.new')}
              name="newPassword"
              purpose="new"
              error={errors.newPassword}
            />
            <PasswordField
              label={t('account.password.confirm')}
              name="confirmPassword"
              purpose="confirm"
              error={errors.confirmPassword}
              aria-invalid={hasMismatch || undefined}
            />
            <Button
              type="submit"
              size="lg"
              isLoading={changePassword.isPending}
              loadingText={t('account.password.saving')}
            >
              {t('account.password.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthPage>
  );
}
