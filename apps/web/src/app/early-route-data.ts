import type { Video } from '@flick/contract';
import { getCategories } from '../features/preferences/stores/feed-preferences.ts';
import { getSession } from '../features/session/stores/session-store.ts';
import { publicUserPath } from '../features/creators/api/user-path.ts';
import { creatorVideos, ratingList, tagList } from '../features/videos/api/grid-paths.ts';
import { preloadFirstRow } from '../features/videos/preload-first-row.ts';
import { requestEarly } from '../lib/early-requests.ts';

/** The route the address opens, as the router matched it: its pattern and parameters. */
export interface OpenedRoute {
  pattern: string;
  params: Record<string, string | undefined>;
}

const firstRowOf = (json: unknown) => preloadFirstRow(((json as { data?: Video[] }).data ?? []).slice(0, 3));

/**
 * Render-as-you-fetch for the grid screens (issue 18: name and first row of pictures): as the app
 * starts, the screen's first calls go out, and its first row of pictures as soon as the first page is
 * here, while the entry and the screen's code are still loading. The screens then find the answers
 * (the API client takes them). A rating list only with a session (the login guard sends anyone else away).
 */
export function requestRouteDataEarly({ pattern, params }: OpenedRoute): void {
  const token = getSession()?.accessToken ?? null;
  if (pattern === '/:slug' && params.slug) {
    requestEarly(publicUserPath(params.slug), token);
    requestEarly(creatorVideos(params.slug).path, token, firstRowOf);
  } else if (pattern === '/tag/:id' && Number(params.id) > 0) {
    requestEarly(tagList(Number(params.id), getCategories()).path, token, firstRowOf);
  } else if (pattern === '/videos-rating/:type' && (params.type === 'unrated' || params.type === 'rated') && token) {
    requestEarly(ratingList(params.type).path, token, firstRowOf);
  }
}
