import type { SymptomSuggestion } from '@medibuddy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

async function getSymptomSuggestions(query: string, signal?: AbortSignal): Promise<SymptomSuggestion[]> {
  const { suggestions } = await apiRequest(`/api/medicines/symptoms?q=${encodeURIComponent(query)}`, {
    schema: lazySchema((c) => c.SymptomSuggestionsResponseSchema),
    signal,
  });
  return suggestions;
}

const symptomSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['medicines', 'symptom-suggestions', query.toLowerCase()],
    queryFn: ({ signal }) => getSymptomSuggestions(query, signal),
    // The vocabulary is fixed for the life of a deploy.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** Suggestions for what is typed; the previous list stays while the next one loads, so it does not flicker. */
export function useSymptomSuggestions(query: string, isEnabled: boolean) {
  return useQuery({ ...symptomSuggestionsQueryOptions(query), enabled: isEnabled, placeholderData: keepPreviousData });
}
