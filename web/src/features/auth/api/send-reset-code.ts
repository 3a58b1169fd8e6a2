import type { SendCodeRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

function sendResetCode(body: SendCodeRequest) {
  return apiRequest('/api/auth/password-reset/code', {
    method: 'POST',
    json: body,
    schema: lazySchema((c) => c.MessageResponseSchema),
  });
}

export function useSendResetCode() {
  return useMutation({ mutationKey: ['password-reset', 'code'], mutationFn: sendResetCode });
}
