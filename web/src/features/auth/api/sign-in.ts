import type { SignInRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';
import { useSetSessionUser } from '../../../lib/session';

export function signIn(body: SignInRequest) {
  return sendJson('/api/auth/sign-in', body, (c) => c.AuthResponseSchema);
}

export function useSignIn() {
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationKey: ['sign-in'],
    mutationFn: signIn,
    onSuccess: ({ user }) => setSessionUser(user),
  });
}
