import { MessageResponseSchema, type FeedbackRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

function sendFeedback(body: FeedbackRequest) {
  return apiRequest('/api/feedback', { method: 'POST', json: body, schema: MessageResponseSchema });
}

export function useSendFeedback() {
  return useMutation({ mutationKey: ['feedback'], mutationFn: sendFeedback });
}
