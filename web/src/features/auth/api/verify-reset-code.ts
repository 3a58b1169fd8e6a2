import type { VerifyCodeRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';

/** A correct code makes the server set a short-lived reset-grant cookie that /changePassword then uses. */
function verifyResetCode(body: VerifyCodeRequest) {
  return sendJson('/api/auth/password-reset/verify', body, (c) => c.MessageResponseSchema);
}

export function useVerifyResetCode() {
  return useMutation({ mutationKey: ['password-reset', 'verify'], mutationFn: verifyResetCode });
}
