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

/**
 * The session as last known, for an event handler (a form's submit): null is a visitor, undefined not known yet
 * (still checking, or the check failed). Read when needed, not subscribed to, so a large form is not rendered again,
 * in one long task, when the session arrives just after the page was taken over.
 */
export function useReadSession(): () => User | null | undefined {
  const queryClient = useQueryClient();
  return () => queryClient.getQueryData(sessionQueryOptions.queryKey);
}

export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => queryClient.setQueryData(sessionQueryKey, user);
}
