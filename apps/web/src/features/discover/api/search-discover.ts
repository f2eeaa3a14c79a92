import { SEARCH_FINAL_MS, SEARCH_IDLE_MS, searchResponseSchema, type Category, type SearchResponse } from '@flick/contract';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { visitorIds } from '../../session/visitor.ts';

/** viewer.md §7 POST /discover/search?query=: `isFinal` marks the search a burst of typing settled on. */
export async function searchDiscover(query: string, categories: readonly Category[], isFinal: boolean, signal?: AbortSignal): Promise<SearchResponse> {
  const path = `/discover/search?query=${encodeURIComponent(query)}&gender=${categories.join(',')}`;
  return searchResponseSchema.parse(await api.post<unknown>(path, { guest_id: visitorIds().guest_id, is_final: isFinal }, { signal }));
}

export interface DiscoverSearch {
  /** The trimmed text being searched for. */
  query: string;
  /** The newest answer: for `query`, or for an earlier text until `query`'s arrives. */
  results: SearchResponse | null;
  searching: boolean;
  failed: boolean;
}

interface Answered {
  query: string;
  results: SearchResponse | null;
  /** A later search for the same text is still out. */
  more: boolean;
  failed: boolean;
}

/**
 * viewer.md §4, §9: asks 300 ms after the last keystroke (is_final false), and again 2 s after it
 * (is_final true). A newer text cancels both; an answer never replaces one asked for later.
 */
export function useDiscoverSearch(text: string, categories: readonly Category[]): DiscoverSearch {
  const query = text.trim();
  const [answered, setAnswered] = useState<Answered>({ query: '', results: null, more: false, failed: false });

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    let shown = 0;
    let asked = 0;
    const ask = (isFinal: boolean) => {
      const order = ++asked;
      searchDiscover(query, categories, isFinal, controller.signal).then(
        (results) => {
          if (controller.signal.aborted || order < shown) return;
          shown = order;
          setAnswered({ query, results, more: order < asked, failed: false });
        },
        () => {
          if (controller.signal.aborted || order < shown) return;
          setAnswered((current) => ({ ...current, query, more: false, failed: current.query !== query || current.results === null }));
        },
      );
    };
    const first = setTimeout(() => ask(false), SEARCH_IDLE_MS);
    const final = setTimeout(() => ask(true), SEARCH_FINAL_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(final);
      controller.abort();
    };
  }, [query, categories]);

  if (!query) return { query: '', results: null, searching: false, failed: false };
  const current = answered.query === query;
  return {
    query,
    results: answered.failed && current ? null : answered.results,
    searching: !current || answered.more,
    failed: current && answered.failed,
  };
}
