import type { SignInRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';
import { useSetSessionUser } from '../../../lib/session';

export function signIn(body: SignInRequest) {
  return apiRequest('/api/auth/sign-in', {
    method: 'POST',
    json: body,
    schema: lazySchema((c) => c.AuthResponseSchema),
  });
}

export function useSignIn() {
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationKey: ['sign-in'],
    mutationFn: signIn,
    onSuccess: ({ user }) => setSessionUser(user),
  });
}
