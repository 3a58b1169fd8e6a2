import { HistoryResponseSchema, type TestSlug } from '@medibuddy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const historyQueryKey = ['health-record', 'history'] as const;

export function getHistory(signal?: AbortSignal) {
  return apiRequest('/api/health-record/history', { schema: HistoryResponseSchema, signal });
}

/** Every assessment of the user, newest first; filtering by test happens on the page (one request for all). */
export const historyQueryOptions = queryOptions({ queryKey: historyQueryKey, queryFn: ({ signal }) => getHistory(signal) });

export function useHistory() {
  return useQuery(historyQueryOptions);
}

/** Download addresses: plain links, so the browser saves the file as it would any download. */
export const reportUrl = (paper: 'A4' | 'Letter') => `/api/health-record/report.pdf?paper=${paper}`;
export const assessmentReportUrl = (id: string, paper: 'A4' | 'Letter') =>
  `/api/health-record/assessments/${encodeURIComponent(id)}/report.pdf?paper=${paper}`;
export const EXPORT_JSON_URL = '/api/health-record/export.json';
export const EXPORT_FHIR_URL = '/api/health-record/export.fhir.json';

export type { TestSlug };
