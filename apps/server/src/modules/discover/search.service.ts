import { SEARCH_RESULTS_PER_KIND, type Category, type SearchResponse } from '@flick/contract';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import { anonymous, type Viewer } from '../../lib/viewer.ts';
import { imageSources } from '../accounts/profile-images.ts';
import type { FeedService } from '../feed/feed.service.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { searchRepository } from './search.repository.ts';

/** Tags are ranked by counts this old at most (ADR 0011). */
export const TAG_COUNTS_MAX_AGE_MS = 5 * 60_000;
/**
 * Everyone typing "c" or "lun" asks the same question: an answer is shared by every viewer of the same
 * categories this long (ADR 0011), and a burst of the same search is one trip to the database.
 */
export const SEARCH_SHARE_MS = 5000;
/** Distinct searches kept at once: an answer is a few kilobytes. */
const SHARED_SEARCHES = 5000;
/** Trigrams of a shorter text say nothing; such a query matches by prefix only. */
const FUZZY_MIN_CHARACTERS = 3;

const empty = (): SearchResponse => ({ users: [], tags: [], videos: [] });

/**
 * The query as searched: control characters (which PostgreSQL text cannot hold, or which no name has)
 * become spaces, runs of spaces one. Counted in characters, not UTF-16 units, so an emoji is one.
 */
export function searchText(query: string) {
  const text = query
    .replace(/[\p{Cc}\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const lastWord = text.match(/[\p{L}\p{N}]+$/u)?.[0] ?? '';
  const alphanumerics = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return {
    text,
    /** Misspellings too: enough letters or digits for trigrams to mean something. */
    fuzzy: alphanumerics >= FUZZY_MIN_CHARACTERS,
    /** Titles: the last word may be the start of one (a shorter start would match too many words to be worth it). */
    titlePrefix: [...lastWord].length >= FUZZY_MIN_CHARACTERS,
    /** Titles match whole words, so a query of signs and emoji alone has nothing to look for. */
    hasWords: alphanumerics > 0,
  };
}

/** viewer.md §4, §7 POST /discover/search: creators, tags and videos for a text, for the viewer's categories. */
export function searchService({
  db,
  pool,
  feed,
  visibility,
  tagCountsMaxAgeMs = TAG_COUNTS_MAX_AGE_MS,
}: {
  db: Database;
  pool: pg.Pool;
  visibility: VisibilityService;
  /** Videos are shown as the feed shows them (one hydration, the viewer's likes and ratings). */
  feed: FeedService;
  tagCountsMaxAgeMs?: number;
}) {
  const repo = searchRepository(db, pool);
  const answers = new SharedAnswers<SearchResponse>(SEARCH_SHARE_MS, SHARED_SEARCHES);
  let countsAt = 0;

  /** The tags' counts are refreshed in the background, at most once per period; a search never waits for it. */
  function refreshTagCountsWhenOld() {
    if (Date.now() - countsAt < tagCountsMaxAgeMs) return;
    countsAt = Date.now();
    repo.refreshTagCounts().catch(() => {
      countsAt = 0;
    });
  }

  /** What every viewer of these categories is answered for this text; videos without anyone's likes. */
  async function sharedAnswer(text: string, genders: readonly Category[]): Promise<SearchResponse> {
    const { fuzzy, titlePrefix, hasWords } = searchText(text);
    const limit = SEARCH_RESULTS_PER_KIND;
    const [users, tags, videoIds] = await Promise.all([
      repo.users(text, genders, limit, fuzzy),
      repo.tags(text, genders, limit, fuzzy),
      hasWords ? repo.videoIds(text, genders, limit, titlePrefix) : [],
    ]);
    return {
      users: users.map((row) => ({ ...row, avatarSources: imageSources('avatar', row.avatar) })),
      tags,
      videos: await feed.videosById(videoIds, anonymous),
    };
  }

  return {
    async search(query: string, genders: readonly Category[], viewer: Viewer, isFinal: boolean): Promise<SearchResponse> {
      const { text } = searchText(query);
      if (!text) return empty();
      refreshTagCountsWhenOld();
      const [shared, hidden] = await Promise.all([
        answers.get(`${[...genders].sort().join(',')}:${text}`, () => sharedAnswer(text, genders)),
        visibility.hiddenCreatorsFor(viewer.place),
      ]);
      // Creators hidden where the viewer is are left out (geo-blocking, ADR 0013).
      const users = hidden.ids.size === 0 ? shared.users : shared.users.filter((u) => !hidden.ids.has(u.id));
      const videos =
        hidden.ids.size === 0 && hidden.videos.size === 0 ? shared.videos : shared.videos.filter((v) => !hidden.ids.has(v.userId) && !hidden.videos.has(v.id));
      const answer: SearchResponse = { ...shared, users, videos: await feed.withViewer(videos, viewer) };
      if (isFinal) {
        const results = answer.users.length + answer.tags.length + answer.videos.length;
        await repo.record({ query: text, userId: viewer.userId, guestId: viewer.guestId, results });
      }
      return answer;
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
