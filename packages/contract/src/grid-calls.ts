import { type Category, defaultCategories } from './categories.ts';
import { srcSetOf } from './srcset.ts';

/*
 * The first calls of the grid screens (a creator's profile, a tag's grid, the rating lists): the app
 * asks for them as it starts (apps/web app/early-route-data.ts) and the server answers a guest's into
 * the page it serves for such an address (plugins/web-app.ts), so both must build the very same paths.
 */

/** viewer.md §9: tag video lists, rating lists and a creator's grid come 30 at a time. */
export const GRID_PAGE_SIZE = 30;

/** viewer.md §7 GET /users/{id}: a creator by the id or slug in the address. */
export const publicUserPath = (idOrSlug: string | number) => `/users/${encodeURIComponent(idOrSlug)}`;

/** The first page of a creator's published videos. */
export const creatorVideosPath = (slug: string) => `/users/${encodeURIComponent(slug)}/videos?per_page=${GRID_PAGE_SIZE}`;

/** The first page of a tag's grid in the given categories. */
export const tagVideosPath = (tagId: number | null, categories: readonly Category[]) => `/tags/${tagId}/videos?gender=${categories.join(',')}&per_page=${GRID_PAGE_SIZE}`;

/**
 * How wide a grid tile is, for picking a thumbnail size. Under 1024 px every grid has 3 columns (My
 * videos 4 from 640 px) across the page less its padding: at most a third of the viewport. From 1024 px
 * 5 columns: the widest is the tag and rating grids' (max-w-5xl, 1024 px, less 2x32 px padding and
 * 4x8 px gaps = 186 px); the profile's, beside its panel, are ~110-135 px. Under 640 px (phones) a
 * third of the viewport less the page's padding and the two gaps, 114-117 px at 390 px: "33vw" would
 * make a phone at pixel ratio 3 pick a file a size larger than its box needs (ADR 0022).
 */
export const GRID_THUMB_SIZES = '(min-width: 1024px) 186px, (min-width: 640px) 33vw, calc((100vw - 40px) / 3)';

/** viewer.md §2: a grid has 3 columns on a phone; its first row is what the screen shows first. */
export const FIRST_ROW_TILES = 3;

/**
 * The calls a guest's grid screen at `pathname` makes first, last the page of videos: a creator's
 * profile (`/{slug}`: the profile, then its videos) or a tag's grid (`/tag/{id}`, in the default
 * categories, which a first visit has). [] for any other address, and for a file's. A one-part address may be another
 * screen (`/discover`): its calls then answer 404, and the server leaves the page as it is.
 */
export function guestGridCalls(pathname: string): string[] {
  const tag = /^\/tag\/([1-9]\d{0,17})$/.exec(pathname);
  if (tag) return [tagVideosPath(Number(tag[1]), defaultCategories)];
  const single = /^\/([^/]+)$/.exec(pathname);
  // A file's address (/robots.txt, /favicon.ico) is no profile: no calls for it.
  if (!single || /\.[a-z\d]{2,5}$/i.test(single[1]!)) return [];
  let slug: string;
  try {
    slug = decodeURIComponent(single[1]!);
  } catch {
    return [];
  }
  return [publicUserPath(slug), creatorVideosPath(slug)];
}

/** A picture of a grid's first row, as a `<link rel=preload as=image>` asks for it. */
export interface FirstRowPicture {
  href: string;
  /** With the tile's own srcset and sizes, so the browser picks the very file the tile will. */
  srcset?: string;
  sizes?: string;
}

/**
 * The pictures of a grid's first row, as its tiles (VideoThumb) show them: the thumbnail's sized copies,
 * or the first frame standing in alone.
 */
export function firstRowPictures(
  videos: readonly { thumbnailUrl: string | null; firstFrameUrl: string | null; thumbnailSources: readonly { url: string; width: number }[] }[],
): FirstRowPicture[] {
  const pictures: FirstRowPicture[] = [];
  for (const video of videos.slice(0, FIRST_ROW_TILES)) {
    const href = video.thumbnailUrl ?? video.firstFrameUrl;
    if (!href) continue;
    pictures.push(video.thumbnailUrl && video.thumbnailSources.length > 1 ? { href, srcset: srcSetOf(video.thumbnailSources), sizes: GRID_THUMB_SIZES } : { href });
  }
  return pictures;
}
