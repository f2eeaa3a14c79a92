import type { Category, Video } from '@flick/contract';
import { getGuestId, getSession } from '../../session/stores/session-store.ts';
import { getCategories, getSelectedTags } from '../../preferences/stores/feed-preferences.ts';
import { neutralTitleFromTheStart } from '../../preferences/neutral-title.ts';
import { requestEarly } from '../../../lib/early-requests.ts';
import { loadHls, preloadHls } from '../../videos/hls-library.ts';
import { startBootVideo } from './boot-video.ts';

/** The home feed's first page under /v1 (viewer.md §7 GET /videos?gender=&tags=); a guest's id goes along. */
export function homeFeedPath(categories: readonly Category[], tagIds: readonly number[], guestId: string | null): string {
  const path = `/videos?gender=${categories.join(',')}${guestId ? `&guest_id=${guestId}` : ''}`;
  return tagIds.length > 0 ? `${path}&tags=${tagIds.join(',')}` : path;
}

/** The first page the server put into the shell of "/" (apps/server/src/plugins/home-shell.ts). */
export interface EmbeddedHomePage {
  gender: string;
  data: Video[];
  cursor: string | null;
  /** The cursor that asks for this very page again: the same videos in the same order, with a viewer's flags. */
  first: string | null;
}

const EMBEDDED_ID = 'flick-home-feed';

// Issue 31: every address loads this module first, so the neutral tab title starts here (the shell's
// overlays, which keep it after, come later than the screens' own titles).
neutralTitleFromTheStart();

function readEmbedded(): EmbeddedHomePage | null {
  const text = document.getElementById(EMBEDDED_ID)?.textContent;
  if (!text) return null;
  try {
    const page = JSON.parse(text) as EmbeddedHomePage;
    return Array.isArray(page.data) && typeof page.gender === 'string' ? page : null;
  } catch {
    return null;
  }
}

/** The embedded page as the API would answer `path` (its next link carries the same query, with the cursor). */
export function embeddedAnswer(page: EmbeddedHomePage, path: string): Response {
  let next: string | null = null;
  if (page.cursor !== null) {
    const url = new URL(`/v1${path}`, 'http://flick.invalid');
    url.searchParams.set('cursor', page.cursor);
    next = `${url.pathname}${url.search}`;
  }
  return new Response(JSON.stringify({ data: page.data, links: { next } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

export interface EarlyOptions {
  /** The guest id was made by this visit: nothing is liked or rated yet, so the shell's page is this guest's. */
  newGuest?: boolean;
}

/**
 * Render-as-you-fetch for "/" (ADR 0008). The server's shell of "/" carries the first page a new guest
 * gets, and has already asked for the first video's poster, playlists and first segment. For a new
 * guest with the default preferences that page is the answer, with no request at all. Anyone else asks
 * for the home feed's first page while React and the feed's code are still loading, and once it
 * answers, fetches the first video's master playlist, start playlist and first segment side by side
 * into the HTTP cache, where the player finds them.
 */
export function requestHomeFeedEarly({ newGuest = false }: EarlyOptions = {}): void {
  if (location.pathname !== '/') return;
  performance.mark('flick:home-feed-requested');
  // The video the shell of "/" started (ADR 0019): where HLS is not native, hls.js is attached to it now.
  startBootVideo(loadHls);
  // Where HLS does not play natively, hls.js comes beside the first video's files instead of after the feed's code.
  preloadHls();
  const token = getSession()?.accessToken ?? null;
  const path = homeFeedPath(getCategories(), getSelectedTags(), token ? null : getGuestId());
  const embedded = token ? null : readEmbedded();
  const sameAsShell = embedded !== null && homeFeedPath(getCategories(), getSelectedTags(), null) === `/videos?gender=${embedded.gender}`;
  if (sameAsShell && newGuest) {
    requestEarly(path, token, { answer: embeddedAnswer(embedded, path) });
    return;
  }
  // A returning guest with the shell's preferences asks for the shell's very page (its `first` cursor):
  // their likes and ratings on the same videos in the same order, even when the feed has been ranked
  // again since the shell was written, so the video the boot player started is still the first.
  const ask = sameAsShell && embedded.first ? `${path}&cursor=${encodeURIComponent(embedded.first)}` : path;
  // The feed's query takes the answer (the API client, lib/early-requests.ts).
  requestEarly(path, token, {
    ask,
    then: (json) => {
      const first = (json as { data?: Video[] }).data?.[0];
      if (!first?.playlistUrl) return;
      for (const url of [first.playlistUrl, ...first.preloadUrls]) {
        fetch(url)
          .then(
            (file) => file.arrayBuffer(),
            () => null,
          )
          .catch(() => null);
      }
    },
  });
}
