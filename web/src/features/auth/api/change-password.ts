import type { ChangePasswordRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

/** Whose password is decided by the server: the signed-in session (with currentPassword) or the reset grant. */
export function changePassword(body: ChangePasswordRequest) {
  return apiRequest('/api/auth/password', {
    method: 'PUT',
    json: body,
    schema: lazySchema((c) => c.MessageResponseSchema),
  });
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['password', 'change'], mutationFn: changePassword });
}
