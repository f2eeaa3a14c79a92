import {
  feedMessages,
  removalMessages,
  reportVideoRequestFor,
  videoIdInUrl,
  type removalRequestSchema,
  type eventRequestSchema,
  type linkClickRequestSchema,
  type profileViewRequestSchema,
  type rateVideoRequestSchema,
  type videoLikeRequestSchema,
  type videoViewRequestSchema,
} from '@flick/contract';
import type pg from 'pg';
import type { z } from 'zod';
import { parseOr422, validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { viewerKey, type Viewer } from '../../lib/viewer.ts';
import type { CounterBuffer } from './counter-buffer.ts';
import { trackingCounters } from './tracking-counters.ts';
import { clientNetwork, distinctReporters } from './observed-identity.ts';
import { trackingRepository } from './tracking.repository.ts';

/**
 * What the guests of one network (an IPv4 address, an IPv6 /64) count per video, profile or
 * link and day, whatever guest ids they send (views: of a video, and of a profile). A guest id costs
 * nothing, so one address could otherwise count as many viewers as it likes; a handful still lets a
 * household, an office or a shared mobile NAT count as more than one person. Signed-in accounts are
 * not bounded by network: each counts once.
 */
export const GUEST_VIEWS_PER_NETWORK = 10;
export const GUEST_LIKES_PER_NETWORK = 5;
export const GUEST_LINK_CLICKS_PER_NETWORK = 5;

/** viewer.md §7 tracking calls. Dedup rows are written at once; counters go through the buffer. */
export function trackingService({
  pool,
  counters,
  reportHideThreshold = 0,
  onVideoHidden = async () => undefined,
}: {
  pool: pg.Pool;
  counters: CounterBuffer;
  /** A video reported by this many distinct people (see distinctReporters) is hidden until an admin decides (0: never; ADR 0015). */
  reportHideThreshold?: number;
  onVideoHidden?: (videoId: number) => Promise<void>;
}) {
  const repo = trackingRepository(pool);
  const counts = trackingCounters(counters);

  async function publishedVideo(videoId: number): Promise<{ likeCount: number }> {
    const video = await repo.publishedVideo(videoId);
    if (!video) throw new HttpError(404, feedMessages.videoNotFound);
    return video;
  }

  /** The network a guest's counts are bounded by; null for a signed-in account, which counts as itself. */
  const guestNetwork = (viewer: Viewer, clientIp: string) => (viewer.userId === null ? clientNetwork(clientIp) : null);

  return {
    /**
     * A view counts once per viewer (user, guest, or else network) per video per window, and a
     * network's guests count at most GUEST_VIEWS_PER_NETWORK views of a video a day.
     */
    async view(input: z.output<typeof videoViewRequestSchema>, viewer: Viewer, clientIp: string) {
      await publishedVideo(input.video_id);
      const key = viewerKey(viewer) ?? `ip${clientNetwork(clientIp)}`;
      const counted = await repo.countView(input.video_id, key, guestNetwork(viewer, clientIp), GUEST_VIEWS_PER_NETWORK);
      counts.addVideo(input.video_id, {
        views: counted ? 1 : 0,
        // Watch time counts on every report: it says how much of the video people watch, not how many.
        watchSeconds: input.watched_seconds ?? 0,
        completions: input.completed ? 1 : 0,
      });
      return { counted };
    },

    /** viewer.md §7: a profile view counts like a video view (and within the same bound), and never on the viewer's own profile. */
    async profileView(input: z.output<typeof profileViewRequestSchema>, viewer: Viewer, clientIp: string) {
      if (viewer.userId === input.profile_id) return { counted: false };
      if (!(await repo.profileExists(input.profile_id))) throw new HttpError(404, feedMessages.userNotFound);
      const key = viewerKey(viewer) ?? `ip${clientNetwork(clientIp)}`;
      const counted = await repo.countProfileView(input.profile_id, key, guestNetwork(viewer, clientIp), GUEST_VIEWS_PER_NETWORK);
      if (counted) counts.addProfileView(input.profile_id);
      return { counted };
    },

    /**
     * Idempotent: adding a like twice or removing one that is not there changes nothing. A network's
     * guests add at most GUEST_LIKES_PER_NETWORK to a video's count a day; a like past that is kept, uncounted.
     */
    async like(input: z.output<typeof videoLikeRequestSchema>, viewer: Viewer, clientIp: string) {
      const key = viewerKey(viewer);
      if (!key) throw validationError([{ field: 'guest_id', message: feedMessages.needGuestId }]);
      const video = await publishedVideo(input.video_id);
      const { changed, counted } = await repo.setLike(input.type, key, input.video_id, guestNetwork(viewer, clientIp), GUEST_LIKES_PER_NETWORK);
      if (changed && counted) counts.addVideo(input.video_id, { likes: input.type === 'add' ? 1 : -1 });
      return { isLiked: input.type === 'add', likeCount: Math.max(0, video.likeCount + counts.pendingLikes(input.video_id)) };
    },

    /** Users only (the route answers 401 to guests); rating again replaces the earlier rating. */
    async rate(userId: number, input: z.output<typeof rateVideoRequestSchema>) {
      await publishedVideo(input.video_id);
      const previous = await repo.rate(userId, input.video_id, input.rating);
      counts.addVideo(input.video_id, { ratingSum: input.rating - (previous ?? 0), ratingCount: previous === null ? 1 : 0 });
    },

    /** viewer.md §5: the first problem in the spec's order; the email only from guests. */
    async report(body: unknown, viewer: Viewer, clientIp: string) {
      const input = parseOr422(reportVideoRequestFor(viewer.userId === null), body);
      await publishedVideo(input.video_id);
      await repo.insertReport({
        videoId: input.video_id,
        userId: viewer.userId,
        guestId: viewer.guestId ?? input.guest_id ?? null,
        email: input.email || null,
        reason: input.reason,
        message: input.message,
        clientIp,
      });
      if (reportHideThreshold === 0 || distinctReporters(await repo.openReporters(input.video_id)) < reportHideThreshold) return;
      if (await repo.hideAsReported(input.video_id)) await onVideoHidden(input.video_id);
    },

    /**
     * A content-removal request: for any video still on Flick (shown or hidden), as an urgent report with
     * who asks and how they are connected to it.
     */
    async removalRequest(input: z.output<typeof removalRequestSchema>, viewer: Viewer, clientIp: string) {
      const videoId = videoIdInUrl(input.video_url);
      if (videoId === null || !(await repo.videoExists(videoId))) throw validationError([{ field: 'video_url', message: removalMessages.videoNotFound }]);
      await repo.insertRemovalRequest({
        videoId,
        userId: viewer.userId,
        email: input.email,
        reason: `removal request: ${input.relationship}`,
        message: `${input.name}: ${input.message}`,
        clientIp,
      });
    },

    event(input: z.output<typeof eventRequestSchema>) {
      counts.addEvent(input.event_id);
    },

    /**
     * A click counts once per viewer (user, guest, or else network) per link and day, and a network's
     * guests count at most GUEST_LINK_CLICKS_PER_NETWORK clicks of a link a day.
     */
    async linkClick(input: z.output<typeof linkClickRequestSchema>, viewer: Viewer, clientIp: string) {
      const key = viewerKey(viewer) ?? `n${clientNetwork(clientIp)}`;
      const { found, counted } = await repo.countLinkClick(input.link_id, key, guestNetwork(viewer, clientIp), GUEST_LINK_CLICKS_PER_NETWORK);
      if (!found) throw new HttpError(404, feedMessages.linkNotFound);
      if (counted) counts.addLinkClick(input.link_id, input.link_location, input.is_live);
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;

/** Dedup rows past the view window decide nothing any more (they would count again anyway). */
