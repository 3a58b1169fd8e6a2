import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

export const assessmentQueryKey = (id: string) => ['assessment', id] as const;

function getAssessment(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/assessments/${encodeURIComponent(id)}`, {
    schema: lazySchema((c) => c.AssessmentResponseSchema),
    signal,
  });
}

const assessmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: assessmentQueryKey(id),
    queryFn: ({ signal }) => getAssessment(id, signal),
    // A saved assessment never changes.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useAssessment(id: string) {
  return useQuery(assessmentQueryOptions(id));
}
