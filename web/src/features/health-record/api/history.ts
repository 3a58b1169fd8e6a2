import { HISTORY_PAGE_MAX, HistoryResponseSchema, type HistoryEntry, type TestSlug } from '@medibuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { historyQueryKey } from '../../../lib/health-record';

function getHistoryPage(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_MAX), ...(cursor ? { cursor } : {}) });
  return apiRequest(`/api/health-record/history?${query}`, { schema: HistoryResponseSchema, signal });
}

/**
 * Every assessment of the user, newest first: the page shows the whole record and charts its trends, so it follows
 * the server's pages (100 entries each) to the last.
 */
async function getHistory(signal?: AbortSignal): Promise<{ assessments: HistoryEntry[] }> {
  const assessments: HistoryEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await getHistoryPage(cursor, signal);
    assessments.push(...page.assessments);
    cursor = page.nextCursor;
  } while (cursor);
  return { assessments };
}

/** Filtering by test happens on the page (one request a page for all). */
const historyQueryOptions = queryOptions({ queryKey: historyQueryKey, queryFn: ({ signal }) => getHistory(signal) });

export function useHistory() {
  return useQuery(historyQueryOptions);
}

export type { TestSlug };
