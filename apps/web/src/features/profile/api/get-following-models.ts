import { FOLLOWED_MODELS_ON_PROFILE, followedModelListResponseSchema, PROFILE_LIST_PAGE_SIZE, type FollowedModel } from '@flick/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { uniqueById } from '../../../lib/unique-by-id.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { followingModelsKey } from '../../creators/api/follow-model.ts';

export interface FollowedModelPage {
  models: FollowedModel[];
  next: string | null;
}

/** viewer.md §7 GET /profile/following-models (bearer): newest follow first, one keyset page. */
export async function getFollowingModels(path: string, signal?: AbortSignal): Promise<FollowedModelPage> {
  const answer = followedModelListResponseSchema.parse(await api.get<unknown>(path, { signal }));
  return { models: answer.data, next: answer.links.next };
}

const firstPage = (perPage: number) => `/profile/following-models?per_page=${perPage}`;

/** Keyed by the signed-in user's id, so that another account signing in on this device never sees the last one's. */
export const followingModelsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...followingModelsKey, userId, 'all'],
    queryFn: ({ pageParam, signal }) => getFollowingModels(pageParam, signal),
    initialPageParam: firstPage(PROFILE_LIST_PAGE_SIZE),
    getNextPageParam: (last) => (last.next ? nextPagePath(last.next) : undefined),
  });

export const followedModelsQueryOptions = (userId: string, limit: number) =>
  queryOptions({
    queryKey: [...followingModelsKey, userId, 'first', limit],
    queryFn: ({ signal }) => getFollowingModels(firstPage(limit), signal),
  });

/** /account/following: every followed model, a page at a time along `links.next`. */
export function useFollowingModels() {
  const session = useSession();
  const query = useInfiniteQuery({ ...followingModelsQueryOptions(session?.userId ?? ''), enabled: session !== null });
  const models = uniqueById(query.data?.pages.flatMap((page) => page.models) ?? []);
  return { ...query, models };
}

/** The viewer's own profile: the newest `limit` follows (viewer.md §9: 12), and whether there are more. */
export function useFollowedModels(limit: number = FOLLOWED_MODELS_ON_PROFILE) {
  const session = useSession();
  const query = useQuery({ ...followedModelsQueryOptions(session?.userId ?? '', limit), enabled: session !== null });
  return { ...query, models: query.data?.models.slice(0, limit) ?? [], hasMore: Boolean(query.data?.next) };
}
