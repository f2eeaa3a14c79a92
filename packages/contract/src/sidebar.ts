import { z } from 'zod';
import { listResponseSchema } from './errors.ts';
import { genderParamSchema } from './feed.ts';
import { imageSourceSchema } from './images.ts';

/** viewer.md §2 App shell "Left sidebar", §3 Sidebar item, §7 GET /sidebar/left, §9. */

/** viewer.md §9: items per page. */
export const SIDEBAR_PAGE_SIZE = 20;
/** viewer.md §7: the client stops when a page brings fewer than this. */
export const SIDEBAR_SHORT_PAGE = 10;
/** The deepest page served: 10,000 videos, more than anyone scrolls through in a sidebar. */
export const SIDEBAR_MAX_PAGE = 500;
/** viewer.md §9: the sidebar shows from this viewport width. */
export const SIDEBAR_MIN_VIEWPORT = 1400;
/** viewer.md §9: the next page is asked this close to the end of the sidebar's own scroll area. */
export const SIDEBAR_LOAD_MARGIN_PX = 100;

export const sidebarMessages = {
  badPage: `page must be a whole number from 1 to ${SIDEBAR_MAX_PAGE}.`,
} as const;

/**
 * GET /v1/sidebar/left?gender=&per_page=20&page=n. A page is a position range of one ranked snapshot,
 * so `page` must be exact (a guessed default would repeat items): 422 when it is not. `per_page` is
 * a size hint like the other lists': out of range means the default.
 */
export const sidebarQuerySchema = z.object({
  gender: genderParamSchema,
  per_page: z.coerce.number().int().min(1).max(SIDEBAR_PAGE_SIZE).default(SIDEBAR_PAGE_SIZE).catch(SIDEBAR_PAGE_SIZE),
  page: z.coerce
    .number({ error: sidebarMessages.badPage })
    .int(sidebarMessages.badPage)
    .min(1, sidebarMessages.badPage)
    .max(SIDEBAR_MAX_PAGE, sidebarMessages.badPage)
    .default(1),
  /** The ranking epoch links.next pins a walk to; unknown or malformed means the newest. */
  epoch: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
export type SidebarQuery = z.infer<typeof sidebarQuerySchema>;

/**
 * viewer.md §3 Sidebar item: a recommended video's picture and counts, and the tag whose recommended
 * feed a tap opens (/tag/{slug}/recommended/{id}): the video's first tag.
 */
export const sidebarItemSchema = z.object({
  id: z.number(),
  /** The thumbnail, else the first frame; null only for a video with neither yet. */
  thumbnailUrl: z.string().nullable(),
  /** The thumbnail's sized copies for `srcset`, narrowest first (as Video.thumbnailSources). */
  thumbnailSources: z.array(imageSourceSchema),
  viewCount: z.number(),
  likeCount: z.number(),
  redirectToTag: z.object({ slug: z.string() }),
});
export type SidebarItem = z.infer<typeof sidebarItemSchema>;

export const sidebarListResponseSchema = listResponseSchema(sidebarItemSchema);
export type SidebarListResponse = z.infer<typeof sidebarListResponseSchema>;
