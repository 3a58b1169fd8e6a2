import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
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
      setError('Enter your password to delete your account.');
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        notifySuccess(undefined, 'Your account and everything in it have been deleted.');
        navigate('/', { replace: true });
        setSessionUser(null);
      },
      onError: (err) => {
        const message = err instanceof ApiError ? err.message : 'Your account could not be deleted. Please try again.';
        if (err instanceof ApiError && err.fieldErrors.some((f) => f.field === 'password')) setError(message);
        notifyError(message);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Delete account form" className="flex flex-col gap-3">
      <p className="text-slate-700">
        This deletes your account, every result and picture, your conversations, feedback, share links, profile picture
        and any newsletter subscription of your address, and signs you out everywhere. It cannot be undone: download an
        export first if you want a copy.
      </p>
      <TextField
        label="Your password"
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
        loadingText="Deleting…"
      >
        Delete my account
      </Button>
    </form>
  );
}
