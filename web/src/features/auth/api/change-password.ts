import type { ChangePasswordRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';

/** Whose password is decided by the server: the signed-in session (with currentPassword) or the reset grant. */
export function changePassword(body: ChangePasswordRequest) {
  return sendJson('/api/auth/password', body, (c) => c.MessageResponseSchema, 'PUT');
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['password', 'change'], mutationFn: changePassword });
}
