import { AvatarResponseSchema, type User } from '@medibuddy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

function uploadAvatar(file: File) {
  const formData = new FormData();
  formData.append('image', file);
  return apiRequest('/api/profile/avatar', { method: 'POST', formData, schema: AvatarResponseSchema });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['profile', 'avatar'],
    mutationFn: uploadAvatar,
    onSuccess: ({ imageUrl }) => {
      queryClient.setQueryData<User | null>(sessionQueryKey, (user) =>
        user ? { ...user, avatarUrl: imageUrl } : user,
      );
    },
  });
}
