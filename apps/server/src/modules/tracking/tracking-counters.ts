import type { CounterBuffer, CounterKind } from './counter-buffer.ts';
import { trackingCountsRepository, type VideoDelta } from './tracking-counts.repository.ts';

export type { VideoDelta } from './tracking-counts.repository.ts';

const emptyDelta = (): VideoDelta => ({ views: 0, likes: 0, watchSeconds: 0, completions: 0, ratingSum: 0, ratingCount: 0 });

const sum = (into: number | undefined, more: number) => (into ?? 0) + more;

const videos: CounterKind<VideoDelta> = {
  merge(into, more) {
    const merged = into ?? emptyDelta();
    for (const key of Object.keys(more) as (keyof VideoDelta)[]) merged[key] += more[key];
    return merged;
  },
  flush: trackingCountsRepository.flushVideos,
};
const events: CounterKind<number> = { merge: sum, flush: trackingCountsRepository.flushEvents };
const linkClicks: CounterKind<number> = { merge: sum, flush: trackingCountsRepository.flushLinkClicks };
const profileViews: CounterKind<number> = { merge: sum, flush: trackingCountsRepository.flushProfileViews };

/**
 * The tracking module's counts (viewer.md §7), registered with the counter buffer: a video's views,
 * likes, ratings, watch time and completions; events; link clicks; profile views.
 */
export function trackingCounters(counters: CounterBuffer) {
  counters.register('videos', videos);
  counters.register('events', events);
  counters.register('link clicks', linkClicks);
  counters.register('profile views', profileViews);
  return {
    addVideo(videoId: number, delta: Partial<VideoDelta>) {
      counters.add('videos', videoId, { ...emptyDelta(), ...delta });
    },
    /** Likes not yet written, so an answer can show the count the viewer expects. */
    pendingLikes(videoId: number): number {
      return counters.pending<VideoDelta>('videos', videoId)?.likes ?? 0;
    },
    addEvent(eventId: number) {
      counters.add('events', eventId, 1);
    },
    addLinkClick(linkId: number, location: string, isLive: boolean) {
      counters.add('link clicks', `${linkId}|${location}|${isLive ? 1 : 0}`, 1);
    },
    addProfileView(profileId: number) {
      counters.add('profile views', profileId, 1);
    },
  };
}

export type TrackingCounters = ReturnType<typeof trackingCounters>;
