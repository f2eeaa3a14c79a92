import {
  categories,
  FEED_PAGE_SIZE,
  feedMessages,
  tagSlug,
  type Category,
  type DiscoverCategory,
  type RatedVideo,
  type Tag,
  type Video,
} from '@flick/contract';
import type pg from 'pg';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { HttpError } from '../../lib/http-error.ts';
import { viewerKey, type Viewer } from '../../lib/viewer.ts';
import { toVideo } from '../videos/video-view.ts';
import { decodeCursor, decodeRankCursor, encodeCursor, encodeRankCursor, type RankCursor } from './feed-cursor.ts';
import { feedRepository, type FeedVideoRow } from './feed.repository.ts';
import { genderMask, type FeedList } from './feed-snapshot.ts';
import { Lru, snapshotStore, type ViewFilter } from './snapshot-store.ts';

/**
 * Geo-blocking plugs in here (accounts.md "geo-blocking", a later issue): given the creator of a video or
 * profile a viewer opens directly, false answers 403 with the region-blocked message.
 */
export type RegionAccess = (ownerId: number, clientIp: string) => Promise<boolean>;

export interface Page<T> {
  data: T[];
  /** The cursor for `links.next`, or null on the last page. */
  next: string | null;
}

/** A page looks the same to every viewer apart from isLiked/isRated: shared briefly by all of them. */
const PAGE_CACHE_MS = 2000;
/** PostgreSQL's text form of a timestamptz: exact to the microsecond, unlike a JS Date. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
/** Extra ids read per page, so a video unpublished since the snapshot does not shorten the page. */
const SLACK = 5;

/** A keyset position on (time, id) from a cursor of ours, or null to start at the top. */
function decodeTimeCursor(cursor: string | undefined): { at: string; id: number } | null {
  const parts = decodeCursor(cursor, 2);
  if (!parts || !TIMESTAMP_TEXT.test(parts[0]!) || !/^\d{1,15}$/.test(parts[1]!)) return null;
  return { at: parts[0]!, id: Number(parts[1]) };
}

/** The categories for SQL: null when all are asked for, so no row needs its creator looked up. */
const genderFilter = (genders: readonly Category[]) => (categories.every((c) => genders.includes(c)) ? null : genders);

export function feedService({ pool, media, regionAccess }: { pool: pg.Pool; media: MediaStorage; regionAccess?: RegionAccess }) {
  const repo = feedRepository(pool);
  const store = snapshotStore(pool);
  const pages = new Lru<string, { at: number; page: Promise<{ videos: Video[]; next: number | null }> }>(4000);

  // statusReason is for the owner only; viewers never see why (viewer.md §3, the issue).
  const present = (row: FeedVideoRow): Video => toVideo({ ...row, statusReason: null }, row.owner, row.tags, media);

  async function withViewer(videos: Video[], viewer: Viewer): Promise<Video[]> {
    const key = viewerKey(viewer);
    if (!key || videos.length === 0) return videos;
    const flags = await repo.viewerFlags(key, viewer.userId, videos.map((v) => v.id));
    return videos.map((v) => ({ ...v, isLiked: flags.liked.has(v.id), isRated: flags.rated.has(v.id) }));
  }

  /** Reads `size` published videos of `view` from `position`, skipping `skip`; null next at the end. */
  async function readView(view: Uint32Array, position: number, size: number, skip: number) {
    const ids: number[] = [];
    const indexOf = new Map<number, number>();
    for (let i = position; i < view.length && ids.length < size + SLACK; i += 1) {
      if (view[i] === skip) continue;
      ids.push(view[i]!);
      indexOf.set(view[i]!, i);
    }
    const rows = await repo.hydrate(ids);
    const videos: Video[] = [];
    let end = ids.length > 0 ? indexOf.get(ids.at(-1)!)! + 1 : view.length;
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      videos.push(present(row));
      if (videos.length === size) {
        end = indexOf.get(id)! + 1;
        break;
      }
    }
    return { videos, next: end < view.length ? end : null };
  }

  /**
   * A page of a ranked list: the cursor pins the epoch, so a session walks one stable order and never
   * sees a video twice. A cursor whose epoch has been dropped continues at its position in the newest.
   */
  async function rankedPage(list: FeedList, filter: ViewFilter, cursor: RankCursor | null, size: number, viewer: Viewer, skip = 0) {
    const latest = await store.latestEpoch();
    if (latest === null) return { data: [], next: null };
    const snapshot = (cursor && (await store.list(cursor.epoch, list))) || (await store.list(latest, list));
    if (!snapshot) return { data: [], next: null };
    const view = await store.view(snapshot, filter);
    const position = cursor?.position ?? 0;
    const key = `${snapshot.epoch}:${list}:${filter.genderMask}:${filter.key}:${position}:${size}:${skip}`;
    let cached = pages.get(key);
    if (!cached || Date.now() - cached.at > PAGE_CACHE_MS) {
      cached = { at: Date.now(), page: readView(view, position, size, skip) };
      cached.page.catch(() => pages.delete(key));
      pages.set(key, cached);
    }
    const page = await cached.page;
    return {
      data: await withViewer(page.videos, viewer),
      next: page.next === null ? null : encodeRankCursor({ epoch: snapshot.epoch, position: page.next, skip }),
    };
  }

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
  async function startVideo(videoId: number, viewer: Viewer, clientIp: string): Promise<Video> {
    const row = (await repo.hydrate([videoId])).get(videoId);
    if (!row) throw new HttpError(404, feedMessages.videoNotFound);
    if (regionAccess && !(await regionAccess(row.userId, clientIp))) throw new HttpError(403, feedMessages.contentBlockedText);
    return (await withViewer([present(row)], viewer))[0]!;
  }

  /** The video first, then the ranked list without it (the first page is one video shorter). */
  async function startedPage(video: () => Promise<Video>, videoId: number, filter: ViewFilter, cursorText: string | undefined, viewer: Viewer) {
    const cursor = decodeRankCursor(cursorText);
    if (cursor) return rankedPage('home', filter, cursor, FEED_PAGE_SIZE, viewer, cursor.skip);
    const first = await video();
    const rest = await rankedPage('home', filter, null, FEED_PAGE_SIZE - 1, viewer, videoId);
    return { data: [first, ...rest.data], next: rest.next };
  }

  async function tagOr404(by: { id: number } | { slug: string }): Promise<Tag> {
    const tag = await repo.tag(by);
    if (!tag) throw new HttpError(404, feedMessages.tagNotFound);
    return tag;
  }

  return {
    store,

    /** viewer.md §2 home: ranked, by the viewer's categories and selected tags. */
    home(q: { gender: Category[]; tags: number[]; cursor?: string }, viewer: Viewer): Promise<Page<Video>> {
      return rankedPage('home', tagFilter(q.gender, q.tags), decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer);
    },

    /** /video/{id}: the video, then the home feed. */
    start(videoId: number, q: { gender: Category[]; cursor?: string }, viewer: Viewer, clientIp: string) {
      return startedPage(() => startVideo(videoId, viewer, clientIp), videoId, tagFilter(q.gender, []), q.cursor, viewer);
    },

    /** /tag/{id}: a grid of the tag's videos in ranked order. */
    async tagGrid(tagId: number, q: { gender: Category[]; cursor?: string; per_page: number }, viewer: Viewer) {
      const tag = await tagOr404({ id: tagId });
      return rankedPage('home', tagFilter(q.gender, [tag.id]), decodeRankCursor(q.cursor), q.per_page, viewer);
    },

    /** /tag/{slug}/recommended/{videoId}: that video, then the tag's ranked videos. */
    async tagRecommended(slug: string, videoId: number, q: { gender: Category[]; cursor?: string }, viewer: Viewer, clientIp: string) {
      const tag = await tagOr404({ slug: tagSlug(slug) });
      return startedPage(() => startVideo(videoId, viewer, clientIp), videoId, tagFilter(q.gender, [tag.id]), q.cursor, viewer);
    },

    /** Discover sections: most liked or viewed, this week or all time. */
    discoverCategory(category: DiscoverCategory, q: { gender: Category[]; cursor?: string }, viewer: Viewer) {
      return rankedPage(category, tagFilter(q.gender, []), decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer);
    },

    /** "Best of {site}": the ranked videos of creators who have a link on that site. */
    webcamSite(site: string, q: { gender: Category[]; cursor?: string }, viewer: Viewer) {
      const normalized = site.toLowerCase().replace(/^www\./, '');
      const filter: ViewFilter = {
        genderMask: genderMask(q.gender),
        key: `site:${normalized}`,
        accept: async () => {
          const owners = await repo.ownersOnSite(normalized);
          return (_videoId, ownerId) => owners.has(ownerId);
        },
      };
      return rankedPage('home', filter, decodeRankCursor(q.cursor), FEED_PAGE_SIZE, viewer);
    },

    /** A creator's published videos, newest first (profile grid and /{slug}/feed). */
    async userVideos(idOrSlug: string, q: { cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<Video>> {
      const userId = await repo.userId(idOrSlug);
      if (userId === undefined) throw new HttpError(404, feedMessages.userNotFound);
      const position = decodeTimeCursor(q.cursor);
      const after = position && { uploadDate: position.at, id: position.id };
      const found = await repo.userVideoIds(userId, after, q.per_page + 1);
      const page = found.slice(0, q.per_page);
      const rows = await repo.hydrate(page.map((r) => r.id));
      const videos = page.flatMap((r) => (rows.has(r.id) ? [present(rows.get(r.id)!)] : []));
      const last = page.at(-1);
      return { data: await withViewer(videos, viewer), next: found.length > q.per_page && last ? encodeCursor([last.uploadDate, last.id]) : null };
    },

    /**
     * GET /v1/video-rating/unrated: published videos the viewer has not rated, newest first. A video
     * rated meanwhile just drops out of later pages (the keyset does not move). A guest has rated nothing.
     */
    async unrated(q: { gender: Category[]; cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<Video>> {
      const found = await repo.unratedVideoIds(viewer.userId, genderFilter(q.gender), decodeTimeCursor(q.cursor), q.per_page + 1);
      const page = found.slice(0, q.per_page);
      const rows = await repo.hydrate(page.map((r) => r.id));
      const videos = page.flatMap((r) => (rows.has(r.id) ? [present(rows.get(r.id)!)] : []));
      const last = page.at(-1);
      return { data: await withViewer(videos, viewer), next: found.length > q.per_page && last ? encodeCursor([last.uploadDate, last.id]) : null };
    },

    /**
     * GET /v1/video-rating/rated: the signed-in viewer's rated videos still published, most recently
     * rated first (rating again moves a video to the top), each with the rating given. Empty for a guest.
     */
    async rated(q: { gender: Category[]; cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<RatedVideo>> {
      if (viewer.userId === null) return { data: [], next: null };
      const found = await repo.ratedVideoIds(viewer.userId, genderFilter(q.gender), decodeTimeCursor(q.cursor), q.per_page + 1);
      const page = found.slice(0, q.per_page);
      const rows = await repo.hydrate(page.map((r) => r.id));
      const videos = await withViewer(
        page.flatMap((r) => (rows.has(r.id) ? [present(rows.get(r.id)!)] : [])),
        viewer,
      );
      const ratings = new Map(page.map((r) => [r.id, r.rating]));
      const last = page.at(-1);
      return {
        data: videos.map((v) => ({ ...v, isRated: true, myRating: ratings.get(v.id)! })),
        next: found.length > q.per_page && last ? encodeCursor([last.ratedAt, last.id]) : null,
      };
    },

    /** GET /v1/tags: tags with videos in the categories, by slug; `search` matches the start. */
    async tags(q: { gender: Category[]; per_page: number; search?: string; cursor?: string }): Promise<Page<Tag>> {
      const prefix = q.search ? tagSlug(q.search) || null : null;
      const after = decodeCursor(q.cursor, 1)?.[0] ?? null;
      const found = await repo.tags(prefix, q.gender, after, q.per_page + 1);
      const page = found.slice(0, q.per_page);
      return { data: page, next: found.length > q.per_page ? encodeCursor([page.at(-1)!.slug]) : null };
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
