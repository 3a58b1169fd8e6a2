import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

/** GET /api/assessments/skin/checklist: the seven questions the skin test asks beside the picture. */
function getSkinChecklist(signal?: AbortSignal) {
  return apiRequest('/api/assessments/skin/checklist', {
    schema: lazySchema((c) => c.SkinChecklistSchema),
    signal,
  });
}

const skinChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ['skin-checklist'] as const,
    queryFn: ({ signal }) => getSkinChecklist(signal),
    // Content that changes with a release, not while a page is open.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useSkinChecklist({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...skinChecklistQueryOptions(), enabled: isEnabled });
}
