import { tagListResponseSchema, TAG_SEARCH_MIN_LENGTH, TAG_SEARCH_PAGE_SIZE, type Category, type Tag } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/** viewer.md §5: tag search waits 300 ms after the last keystroke. */
export const TAG_SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export async function searchTags(search: string, categories: readonly Category[], signal?: AbortSignal): Promise<Tag[]> {
  const path = `/tags?search=${encodeURIComponent(search)}&per_page=${TAG_SEARCH_PAGE_SIZE}&gender=${categories.join(',')}`;
  return tagListResponseSchema.parse(await api.get<unknown>(path, { signal })).data;
}

/** viewer.md §7 GET /tags?search=: fires only at 2 or more characters (§5). */
export function useTagSearch(text: string, categories: readonly Category[]) {
  const search = useDebounced(text.trim(), TAG_SEARCH_DEBOUNCE_MS);
  const enabled = search.length >= TAG_SEARCH_MIN_LENGTH;
  const query = useQuery<Tag[]>({
    queryKey: ['tag-search', search, categories],
    queryFn: ({ signal }) => searchTags(search, categories, signal),
    enabled,
    // The previous results stay while the next search runs, so the list does not flash empty.
    placeholderData: (previous) => previous,
  });
  return { tags: enabled ? (query.data ?? []) : [], searching: enabled && query.isFetching, searched: enabled && query.isSuccess };
}
