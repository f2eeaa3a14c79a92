import { publicUserPath, type Video } from '@flick/contract';
import { getCategories } from '../features/preferences/stores/feed-preferences.ts';
import { getSession } from '../features/session/stores/session-store.ts';
import { creatorVideos, ratingList, tagList } from '../features/videos/api/grid-paths.ts';
import { preloadFirstRow } from '../features/videos/preload-first-row.ts';
import { requestEarly } from '../lib/early-requests.ts';

/** The route the address opens, as the router matched it: its pattern and parameters. */
export interface OpenedRoute {
  pattern: string;
  params: Record<string, string | undefined>;
}

const firstRowOf = (json: unknown) => preloadFirstRow(((json as { data?: Video[] }).data ?? []).slice(0, 3));

/** The id of the JSON script element with the answers the server gave a guest's grid screen (plugins/web-app.ts). */
export const GRID_ANSWERS_ELEMENT_ID = 'flick-grid-answers';

/** What the server answered into the page for a guest: each call's path and JSON body. */
function answersInPage(): Map<string, unknown> {
  const element = document.getElementById(GRID_ANSWERS_ELEMENT_ID);
  element?.remove();
  try {
    const answers = JSON.parse(element?.textContent ?? '[]') as { path: string; body: unknown }[];
    return new Map(answers.map((answer) => [answer.path, answer.body]));
  } catch {
    return new Map();
  }
}

/**
 * Render-as-you-fetch for the grid screens (ADR 0022: name and first row of pictures): as the app
 * starts, the screen's first calls go out, and its first row of pictures as soon as the first page is
 * here, while the entry and the screen's code are still loading. The screens then find the answers
 * (the API client takes them). A rating list only with a session (the login guard sends anyone else away).
 * A guest takes the answers the server put into the page instead of asking (they are a guest's: the
 * same calls without a token); anyone signed in asks with their token.
 */
export function requestRouteDataEarly({ pattern, params }: OpenedRoute): void {
  const token = getSession()?.accessToken ?? null;
  const inPage = answersInPage();
  const ask = (path: string, then?: (json: unknown) => void) => {
    const body = token === null ? inPage.get(path) : undefined;
    if (body === undefined) return requestEarly(path, token, { then });
    // The page has asked for its first row of pictures already (plugins/grid-shell.ts).
    requestEarly(path, token, { answer: new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }) });
  };
  if (pattern === '/:slug' && params.slug) {
    ask(publicUserPath(params.slug));
    ask(creatorVideos(params.slug).path, firstRowOf);
  } else if (pattern === '/tag/:id' && Number(params.id) > 0) {
    ask(tagList(Number(params.id), getCategories()).path, firstRowOf);
  } else if (pattern === '/videos-rating/:type' && (params.type === 'unrated' || params.type === 'rated') && token) {
    ask(ratingList(params.type).path, firstRowOf);
  }
}
