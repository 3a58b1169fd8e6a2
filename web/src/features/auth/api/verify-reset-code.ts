import type { VerifyCodeRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

/** A correct code makes the server set a short-lived reset-grant cookie that /changePassword then uses. */
function verifyResetCode(body: VerifyCodeRequest) {
  return apiRequest('/api/auth/password-reset/verify', {
    method: 'POST',
    json: body,
    schema: lazySchema((c) => c.MessageResponseSchema),
  });
}

export function useVerifyResetCode() {
  return useMutation({ mutationKey: ['password-reset', 'verify'], mutationFn: verifyResetCode });
}
