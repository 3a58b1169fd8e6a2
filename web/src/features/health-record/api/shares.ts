import { CreateShareResponseSchema, ShareListResponseSchema, ShareSchema } from '@medibuddy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const sharesQueryKey = ['health-record', 'shares'] as const;

const sharesQueryOptions = queryOptions({
  queryKey: sharesQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/health-record/shares', { schema: ShareListResponseSchema, signal }),
});

export function useShares() {
  return useQuery(sharesQueryOptions);
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assessmentId: string) =>
      apiRequest('/api/health-record/shares', {
        method: 'POST',
        json: { assessmentId },
        schema: CreateShareResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/health-record/shares/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ShareSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesQueryKey }),
  });
}
