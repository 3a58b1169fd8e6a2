import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { skinChecklistParser } from '../../../lib/first-load-parsers';

/**
 * GET /api/assessments/skin/checklist: the seven questions the skin test asks beside the picture, asked for as the
 * page opens, so checked by a zod-free twin of SkinChecklistSchema (decision 014).
 */
function getSkinChecklist(signal?: AbortSignal) {
  return apiRequest('/api/assessments/skin/checklist', {
    schema: skinChecklistParser,
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
