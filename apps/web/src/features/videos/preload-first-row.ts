import { FIRST_ROW_TILES, firstRowPictures, type Video } from '@flick/contract';

/*
 * A grid screen's first row of pictures, asked for as soon as its first page is here, before React has
 * drawn the tiles that show them (ADR 0022, "name and first row of pictures"): by the screen's loader
 * (profile/api/grid-first-page.ts) or as the app starts (app/early-route-data.ts).
 */

export { FIRST_ROW_TILES };

/** Preload links still waiting for their picture, by address (a grid opened twice asks once). */
const pending = new Set<string>();

/**
 * `<link rel=preload as=image>` for each of the first row's pictures, with the tile's own srcset and
 * sizes (VideoThumb's), so that the browser picks the same file the tile will and the tile finds it
 * fetched. High priority: the first row is what the screen is waiting for. Each link goes once its
 * picture has loaded (the tile holds it by then, or the HTTP cache does).
 */
export function preloadFirstRow(videos: readonly Video[], doc: Document = document): void {
  for (const { href, srcset, sizes } of firstRowPictures(videos)) {
    if (pending.has(href)) continue;
    const link = doc.createElement('link');
    link.setAttribute('rel', 'preload');
    link.setAttribute('as', 'image');
    link.setAttribute('href', href);
    if (srcset && sizes) {
      link.setAttribute('imagesrcset', srcset);
      link.setAttribute('imagesizes', sizes);
    }
    link.setAttribute('fetchpriority', 'high');
    const done = () => {
      pending.delete(href);
      // Kept a moment: the tile may be rendering right now.
      setTimeout(() => link.remove(), 10_000);
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    pending.add(href);
    doc.head.append(link);
  }
}
