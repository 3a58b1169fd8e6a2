import type { SignUpRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';
import { useSetSessionUser } from '../../../lib/session';

export function signUp(body: SignUpRequest) {
  return sendJson('/api/auth/sign-up', body, (c) => c.AuthResponseSchema);
}

export function useSignUp() {
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationKey: ['sign-up'],
    mutationFn: signUp,
    onSuccess: ({ user }) => setSessionUser(user),
  });
}
