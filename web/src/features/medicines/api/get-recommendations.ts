import type { RecommendationsRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';

/** A POST because the symptoms are health information: they stay out of URLs, histories and server logs. */
export function getRecommendations(body: RecommendationsRequest) {
  return sendJson('/api/medicines/recommendations', body, (c) => c.RecommendationsResponseSchema);
}

export function useGetRecommendations() {
  return useMutation({ mutationKey: ['medicines', 'recommendations'], mutationFn: getRecommendations });
}
