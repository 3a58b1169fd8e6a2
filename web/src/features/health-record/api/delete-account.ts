import { useMutation } from '@tanstack/react-query';
import { apiRequest, type ResponseParser } from '../../../lib/api-client';

/** 204: no body to check. */
const NO_CONTENT: ResponseParser<null> = {
  safeParse: (data) => (data === undefined || data === null ? { success: true, data: null } : { success: false }),
};

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/api/account/delete', { method: 'POST', json: { password }, schema: NO_CONTENT }),
  });
}
