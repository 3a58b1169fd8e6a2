import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from './api-client';
import { messageResponseParser } from './first-load-parsers';
import { notifyError, notifySuccess } from './notify';
import { sessionQueryKey } from './session';

const SIGNED_OUT_MESSAGE = 'You have been signed out.';

export function signOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', schema: messageResponseParser });
}

/**
 * Signs out, then leaves for the home page before the user is cleared, so a signed-in-only page never
 * sees "no user" while it is still the current page.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function finish(message: string | undefined) {
    navigate('/');
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    notifySuccess(message, SIGNED_OUT_MESSAGE);
  }

  return useMutation({
    mutationKey: ['sign-out'],
    mutationFn: signOut,
    onSuccess: ({ message }) => finish(message),
    onError: (error) => {
      // The session had already ended (expired, signed out elsewhere): the visitor is signed out either way.
      if (error instanceof ApiError && error.status === 401) finish(SIGNED_OUT_MESSAGE);
      else notifyError(error, 'We could not sign you out. Please try again.');
    },
  });
}
