import type { FollowedModel } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { postFollow, recordFollow, type FollowAction } from './follow-model.ts';

/**
 * A row of the following screen: it starts as following and flips only after the server answers 200 or
 * 201; a failure changes nothing and says nothing (viewer.md §4, §8). The row stays either way.
 */
export function useToggleFollow(model: Pick<FollowedModel, 'id' | 'slug'>) {
  const [following, setFollowing] = useState(true);
  const mutation = useMutation({
    mutationFn: (action: FollowAction) => postFollow(model.id, action),
    onSuccess: (answer) => {
      setFollowing(answer.isFollowing);
      recordFollow(model, answer);
    },
    onError: (error) => console.warn('Follow failed.', error),
  });
  return {
    following,
    pending: mutation.isPending,
    toggle: () => mutation.mutate(following ? 'unfollow' : 'follow'),
  };
}
