import { categories, FEED_PAGE_SIZE, feedMessages, tagSlug, type Category, type DiscoverCategory, type RatedVideo, type Tag, type Video } from '@flick/contract';
import type pg from 'pg';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { HttpError } from '../../lib/http-error.ts';
import { decodeCursor, decodeRankCursor, decodeTimestampCursor, encodeCursor, encodeRankCursor, encodeTimestampCursor, keysetPage, type Page } from '../../lib/keyset.ts';
import { viewerKey, type Viewer } from '../../lib/viewer.ts';
import { toVideo } from '../videos/video-view.ts';
import type { MediaUrls } from '../videos/media-urls.ts';
import type { WebcamSitesService } from '../webcam-sites/webcam-sites.service.ts';
import { feedRepository, type FeedVideoRow } from './feed.repository.ts';
import { genderMask } from './feed-snapshot.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { feedSidebar } from './feed-sidebar.ts';
import { flagged, noFlags, rankedPages, type Flags, type ViewerPage } from './ranked-pages.ts';
import { snapshotStore, type ViewFilter } from './snapshot-store.ts';

/** The categories for SQL: null when all are asked for, so no row needs its creator looked up. */
const genderFilter = (genders: readonly Category[]) => (categories.every((c) => genders.includes(c)) ? null : genders);

export function feedService({
  pool,
  media,
  urls,
  sites,
  visibility,
}: {
  pool: pg.Pool;
  media: MediaStorage;
  /**
   * Public or signed addresses per video (ADR 0027): a geo-blocked creator's videos are shown only where
   * they are visible (every list asks `visibility`), so whoever is shown one gets signed addresses.
   * Without, public ones only.
   */
  urls?: MediaUrls;
  sites: WebcamSitesService;
  /** Who is hidden where the viewer is (ADR 0024): left out of every list, 403 when opened directly. */
  visibility: VisibilityService;
}) {
  const repo = feedRepository(pool);
  const store = snapshotStore(pool);

  // statusReason is for the owner only; viewers never see why (viewer.md §3).
  const present = (row: FeedVideoRow): Video => toVideo({ ...row, statusReason: null }, row.owner, row.tags, urls ? urls.of(row, 'viewer') : media);

  /** Which of the videos this viewer liked and rated (nothing for nobody in particular). */
  async function flagsOf(videos: readonly Video[], viewer: Viewer): Promise<Flags> {
    const key = viewerKey(viewer);
    if (!key || videos.length === 0) return noFlags;
    return repo.viewerFlags(
      key,
      viewer.userId,
      videos.map((v) => v.id),
    );
  }

  async function withViewer(videos: Video[], viewer: Viewer): Promise<Video[]> {
    return flagged({ videos, ...(await flagsOf(videos, viewer)), next: null }).data;
  }

  const hydrate = (ids: number[]) => repo.hydrate(ids);
  const rankedPage = rankedPages({ store, visibility, hydrate, present, flagsOf });
  const sidebar = feedSidebar({ store, visibility, hydrate, taglessVideoIds: () => repo.taglessVideoIds(), present });

  const tagFilter = (genders: readonly Category[], tagIds: readonly number[]): ViewFilter => {
    if (tagIds.length === 0) return { genderMask: genderMask(genders), key: '' };
    const sorted = [...tagIds].sort((a, b) => a - b);
    return {
      genderMask: genderMask(genders),
      key: `tags:${sorted.join(',')}`,
      accept: async () => {
        const ids = await repo.videoIdsWithTags(sorted);
        return (videoId) => ids.has(videoId);
      },
    };
  };

  /** The video a start route opens with: 404 unless published, 403 when region-blocked. */
  async function startVideo(videoId: number, viewer: Viewer): Promise<Video> {
    const row = (await repo.hydrate([videoId])).get(videoId);
    if (!row) throw new HttpError(404, feedMessages.videoNotFound);
    if (await visibility.hides(row.userId, viewer)) throw new HttpError(403, feedMessages.contentBlockedText);
    return (await withViewer([present(row)], viewer))[0]!;
  }

  /** The video first, then the ranked list without it (the first page is one video shorter). */
  async function startedPage(video: () => Promise<Video>, videoId: number, filter: ViewFilter, cursorText: string | undefined, viewer: Viewer) {
    const cursor = decodeRankCursor(cursorText);
    if (cursor) return flagged(await rankedPage('home', filter, cursor, FEED_PAGE_SIZE, viewer, cursor.skip));
    const first = await video();
    const rest = flagged(await rankedPage('home', filter, null, FEED_PAGE_SIZE - 1, viewer, videoId));
    return { data: [first, ...rest.data], next: rest.next };
  }

  /**
   * A newest-first page of published videos from ids read one beyond its size, each with the time it
   * is ordered by: hydrated in one statement, flagged for the viewer. A video unpublished meanwhile drops out.
   */
  async function videoPage<R extends { id: number }>(found: readonly R[], size: number, timeOf: (row: R) => string, viewer: Viewer) {
    const { rows, next } = keysetPage(found, size, (last) => encodeTimestampCursor({ at: timeOf(last), id: last.id }));
    return {
      rows,
      data: await videosById(
        rows.map((r) => r.id),
        viewer,
      ),
      next,
    };
  }

  /**
   * Published videos by id in the order given, hydrated in one statement and flagged for the viewer; one
   * unpublished meanwhile, or whose creator is hidden where the viewer is, drops out.
   */
  async function videosById(ids: readonly number[], viewer: Viewer): Promise<Video[]> {
    if (ids.length === 0) return [];
    const [hydrated, hidden] = await Promise.all([repo.hydrate([...ids]), visibility.hiddenCreatorsFor(viewer.place)]);
    const shown = (id: number) => hydrated.has(id) && !hidden.ids.has(hydrated.get(id)!.userId) && !hidden.videos.has(id);
    return withViewer(
      ids.flatMap((id) => (shown(id) ? [present(hydrated.get(id)!)] : [])),
      viewer,
    );
  }

  async function tagOr404(by: { id: number } | { slug: string }): Promise<Tag> {
    const tag = await repo.tag(by);
    if (!tag) throw new HttpError(404, feedMessages.tagNotFound);
    return tag;
  }

  return {
    store,
    videosById,
    /** Videos of an answer shared by every viewer (built for `anonymous`), with this viewer's isLiked and isRated. */
    withViewer,

    /**
     * viewer.md §2 home: ranked, by the viewer's categories and selected tags; with `first`, the cursor
     * of this very page (the same ranked snapshot from its start), which the shell of "/" hands to a
     * returning guest so that their own page is the one whose first video already plays (ADR 0019).
     */
    async home(q: { gender: Category[]; tags: number[]; cursor?: string }, viewer: Viewer): Promise<Page<Video> & { first: string | null }> {
      const page = await rankedPage('home', tagFilter(q.gender, q.tags), decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer);
      return { ...flagged(page), first: page.epoch === undefined ? null : encodeRankCursor({ epoch: page.epoch, position: 0, skip: 0 }) };
    },

    /** The same page with the viewer's flags beside the shared videos, for the route to write out. */
    homePage(q: { gender: Category[]; tags: number[]; cursor?: string }, viewer: Viewer): Promise<ViewerPage> {
      return rankedPage('home', tagFilter(q.gender, q.tags), decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer);
    },

    /** /video/{id}: the video, then the home feed. */
    start(videoId: number, q: { gender: Category[]; cursor?: string }, viewer: Viewer) {
      return startedPage(() => startVideo(videoId, viewer), videoId, tagFilter(q.gender, []), q.cursor, viewer);
    },

    /** /tag/{id}: a grid of the tag's videos in ranked order. */
    async tagGrid(tagId: number, q: { gender: Category[]; cursor?: string; per_page: number }, viewer: Viewer) {
      const tag = await tagOr404({ id: tagId });
      return flagged(await rankedPage('home', tagFilter(q.gender, [tag.id]), decodeRankCursor(q.cursor), q.per_page, viewer));
    },

    /** /tag/{slug}/recommended/{videoId}: that video, then the tag's ranked videos. */
    async tagRecommended(slug: string, videoId: number, q: { gender: Category[]; cursor?: string }, viewer: Viewer) {
      const tag = await tagOr404({ slug: tagSlug(slug) });
      return startedPage(() => startVideo(videoId, viewer), videoId, tagFilter(q.gender, [tag.id]), q.cursor, viewer);
    },

    /** Discover sections: most liked or viewed, this week or all time. */
    async discoverCategory(category: DiscoverCategory, q: { gender: Category[]; cursor?: string }, viewer: Viewer) {
      return flagged(await rankedPage(category, tagFilter(q.gender, []), decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer));
    },

    /** "Best of {site}": the ranked videos of creators who have a link on that site; 404 for no such site. */
    async webcamSite(slug: string, q: { gender: Category[]; cursor?: string }, viewer: Viewer) {
      const site = await sites.find(slug.toLowerCase());
      if (!site) throw new HttpError(404, feedMessages.siteNotFound);
      const filter: ViewFilter = {
        genderMask: genderMask(q.gender),
        key: `site:${site.slug}:${site.hosts.join(',')}`,
        accept: async () => {
          const owners = await sites.creatorsOn(site.hosts);
          return (_videoId, ownerId) => owners.has(ownerId);
        },
      };
      return flagged(await rankedPage('home', filter, decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer));
    },

    /** A creator's published videos, newest first (profile grid and /{slug}/feed). */
    async userVideos(idOrSlug: string, q: { cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<Video>> {
      const userId = await repo.userId(idOrSlug);
      if (userId === undefined) throw new HttpError(404, feedMessages.userNotFound);
      if (await visibility.hides(userId, viewer)) throw new HttpError(403, feedMessages.contentBlockedText);
      const found = await repo.userVideoIds(userId, decodeTimestampCursor(q.cursor), q.per_page + 1);
      const { data, next } = await videoPage(found, q.per_page, (row) => row.uploadDate, viewer);
      return { data, next };
    },

    /**
     * GET /v1/video-rating/unrated: published videos the viewer has not rated, newest first. A video
     * rated meanwhile just drops out of later pages (the keyset does not move). A guest has rated nothing.
     */
    async unrated(q: { gender: Category[]; cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<Video>> {
      const hidden = await visibility.hiddenCreatorsFor(viewer.place);
      const found = await repo.unratedVideoIds(viewer.userId, genderFilter(q.gender), decodeTimestampCursor(q.cursor), q.per_page + 1, [...hidden.ids]);
      const { data, next } = await videoPage(found, q.per_page, (row) => row.uploadDate, viewer);
      return { data, next };
    },

    /**
     * GET /v1/video-rating/rated: the signed-in viewer's rated videos still published, most recently
     * rated first (rating again moves a video to the top), each with the rating given. Empty for a guest.
     */
    async rated(q: { gender: Category[]; cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<RatedVideo>> {
      if (viewer.userId === null) return { data: [], next: null };
      const hidden = await visibility.hiddenCreatorsFor(viewer.place);
      const found = await repo.ratedVideoIds(viewer.userId, genderFilter(q.gender), decodeTimestampCursor(q.cursor), q.per_page + 1, [...hidden.ids]);
      const { rows, data, next } = await videoPage(found, q.per_page, (row) => row.ratedAt, viewer);
      const ratings = new Map(rows.map((r) => [r.id, r.rating]));
      return { data: data.map((v) => ({ ...v, isRated: true, myRating: ratings.get(v.id)! })), next };
    },

    /** GET /v1/sidebar/left: the home ranking as pages of tagged videos, shared by every viewer at one place. */
    sidebar,

    /** GET /v1/tags: tags with videos in the categories, by slug; `search` matches the start. */
    async tags(q: { gender: Category[]; per_page: number; search?: string; cursor?: string }): Promise<Page<Tag>> {
      const prefix = q.search ? tagSlug(q.search) || null : null;
      const after = decodeCursor(q.cursor, 1)?.[0] ?? null;
      const { rows, next } = keysetPage(await repo.tags(prefix, q.gender, after, q.per_page + 1), q.per_page, (last) => encodeCursor([last.slug]));
      return { data: rows, next };
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
