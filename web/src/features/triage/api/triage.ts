import type { TriageAnswerValue, TriageSession, TriageStartRequest } from '@medibuddy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

// The answers are checked with the contracts' schemas, loaded with the first request (decision 014).
const stepResponse = lazySchema((c) => c.TriageStepResponseSchema);
const savedResponse = lazySchema((c) => c.TriageSavedSchema);
const savedListResponse = lazySchema((c) => c.TriageSavedListSchema);

/** POSTs: the complaint and answers are health information and stay out of URLs, histories and logs. */
function startTriage(body: TriageStartRequest) {
  return apiRequest('/api/triage/sessions', { method: 'POST', json: body, schema: stepResponse });
}

function answerTriage(body: { session: TriageSession; questionId: string; answer: TriageAnswerValue }) {
  return apiRequest('/api/triage/sessions/answers', { method: 'POST', json: body, schema: stepResponse });
}

export function useStartTriage() {
  return useMutation({ mutationKey: ['triage', 'start'], mutationFn: startTriage });
}

export function useAnswerTriage() {
  return useMutation({ mutationKey: ['triage', 'answer'], mutationFn: answerTriage });
}

/** Keeps the finished check in the health record (signed in, with consent); the server recomputes the result. */
function saveTriage(session: TriageSession) {
  return apiRequest('/api/triage/saved', { method: 'POST', json: { session }, schema: savedResponse });
}

export function useSaveTriage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['triage', 'save'],
    mutationFn: saveTriage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedTriageQueryKey }),
  });
}

const savedTriageQueryKey = ['triage', 'saved'] as const;

/** The signed-in user's kept checks, newest first. */
export function useSavedTriage(isEnabled: boolean) {
  return useQuery({
    queryKey: savedTriageQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/triage/saved', { schema: savedListResponse, signal }),
    enabled: isEnabled,
  });
}
