import type { User } from '@medibuddy/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { currentUserResponseParser } from '../../../lib/first-load-parsers';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null for a visitor. Only a 401 means "not signed in"; other failures are errors. */
export async function getSession(signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await apiRequest('/api/auth/me', { schema: currentUserResponseParser, signal });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
});

export type Session = {
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
  const user = query.data ?? null;
  return {
    user,
    isAuthorized: user !== null,
    isPending: query.isPending,
    error: query.data === undefined && query.error instanceof ApiError ? query.error : null,
    retry: () => void query.refetch(),
  };
}

export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return (user: User | null) => queryClient.setQueryData(sessionQueryKey, user);
}
