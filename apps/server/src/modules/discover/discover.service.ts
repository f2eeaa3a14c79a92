import { categories, DISCOVER_CAROUSEL_SIZE, type Category, type DiscoverResponse, type DiscoverUser } from '@flick/contract';
import type pg from 'pg';
import { SharedAnswers } from '../../lib/shared-answers.ts';
import { anonymous, type Viewer } from '../../lib/viewer.ts';
import type { FeedService } from '../feed/feed.service.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { imageSources } from '../accounts/profile-images.ts';
import type { WebcamSitesService } from '../webcam-sites/webcam-sites.service.ts';
import { discoverRepository, type DiscoverUserRow } from './discover.repository.ts';

/** Every visitor of the same categories asks the same question: the answer is shared this long. */
export const DISCOVER_CACHE_MS = 30_000;

const toUser = (row: DiscoverUserRow): DiscoverUser => ({ ...row, avatarSources: imageSources('avatar', row.avatar) });

/** viewer.md §2 Discover: the carousels, the four sections and the webcam sites, in one answer. */
export function discoverService({ pool, feed, sites, visibility }: { pool: pg.Pool; feed: FeedService; sites: WebcamSitesService; visibility: VisibilityService }) {
  const repo = discoverRepository(pool);
  const answers = new SharedAnswers<DiscoverResponse>(DISCOVER_CACHE_MS, 16);

  async function build(genders: readonly Category[]): Promise<DiscoverResponse> {
    const only = categories.every((c) => genders.includes(c)) ? null : genders;
    const section = async (category: 'liked_weekly' | 'liked_all_time' | 'viewed_weekly' | 'viewed_all_time') =>
      (await feed.discoverCategory(category, { gender: [...genders] }, anonymous)).data;
    const [liveUsers, latestUsers, likedWeekly, likedAllTime, viewedWeekly, viewedAllTime, webcamSites] = await Promise.all([
      repo.liveUsers(only, DISCOVER_CAROUSEL_SIZE),
      repo.latestUsers(only, DISCOVER_CAROUSEL_SIZE),
      section('liked_weekly'),
      section('liked_all_time'),
      section('viewed_weekly'),
      section('viewed_all_time'),
      sites.list(),
    ]);
    return {
      liveUsers: liveUsers.map(toUser),
      latestUsers: latestUsers.map(toUser),
      videos: { liked_weekly: likedWeekly, liked_all_time: likedAllTime, viewed_weekly: viewedWeekly, viewed_all_time: viewedAllTime },
      webcam_sites: webcamSites,
    };
  }

  return {
    /**
     * GET /v1/discover: built at most once per DISCOVER_CACHE_MS per set of categories (a failed build is
     * not kept), then without the creators hidden where the viewer is.
     */
    async discover(genders: readonly Category[], viewer: Viewer): Promise<DiscoverResponse> {
      const [shared, hidden] = await Promise.all([answers.get([...genders].sort().join(','), () => build(genders)), visibility.hiddenCreatorsFor(viewer.place)]);
      if (hidden.ids.size === 0 && hidden.videos.size === 0) return shared;
      const shown = (videos: DiscoverResponse['videos']['liked_weekly']) => videos.filter((v) => !hidden.ids.has(v.userId) && !hidden.videos.has(v.id));
      return {
        ...shared,
        liveUsers: shared.liveUsers.filter((u) => !hidden.ids.has(u.id)),
        latestUsers: shared.latestUsers.filter((u) => !hidden.ids.has(u.id)),
        videos: {
          liked_weekly: shown(shared.videos.liked_weekly),
          liked_all_time: shown(shared.videos.liked_all_time),
          viewed_weekly: shown(shared.videos.viewed_weekly),
          viewed_all_time: shown(shared.videos.viewed_all_time),
        },
      };
    },
  };
}

export type DiscoverService = ReturnType<typeof discoverService>;
