import { MessageResponseSchema, type ChangePasswordRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whose password is decided by the server: the signed-in session (with currentPassword) or the reset grant. */
export function changePassword(body: ChangePasswordRequest) {
  return apiRequest('/api/auth/password', { method: 'PUT', json: body, schema: MessageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationKey: ['password', 'change'], mutationFn: changePassword });
}
