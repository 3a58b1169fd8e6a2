import { MessageResponseSchema, type VerifyCodeRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A correct code makes the server set a short-lived reset-grant cookie that /changePassword then uses. */
function verifyResetCode(body: VerifyCodeRequest) {
  return apiRequest('/api/auth/password-reset/verify', { method: 'POST', json: body, schema: MessageResponseSchema });
}

export function useVerifyResetCode() {
  return useMutation({ mutationKey: ['password-reset', 'verify'], mutationFn: verifyResetCode });
}
