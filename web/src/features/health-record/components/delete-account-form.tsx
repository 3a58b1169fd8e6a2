import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetSessionUser } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';

/** Deletes the account and everything in it once the password is entered again. */
export function DeleteAccountForm() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError(t('account.delete.needPassword'));
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        notifySuccess(undefined, t('account.delete.done'));
        navigate('/', { replace: true });
        setSessionUser(null);
      },
      onError: (err) => {
        const message = err instanceof ApiError ? err.message : t('account.delete.failed');
        if (err instanceof ApiError && err.fieldErrors.some((f) => f.field === 'password')) setError(message);
        notifyError(message);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('account.delete.form')} className="flex flex-col gap-3">
      <p className="text-slate-700">{t('account.delete.text')}</p>
      <TextField
        label={t('account.delete.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(e) => {
          setPassword(e.target.value);
          setError(undefined);
        }}
        className="max-w-sm"
      />
      <Button
        type="submit"
        className="self-start !bg-red-700 hover:!bg-red-800"
        isLoading={remove.isPending}
        loadingText={t('account.delete.deleting')}
      >
        {t('account.delete.submit')}
      </Button>
    </form>
  );
}
