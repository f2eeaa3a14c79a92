import { followResponseSchema, type FollowResponse, type PublicUser } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { publicUserQueryOptions } from './get-public-user.ts';

export type FollowAction = 'follow' | 'unfollow';

/** The cache prefix of the signed-in viewer's followed-models lists (features/profile). */
export const followingModelsKey = ['following-models'] as const;

/**
 * viewer.md §7 POST /follow-model. Resolves only when the server accepts (200 or 201); any other
 * answer or no answer rejects, and the caller changes nothing (§4, §8).
 */
export async function postFollow(modelId: number, action: FollowAction): Promise<FollowResponse> {
  return followResponseSchema.parse(await api.post<unknown>('/follow-model', { model_id: modelId, action }));
}

/**
 * An accepted follow, written wherever it shows: the public profile under its id and, when it was opened
 * by slug, under its slug. The followed-models lists are only marked stale: an unfollowed row stays on
 * the following screen (so it can be undone) and is gone on the next visit.
 */
export function recordFollow(model: { id: number; slug: string | null }, answer: FollowResponse) {
  const change = <T extends PublicUser>(current: T | undefined) => current && { ...current, isFollowing: answer.isFollowing, totalFollowers: answer.totalFollowers };
  for (const key of [String(model.id), model.slug]) {
    if (key) queryClient.setQueryData(publicUserQueryOptions(key).queryKey, change);
  }
  void queryClient.invalidateQueries({ queryKey: followingModelsKey, refetchType: 'none' });
}

/** The profile panel's follow button: flips through the public profile cache once the server agrees (§4). */
export function useFollowModel(user: PublicUser) {
  return useMutation({
    mutationFn: (action: FollowAction) => postFollow(user.id, action),
    onSuccess: (answer) => recordFollow(user, answer),
    onError: (error) => console.warn('Follow failed.', error),
  });
}
