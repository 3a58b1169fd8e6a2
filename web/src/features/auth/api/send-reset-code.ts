import type { SendCodeRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';

function sendResetCode(body: SendCodeRequest) {
  return sendJson('/api/auth/password-reset/code', body, (c) => c.MessageResponseSchema);
}

export function useSendResetCode() {
  return useMutation({ mutationKey: ['password-reset', 'code'], mutationFn: sendResetCode });
}
