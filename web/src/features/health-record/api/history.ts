import { HistoryResponseSchema, type TestSlug } from '@medibuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { historyQueryKey } from '../../../lib/health-record';

function getHistory(signal?: AbortSignal) {
  return apiRequest('/api/health-record/history', { schema: HistoryResponseSchema, signal });
}

/** Every assessment of the user, newest first; filtering by test happens on the page (one request for all). */
const historyQueryOptions = queryOptions({ queryKey: historyQueryKey, queryFn: ({ signal }) => getHistory(signal) });

export function useHistory() {
  return useQuery(historyQueryOptions);
}

export type { TestSlug };
