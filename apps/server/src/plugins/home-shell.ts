import { defaultCategories, type Category, type Video } from '@flick/contract';
import type { FastifyRequest } from 'fastify';
import type { Place } from '../lib/places.ts';

/** What the shell needs of the feed service (modules/feed); the app passes it in (plugins import no module). */
export interface HomeFeedSource {
  home(
    q: { gender: Category[]; tags: number[] },
    viewer: { userId: null; guestId: null; place: Place | null },
  ): Promise<{ data: Video[]; next: string | null; first: string | null }>;
}

/** The first page of the home feed as a guest on a first visit gets it (no tags, the default categories). */
export interface HomeFirstPage {
  /** The `gender` parameter the page answers (the client uses it only when its own is the same). */
  gender: string;
  data: Video[];
  /** Where the feed goes on (the API's `links.next` carries it as `cursor`), null at the end. */
  cursor: string | null;
  /**
   * The `cursor` that asks for this very page: a returning guest (whose likes and ratings the page
   * lacks) asks with it, and gets the same videos in the same order even when the feed has been ranked
   * again since, so the video the boot player started stays the first. Null for an empty feed.
   */
  first: string | null;
}

/** The id of the JSON script element the client reads (features/feed/api/early-feed.ts). */
export const HOME_FEED_ELEMENT_ID = 'flick-home-feed';
/** The id of the template that keeps the app's scripts back (the boot player puts them in, apps/web/src/app/boot-player.js). */
const APP_SCRIPTS_ELEMENT_ID = 'flick-app';

/**
 * Reads the home feed's first page for the shell of "/" (ADR 0008): the order is the same for every
 * guest at a place (the ranked snapshot), only the liked/rated flags are a viewer's, and a guest
 * without an id yet has none. The feed service's own page cache serves it.
 */
export function homeFirstPageReader(feed: HomeFeedSource) {
  return async (request: FastifyRequest): Promise<HomeFirstPage> => {
    const gender = [...defaultCategories];
    const page = await feed.home({ gender, tags: [] }, { userId: null, guestId: null, place: request.place });
    return { gender: gender.join(','), data: page.data, cursor: page.next, first: page.first };
  };
}

export const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** JSON inside <script>: nothing in it may close the element or open a comment (titles are user text). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

/**
 * What "/" adds to index.html's <head> so the first video needs no round trip of its own: the first page
 * as JSON, and the first video's poster, master playlist, start rung playlist and first segment asked for
 * at once, beside the JavaScript (the player then finds them in the HTTP cache), with a connection to the
 * media's host opened early when that is another origin.
 */
export function homeShellHead(page: HomeFirstPage, origin: string): string {
  const tags: string[] = [];
  const first = page.data[0];
  if (first?.playlistUrl) {
    const mediaOrigin = new URL(first.playlistUrl, origin).origin;
    if (mediaOrigin !== origin) tags.push(`<link rel="preconnect" href="${escapeAttribute(mediaOrigin)}" crossorigin>`);
    const poster = first.firstFrameUrl ?? first.thumbnailUrl;
    if (poster) tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(poster)}">`);
    for (const url of [first.playlistUrl, ...first.preloadUrls]) {
      tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${escapeAttribute(url)}">`);
    }
  }
  tags.push(`<script type="application/json" id="${HOME_FEED_ELEMENT_ID}">${scriptJson(page)}</script>`);
  return tags.join('');
}

/** The built index.html's module scripts and module preloads: the app's JavaScript. */
const APP_SCRIPT_TAGS = /<script type="module"[^>]*\bsrc="[^"]*"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * ADR 0021: the shell of a "/" whose first video the boot player starts keeps the app's scripts in an
 * inert <template> (the browser neither runs nor fetches what a template holds), so that until its
 * first frame the link carries only what that video needs: its files, and hls.js where HLS is not
 * native. The boot player puts them into the page then, or at once where it starts no video.
 */
export function keepAppScriptsBack(html: string): string {
  const tags = html.match(APP_SCRIPT_TAGS);
  if (!tags) return html;
  const template = `<template id="${APP_SCRIPTS_ELEMENT_ID}">${tags.join('')}</template>`;
  let placed = false;
  return html.replace(APP_SCRIPT_TAGS, () => (placed ? '' : ((placed = true), template)));
}
