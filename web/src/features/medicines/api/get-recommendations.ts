import type { RecommendationsRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

/** A POST because the symptoms are health information: they stay out of URLs, histories and server logs. */
export function getRecommendations(body: RecommendationsRequest) {
  return apiRequest('/api/medicines/recommendations', {
    method: 'POST',
    json: body,
    schema: lazySchema((c) => c.RecommendationsResponseSchema),
  });
}

export function useGetRecommendations() {
  return useMutation({ mutationKey: ['medicines', 'recommendations'], mutationFn: getRecommendations });
}
