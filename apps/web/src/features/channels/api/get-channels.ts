import { CHANNEL_PAGE_SIZE, channelListResponseSchema, type ChannelCard } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { uniqueById } from '../../../lib/unique-by-id.ts';

export interface ChannelPage {
  channels: ChannelCard[];
  next: string | null;
}

/** viewer.md §7 GET /users?type=channel: one keyset page of channel cards, most followed first; the bearer when signed in (as /discover). */
export async function getChannels(path: string, signal?: AbortSignal): Promise<ChannelPage> {
  const answer = channelListResponseSchema.parse(await api.get<unknown>(path, { signal }));
  return { channels: answer.data, next: answer.links.next };
}

export const channelsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['channels'],
    queryFn: ({ pageParam, signal }) => getChannels(pageParam, signal),
    initialPageParam: `/users?type=channel&per_page=${CHANNEL_PAGE_SIZE}`,
    getNextPageParam: (last) => (last.next ? nextPagePath(last.next) : undefined),
    staleTime: 60_000,
  });

/** The channels loaded so far, and the next page on demand. */
export function useChannels() {
  const query = useInfiniteQuery(channelsQueryOptions());
  return { ...query, channels: uniqueById(query.data?.pages.flatMap((page) => page.channels) ?? []) };
}
