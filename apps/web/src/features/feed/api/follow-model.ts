import type { PublicUser } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { publicUserQueryOptions } from './get-public-user.ts';

/**
 * viewer.md §7 POST /follow-model. §4: the button flips only once the server answers 200 or 201; on a
 * failure nothing changes and no message appears.
 */
export function useFollowModel(user: PublicUser) {
  return useMutation({
    mutationFn: (action: 'follow' | 'unfollow') => api.post('/follow-model', { model_id: user.id, action }),
    onSuccess: (_answer, action) => {
      const following = action === 'follow';
      const change = (current: PublicUser | undefined) =>
        current && { ...current, isFollowing: following, totalFollowers: Math.max(0, current.totalFollowers + (following ? 1 : -1)) };
      queryClient.setQueryData(publicUserQueryOptions(user.id).queryKey, change);
    },
    onError: (error) => console.warn('Follow failed.', error),
  });
}
