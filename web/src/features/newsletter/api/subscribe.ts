import type { NewsletterSubscribeRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageResponseParser } from '../../../lib/first-load-parsers';

/**
 * The home page footer subscribes with the hand-written message parser (decision 006): the footer is on the
 * first page most visitors see, and zod stays off it.
 */
function subscribeToNewsletter(body: NewsletterSubscribeRequest) {
  return apiRequest('/api/newsletter/subscriptions', { method: 'POST', json: body, schema: messageResponseParser });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationKey: ['newsletter', 'subscribe'], mutationFn: subscribeToNewsletter });
}

function unsubscribeFromNewsletter(body: NewsletterSubscribeRequest) {
  return apiRequest('/api/newsletter/unsubscribe', { method: 'POST', json: body, schema: messageResponseParser });
}

export function useUnsubscribeFromNewsletter() {
  return useMutation({ mutationKey: ['newsletter', 'unsubscribe'], mutationFn: unsubscribeFromNewsletter });
}
