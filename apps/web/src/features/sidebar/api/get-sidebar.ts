import { SIDEBAR_PAGE_SIZE, SIDEBAR_SHORT_PAGE, sidebarListResponseSchema, type Category, type SidebarItem } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { uniqueById } from '../../../lib/unique-by-id.ts';

export interface SidebarPage {
  items: SidebarItem[];
  next: string | null;
}

/** viewer.md §7 GET /sidebar/left?gender=&per_page=20&page=n: one page of recommended videos; the bearer when signed in (as /discover). */
export async function getSidebarPage(path: string, signal?: AbortSignal): Promise<SidebarPage> {
  const answer = sidebarListResponseSchema.parse(await api.get<unknown>(path, { signal }));
  return { items: answer.data, next: answer.links.next };
}

export const sidebarQueryOptions = (categories: readonly Category[]) =>
  infiniteQueryOptions({
    queryKey: ['sidebar', 'left', categories],
    queryFn: ({ pageParam, signal }) => getSidebarPage(pageParam, signal),
    initialPageParam: `/sidebar/left?gender=${categories.join(',')}&per_page=${SIDEBAR_PAGE_SIZE}&page=1`,
    // viewer.md §7: a page of fewer than 10 is the last, whatever links.next says.
    getNextPageParam: (last) => (last.next && last.items.length >= SIDEBAR_SHORT_PAGE ? nextPagePath(last.next) : undefined),
    staleTime: 60_000,
  });

/** The recommended videos loaded so far, and the next page on demand. */
export function useSidebar(categories: readonly Category[]) {
  const query = useInfiniteQuery(sidebarQueryOptions(categories));
  return { ...query, items: uniqueById(query.data?.pages.flatMap((page) => page.items) ?? []) };
}
