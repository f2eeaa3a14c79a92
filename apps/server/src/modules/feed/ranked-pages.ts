import type { Video } from '@flick/contract';
import { encodeRankCursor, type Page, type RankCursor } from '../../lib/keyset.ts';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import type { FeedList } from './feed-snapshot.ts';
import type { FeedVideoRow } from './feed.repository.ts';
import type { SnapshotStore, View, ViewFilter } from './snapshot-store.ts';

/** A page looks the same to every viewer apart from isLiked/isRated: shared briefly by all of them. */
export const PAGE_CACHE_MS = 2000;
/** Extra ids read per page, so a video unpublished since the snapshot does not shorten the page. */
const SLACK = 5;

export const nobody: ReadonlySet<number> = new Set();
export const noFlags = { liked: nobody, rated: nobody };

export type Flags = { liked: ReadonlySet<number>; rated: ReadonlySet<number> };

/**
 * A page as every viewer shares it (the videos' isLiked/isRated false), with this viewer's likes and
 * ratings among them beside it: the route writes the flags into the shared videos' JSON (ADR 0026)
 * instead of copying every video for every request.
 */
export interface ViewerPage extends Flags {
  videos: Video[];
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
export function anyOwnedBy(view: View, from: number, to: number, owners: ReadonlySet<number>): boolean {
  for (let i = from; i < to && i < view.owners.length; i += 1) if (owners.has(view.owners[i]!)) return true;
  return false;
}

/**
 * Pages of the ranked lists (home, tags, Discover sections, webcam sites), read from the snapshot
 * (ADR 0007) and shared by every viewer at one place (ADR 0013).
 */
export function rankedPages({
  store,
  visibility,
  hydrate,
  present,
  flagsOf,
}: {
  store: SnapshotStore;
  visibility: VisibilityService;
  hydrate: (ids: number[]) => Promise<Map<number, FeedVideoRow>>;
  present: (row: FeedVideoRow) => Video;
  flagsOf: (videos: readonly Video[], viewer: Viewer) => Promise<Flags>;
}) {
  const pages = new SharedAnswers<{ videos: Video[]; next: number | null }>(PAGE_CACHE_MS, 4000);

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
    const rows = await hydrate(ids);
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
  return async function rankedPage(list: FeedList, filter: ViewFilter, cursor: RankCursor | null, size: number, viewer: Viewer, skip = 0): Promise<ViewerPage> {
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
  };
}
