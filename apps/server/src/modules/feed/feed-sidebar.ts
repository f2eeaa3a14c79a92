import { SIDEBAR_MAX_PAGE, type Category, type SidebarItem, type Video } from '@flick/contract';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { genderMask } from './feed-snapshot.ts';
import type { FeedVideoRow } from './feed.repository.ts';
import { anyOwnedBy, nobody, PAGE_CACHE_MS } from './ranked-pages.ts';
import type { SnapshotStore, View, ViewFilter } from './snapshot-store.ts';

interface SidebarPage {
  items: SidebarItem[];
  /** Whether the filtered order goes on past this page. */
  more: boolean;
}

/** GET /v1/sidebar/left (viewer.md §2 App shell, §7): the home ranking as pages of tagged videos. */
export function feedSidebar({
  store,
  visibility,
  hydrate,
  taglessVideoIds,
  present,
}: {
  store: SnapshotStore;
  visibility: VisibilityService;
  hydrate: (ids: number[]) => Promise<Map<number, FeedVideoRow>>;
  taglessVideoIds: () => Promise<Set<number>>;
  present: (row: FeedVideoRow) => Video;
}) {
  const sidebarPages = new SharedAnswers<SidebarPage>(PAGE_CACHE_MS, 1000);
  let tagless: { epoch: number; ids: Promise<Set<number>> } | null = null;

  /** The home order without tagless videos (their sidebar item would have no tag feed to open), per epoch. */
  const taggedFilter = (genders: readonly Category[], epoch: number): ViewFilter => ({
    genderMask: genderMask(genders),
    key: 'tagged',
    accept: async () => {
      if (tagless?.epoch !== epoch) {
        const ids = taglessVideoIds();
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
    const rows = await hydrate(ids);
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

  /**
   * Recommended videos, the home ranking of one epoch for the viewer's categories, by page. The same for
   * every viewer (no per-viewer flags). `epoch` (from links.next) keeps a walk on one order; an epoch
   * since dropped falls back to the newest.
   */
  return async function sidebar(
    q: { gender: Category[]; per_page: number; page: number; epoch?: number },
    viewer: Viewer,
  ): Promise<{ data: SidebarItem[]; next: { page: number; epoch: number } | null }> {
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
  };
}
