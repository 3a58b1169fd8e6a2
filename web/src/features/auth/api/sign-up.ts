import type { SignUpRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';
import { useSetSessionUser } from '../../../lib/session';

export function signUp(body: SignUpRequest) {
  return apiRequest('/api/auth/sign-up', {
    method: 'POST',
    json: body,
    schema: lazySchema((c) => c.AuthResponseSchema),
  });
}

export function useSignUp() {
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationKey: ['sign-up'],
    mutationFn: signUp,
    onSuccess: ({ user }) => setSessionUser(user),
  });
}
