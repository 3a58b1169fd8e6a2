import type { User } from '@medibuddy/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';
import { useIsHydrating } from './use-browser-value';
import { sessionResponseParser } from './first-load-parsers';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null for a visitor; a failure (network, server) is an error, not a sign-out. */
async function getSession(signal?: AbortSignal): Promise<User | null> {
  const { user } = await apiRequest('/api/auth/session', { schema: sessionResponseParser, signal });
  return user;
}

const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
});

type Session = {
  user: User | null;
  /** True once the server confirmed a signed-in user. */
  isAuthorized: boolean;
  /** The first check has not answered yet. */
  isPending: boolean;
  /** The check failed (network, server error) and nothing is known about the session. */
  error: ApiError | null;
  retry: () => void;
};

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  // A prerendered page was rendered with the session unknown; it is taken over that way, then shows the answer.
  const isHydrating = useIsHydrating();
  const user = isHydrating ? null : (query.data ?? null);
  return {
    user,
    isAuthorized: user !== null,
    isPending: query.isPending || isHydrating,
    error: !isHydrating && query.data === undefined && query.error instanceof ApiError ? query.error : null,
    retry: () => void query.refetch(),
  };
}

export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => queryClient.setQueryData(sessionQueryKey, user);
}
