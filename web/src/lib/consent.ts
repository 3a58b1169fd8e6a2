import { HEALTH_DATA_CONSENT_VERSION } from '@medibuddy/contracts/forms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { historyQueryKey } from './health-record';
import { lazySchema } from './schemas';

const consentQueryKey = ['health-record', 'consent'] as const;

const consentQueryOptions = queryOptions({
  queryKey: consentQueryKey,
  queryFn: ({ signal }) =>
    apiRequest('/api/health-record/consent', { schema: lazySchema((c) => c.ConsentStatusSchema), signal }),
});

export function useConsent() {
  return useQuery(consentQueryOptions);
}

export function grantConsent() {
  return apiRequest('/api/health-record/consent', {
    method: 'POST',
    json: { version: HEALTH_DATA_CONSENT_VERSION },
    schema: lazySchema((c) => c.ConsentStatusSchema),
  });
}

export function useGrantConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantConsent,
    onSuccess: (status) => queryClient.setQueryData(consentQueryKey, status),
  });
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deleteData: boolean) =>
      apiRequest('/api/health-record/consent/withdraw', {
        method: 'POST',
        json: { deleteData },
        schema: lazySchema((c) => c.WithdrawConsentResponseSchema),
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(consentQueryKey, response.consent);
      return queryClient.invalidateQueries({ queryKey: historyQueryKey });
    },
  });
}
