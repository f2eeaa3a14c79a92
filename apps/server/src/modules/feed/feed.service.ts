import {
  categories,
  FEED_PAGE_SIZE,
  feedMessages,
  tagSlug,
  type Category,
  type DiscoverCategory,
  type RatedVideo,
  SIDEBAR_MAX_PAGE,
  type SidebarItem,
  type Tag,
  type Video,
} from '@flick/contract';
import type pg from 'pg';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  decodeCursor,
  decodeRankCursor,
  decodeTimestampCursor,
  encodeCursor,
  encodeRankCursor,
  encodeTimestampCursor,
  keysetPage,
  type Page,
  type RankCursor,
} from '../../lib/keyset.ts';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import { viewerKey, type Viewer } from '../../lib/viewer.ts';
import { toVideo } from '../videos/video-view.ts';
import type { WebcamSitesService } from '../webcam-sites/webcam-sites.service.ts';
import { feedRepository, type FeedVideoRow } from './feed.repository.ts';
import { genderMask, type FeedList } from './feed-snapshot.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { snapshotStore, type View, type ViewFilter } from './snapshot-store.ts';

/** A page looks the same to every viewer apart from isLiked/isRated: shared briefly by all of them. */
const PAGE_CACHE_MS = 2000;
/** Extra ids read per page, so a video unpublished since the snapshot does not shorten the page. */
const SLACK = 5;

const nobody: ReadonlySet<number> = new Set();
const noFlags = { liked: nobody, rated: nobody };

/**
 * A page as every viewer shares it (the videos' isLiked/isRated false), with this viewer's likes and
 * ratings among them beside it: the route writes the flags into the shared videos' JSON (issue 18)
 * instead of copying every video for every request.
 */
export interface ViewerPage {
  videos: Video[];
  liked: ReadonlySet<number>;
  rated: ReadonlySet<number>;
  next: string | null;
  /** The ranked snapshot the page was read from; none for an empty feed. */
  epoch?: number;
}

/** The page with the flags in copies of its videos; the shared videos themselves when there are none. */
export function flagged({ videos, liked, rated, next }: ViewerPage): Page<Video> {
  if (liked.size === 0 && rated.size === 0) return { data: videos, next };
  return { data: videos.map((v) => ({ ...v, isLiked: liked.has(v.id), isRated: rated.has(v.id) })), next };
}

/** Whether a creator in `owners` has a video at positions from..to of the view. */
function anyOwnedBy(view: View, from: number, to: number, owners: ReadonlySet<number>): boolean {
  for (let i = from; i < to && i < view.owners.length; i += 1) if (owners.has(view.owners[i]!)) return true;
  return false;
}

/** The categories for SQL: null when all are asked for, so no row needs its creator looked up. */
const genderFilter = (genders: readonly Category[]) => (categories.every((c) => genders.includes(c)) ? null : genders);

interface SidebarPage {
  items: SidebarItem[];
  /** Whether the filtered order goes on past this page. */
  more: boolean;
}

export function feedService({
  pool,
  media,
  sites,
  visibility,
}: {
  pool: pg.Pool;
  media: MediaStorage;
  sites: WebcamSitesService;
  /** Who is hidden where the viewer is (ADR 0013): left out of every list, 403 when opened directly. */
  visibility: VisibilityService;
}) {
  const repo = feedRepository(pool);
  const store = snapshotStore(pool);
  const pages = new SharedAnswers<{ videos: Video[]; next: number | null }>(PAGE_CACHE_MS, 4000);
  const sidebarPages = new SharedAnswers<SidebarPage>(PAGE_CACHE_MS, 1000);
  let tagless: { epoch: number; ids: Promise<Set<number>> } | null = null;

  // statusReason is for the owner only; viewers never see why (viewer.md §3, the issue).
  const present = (row: FeedVideoRow): Video => toVideo({ ...row, statusReason: null }, row.owner, row.tags, media);

  /** Which of the videos this viewer liked and rated (nothing for nobody in particular). */
  async function flagsOf(videos: readonly Video[], viewer: Viewer): Promise<{ liked: ReadonlySet<number>; rated: ReadonlySet<number> }> {
    const key = viewerKey(viewer);
    if (!key || videos.length === 0) return noFlags;
    return repo.viewerFlags(key, viewer.userId, videos.map((v) => v.id));
  }

  async function withViewer(videos: Video[], viewer: Viewer): Promise<Video[]> {
    return flagged({ videos, ...(await flagsOf(videos, viewer)), next: null }).data;
  }

  /**
   * Reads `size` published videos of `view` from `position`, skipping `skip` and the creators hidden
   * where the viewer is; null next at the end.
   */
  async function readView(view: View, position: number, size: number, skip: number, hidden: ReadonlySet<number>) {
    const ids: number[] = [];
    const indexOf = new Map<number, number>();
    let i = position;
    for (; i < view.ids.length && ids.length < size + SLACK; i += 1) {
      if (view.ids[i] === skip || (hidden.size > 0 && hidden.has(view.owners[i]!))) continue;
      ids.push(view.ids[i]!);
      indexOf.set(view.ids[i]!, i);
    }
    const rows = await repo.hydrate(ids);
    const videos: Video[] = [];
    let end = i;
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      videos.push(present(row));
      if (videos.length === size) {
        end = indexOf.get(id)! + 1;
        break;
      }
    }
    return { videos, next: end < view.ids.length ? end : null };
  }

  /**
   * A page of a ranked list: the cursor pins the epoch, so a session walks one stable order and never
   * sees a video twice. A cursor whose epoch has been dropped continues at its position in the newest.
   */
  async function rankedPage(list: FeedList, filter: ViewFilter, cursor: RankCursor | null, size: number, viewer: Viewer, skip = 0): Promise<ViewerPage> {
    const [latest, hidden] = await Promise.all([store.latestEpoch(), visibility.hiddenCreatorsFor(viewer.place)]);
    if (latest === null) return { videos: [], ...noFlags, next: null };
    const snapshot = (cursor && (await store.list(cursor.epoch, list))) || (await store.list(latest, list));
    if (!snapshot) return { videos: [], ...noFlags, next: null };
    const view = await store.view(snapshot, filter);
    const position = cursor?.position ?? 0;
    const key = `${snapshot.epoch}:${list}:${filter.genderMask}:${filter.key}:${position}:${size}:${skip}`;
    let page = await pages.get(key, () => readView(view, position, size, skip, nobody));
    // Where some creators are hidden, the page everyone shares still serves unless one of them is on it.
    if (hidden.ids.size > 0 && anyOwnedBy(view, position, page.next ?? view.ids.length, hidden.ids)) {
      page = await pages.get(`${key}:${hidden.key}`, () => readView(view, position, size, skip, hidden.ids));
    }
    const shown = hidden.videos.size > 0 ? page.videos.filter((v) => !hidden.videos.has(v.id)) : page.videos;
    return {
      videos: shown,
      ...(await flagsOf(shown, viewer)),
      next: page.next === null ? null : encodeRankCursor({ epoch: snapshot.epoch, position: page.next, skip }),
      epoch: snapshot.epoch,
    };
  }

  /** The home order without tagless videos (their sidebar item would have no tag feed to open), per epoch. */
  const taggedFilter = (genders: readonly Category[], epoch: number): ViewFilter => ({
    genderMask: genderMask(genders),
    key: 'tagged',
    accept: async () => {
      if (tagless?.epoch !== epoch) {
        const ids = repo.taglessVideoIds();
        ids.catch(() => (tagless = null));
        tagless = { epoch, ids };
      }
      const without = await tagless.ids;
      return (videoId) => !without.has(videoId);
    },
  });

  /**
   * Page n of the sidebar: positions (n-1)*size .. n*size of the filtered home order (an array slice,
   * not SQL OFFSET). A video unpublished since the snapshot leaves its page one shorter, never shifts
   * the next one, so walking pages never repeats an item.
   */
  async function readSidebarPage(view: View, page: number, size: number, hidden: ReadonlySet<number>): Promise<SidebarPage> {
    const start = (page - 1) * size;
    const ids = Array.from(view.ids.subarray(start, start + size)).filter((_, i) => !hidden.has(view.owners[start + i]!));
    const rows = await repo.hydrate(ids);
    const items = ids.flatMap((id): SidebarItem[] => {
      const row = rows.get(id);
      const tag = row?.tags[0];
      if (!row || !tag) return [];
      const video = present(row);
      return [
        {
          id: video.id,
          thumbnailUrl: video.thumbnailUrl ?? video.firstFrameUrl,
          thumbnailSources: video.thumbnailUrl ? video.thumbnailSources : [],
          viewCount: video.viewCount,
          likeCount: video.likeCount,
          redirectToTag: { slug: tag.slug },
        },
      ];
    });
    return { items, more: start + size < view.ids.length };
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
    return { rows, data: await videosById(rows.map((r) => r.id), viewer), next };
  }

  /**
   * Published videos by id in the order given, hydrated in one statement and flagged for the viewer; one
   * unpublished meanwhile, or whose creator is hidden where the viewer is, drops out.
   */
  async function videosById(ids: readonly number[], viewer: Viewer): Promise<Video[]> {
    if (ids.length === 0) return [];
    const [hydrated, hidden] = await Promise.all([repo.hydrate([...ids]), visibility.hiddenCreatorsFor(viewer.place)]);
    const shown = (id: number) => hydrated.has(id) && !hidden.ids.has(hydrated.get(id)!.userId) && !hidden.videos.has(id);
    return withViewer(ids.flatMap((id) => (shown(id) ? [present(hydrated.get(id)!)] : [])), viewer);
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

    /**
     * GET /v1/sidebar/left (viewer.md §2 App shell, §7): recommended videos, the home ranking of one
     * epoch for the viewer's categories, by page. The same for every viewer (no per-viewer flags).
     * `epoch` (from links.next) keeps a walk on one order; an epoch since dropped falls back to the newest.
     */
    async sidebar(q: { gender: Category[]; per_page: number; page: number; epoch?: number }, viewer: Viewer): Promise<{ data: SidebarItem[]; next: { page: number; epoch: number } | null }> {
      const [latest, hidden] = await Promise.all([store.latestEpoch(), visibility.hiddenCreatorsFor(viewer.place)]);
      if (latest === null) return { data: [], next: null };
      const pinned = q.epoch !== undefined && q.epoch <= latest ? await store.list(q.epoch, 'home') : null;
      const snapshot = pinned ?? (await store.list(latest, 'home'));
      if (!snapshot) return { data: [], next: null };
      const filter = taggedFilter(q.gender, snapshot.epoch);
      const view = await store.view(snapshot, filter);
      const key = `${snapshot.epoch}:${filter.genderMask}:${q.page}:${q.per_page}`;
      const start = (q.page - 1) * q.per_page;
      const { items, more } =
        hidden.ids.size > 0 && anyOwnedBy(view, start, start + q.per_page, hidden.ids)
          ? await sidebarPages.get(`${key}:${hidden.key}`, () => readSidebarPage(view, q.page, q.per_page, hidden.ids))
          : await sidebarPages.get(key, () => readSidebarPage(view, q.page, q.per_page, nobody));
      const data = hidden.videos.size > 0 ? items.filter((item) => !hidden.videos.has(item.id)) : items;
      return { data, next: more && q.page < SIDEBAR_MAX_PAGE ? { page: q.page + 1, epoch: snapshot.epoch } : null };
    },

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
