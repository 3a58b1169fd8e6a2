import {
  ChatSettingsSchema,
  ConversationListSchema,
  ConversationSchema,
  DeletedCountSchema,
} from '@medibuddy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const conversationsQueryKey = ['chat', 'conversations'] as const;

const conversationsQueryOptions = queryOptions({
  queryKey: conversationsQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/chat/conversations', { schema: ConversationListSchema, signal }),
});

/** The signed-in user's conversations; nothing is asked for a visitor. */
export function useConversations(isEnabled: boolean) {
  return useQuery({ ...conversationsQueryOptions, enabled: isEnabled });
}

export function getConversation(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/chat/conversations/${encodeURIComponent(id)}`, { schema: ConversationSchema, signal });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/chat/conversations/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

export function useDeleteAllConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/chat/conversations', { method: 'DELETE', schema: DeletedCountSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
  });
}

export function useChatSettings() {
  return useQuery({
    queryKey: ['chat', 'settings'],
    queryFn: ({ signal }) => apiRequest('/api/chat/settings', { schema: ChatSettingsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
