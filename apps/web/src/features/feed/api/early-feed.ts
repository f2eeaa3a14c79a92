import type { Category, Video } from '@flick/contract';
import { getGuestId, getSession } from '../../session/stores/session-store.ts';
import { getCategories, getSelectedTags } from '../../preferences/stores/feed-preferences.ts';

/** The home feed's first page under /v1 (viewer.md §7 GET /videos?gender=&tags=); a guest's id goes along. */
export function homeFeedPath(categories: readonly Category[], tagIds: readonly number[], guestId: string | null): string {
  const path = `/videos?gender=${categories.join(',')}${guestId ? `&guest_id=${guestId}` : ''}`;
  return tagIds.length > 0 ? `${path}&tags=${tagIds.join(',')}` : path;
}

let early: { path: string; response: Promise<Response> } | null = null;

/**
 * Render-as-you-fetch for "/": the entry asks for the home feed's first page while React and the feed's
 * code are still loading, and once it answers, fetches the first video's master playlist, start
 * playlist and first segment side by side into the HTTP cache (they are cacheable once published). The
 * player then finds them there instead of requesting them one after the other.
 */
export function requestHomeFeedEarly(): void {
  if (location.pathname !== '/') return;
  performance.mark('flick:home-feed-requested');
  const token = getSession()?.accessToken;
  const path = homeFeedPath(getCategories(), getSelectedTags(), token ? null : getGuestId());
  const response = fetch(`/v1${path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  early = { path, response };
  response
    .then((answer) => (answer.ok ? (answer.clone().json() as Promise<{ data: Video[] }>) : null))
    .then((page) => {
      const first = page?.data[0];
      if (!first?.playlistUrl) return;
      for (const url of [first.playlistUrl, ...first.preloadUrls]) {
        fetch(url).then((file) => file.arrayBuffer(), () => null).catch(() => null);
      }
    })
    .catch(() => null);
}

/** The early answer, once, for the feed's request of the same path (anything else fetches as usual). */
export function takeEarlyResponse(path: string): Promise<Response> | null {
  if (early?.path !== path) return null;
  const { response } = early;
  early = null;
  return response;
}
