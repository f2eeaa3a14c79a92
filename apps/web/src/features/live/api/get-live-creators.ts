import { LIVE_REFRESH_MS, liveListResponseSchema, type Category, type LiveCreator } from '@flick/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';

interface LivePage {
  creators: LiveCreator[];
  next: string | null;
}

/** viewer.md §7 (ADR 0012) GET /live: creators live now in the categories, newest confirmation first. */
async function getLiveCreators(path: string, signal?: AbortSignal): Promise<LivePage> {
  const answer = liveListResponseSchema.parse(await api.get<unknown>(path, { signal, auth: false }));
  return { creators: answer.data, next: answer.links.next };
}

/** Who is live now, asked again every LIVE_REFRESH_MS while the page is open (shows start and end). */
export function useLiveCreators(categories: readonly Category[]) {
  const query = useInfiniteQuery({
    queryKey: ['live', categories],
    queryFn: ({ pageParam, signal }) => getLiveCreators(pageParam, signal),
    initialPageParam: `/live?gender=${categories.join(',')}`,
    getNextPageParam: (last) => (last.next ? nextPagePath(last.next) : undefined),
    refetchInterval: LIVE_REFRESH_MS,
  });
  const seen = new Set<number>();
  // A creator may move between pages as confirmations arrive: each shows once.
  const creators = (query.data?.pages.flatMap((page) => page.creators) ?? []).filter((creator) => !seen.has(creator.id) && seen.add(creator.id));
  return { ...query, creators };
}
