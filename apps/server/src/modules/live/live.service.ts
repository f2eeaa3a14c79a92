import { LIVE_WINDOW_SECONDS, liveMessages, liveStatusPushSchema, MANUAL_LIVE_HOURS, type Category, type LinkChangeResponse, type LiveCreator } from '@flick/contract';
import { categories } from '@flick/contract';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeMicrosCursor, encodeMicrosCursor, keysetPage, type Page } from '../../lib/keyset.ts';
import { requestFeedRebuild, type JobQueue } from '../../jobs/job-queue.ts';
import { imageSources } from '../accounts/profile-images.ts';
import { nobodyHidden, type VisibilityService } from '../visibility/visibility.service.ts';
import { toLink } from '../users/user-links.ts';
import { liveRepository, type LiveChange } from './live.repository.ts';
import { checkPush } from './push-signature.ts';
import { fetchStatus, roomsFromStatus, StatusFeedError } from './status-feed.ts';

/** What one site's poll did, for the log and the benchmark. */
export type SitePoll =
  { site: string; ok: true; rooms: number; wentLive: number; wentOffline: number; ms: number } | { site: string; ok: false; error: string; ms: number };

/** Who went live, for whoever tells their followers (the notifications). */
export type WentLive = (creatorIds: readonly number[]) => Promise<void>;

/**
 * Live status (ADR 0012): cam sites' status feeds polled by one instance at a time, partners' signed
 * pushes, and the creator's own word, all kept on the links; every reader asks flick_link_live().
 */
export function liveService({
  pool,
  logger,
  jobs,
  onWentLive,
  visibility,
  statusTimeoutMs = 10_000,
  allowInternalFeeds = false,
}: {
  pool: pg.Pool;
  logger: Logger;
  /** Who is hidden where a viewer is (ADR 0013); a worker that answers no viewer has none. */
  visibility?: VisibilityService;
  /** Live creators rank higher in the home feed (ADR 0007): a change asks for a re-ranking. */
  jobs?: JobQueue;
  onWentLive?: WentLive;
  statusTimeoutMs?: number;
  /** Tests only, whose status feeds are served from this machine: a deployment reads public addresses only. */
  allowInternalFeeds?: boolean;
}) {
  const repo = liveRepository(pool);

  async function changed(change: LiveChange) {
    if (change.wentLive.length === 0 && change.wentOffline === 0) return;
    if (jobs) await requestFeedRebuild(jobs).catch((error: unknown) => logger.warn({ err: error }, 'could not ask for a feed re-ranking after a live change'));
    if (onWentLive && change.wentLive.length > 0) {
      await onWentLive(change.wentLive).catch((error: unknown) => logger.warn({ err: error }, 'could not tell followers who went live'));
    }
  }

  return {
    /** Polls every site whose status is due (claimed, so instances never poll a site twice); a bad answer changes nothing. */
    async pollDueSites(): Promise<SitePoll[]> {
      const due = await repo.claimDueSites();
      return Promise.all(
        due.map(async (site): Promise<SitePoll> => {
          const started = performance.now();
          const ms = () => Math.round(performance.now() - started);
          try {
            const rooms = roomsFromStatus(await fetchStatus(site.statusUrl, { timeoutMs: statusTimeoutMs, allowInternal: allowInternalFeeds }), site);
            const change = await repo.applyStatus(site, [...rooms]);
            await changed(change);
            if (change.wentLive.length + change.wentOffline > 0) {
              logger.info({ site: site.slug, rooms: rooms.size, wentLive: change.wentLive.length, wentOffline: change.wentOffline }, 'live status changed');
            }
            return { site: site.slug, ok: true, rooms: rooms.size, wentLive: change.wentLive.length, wentOffline: change.wentOffline, ms: ms() };
          } catch (error) {
            const reason = error instanceof StatusFeedError ? `the status feed ${error.message}` : 'the status could not be saved';
            logger.warn({ site: site.slug, err: error instanceof StatusFeedError ? undefined : error }, `live status of ${site.slug} not taken: ${reason}`);
            await repo.recordFailure(site.id, reason).catch((failure: unknown) => logger.warn({ err: failure }, 'could not record a status failure'));
            return { site: site.slug, ok: false, error: reason, ms: ms() };
          }
        }),
      );
    },

    /** POST /v1/live-status/{site}: a partner's signed push (the raw body, as signed). */
    async push(slug: string, headers: { timestamp?: string; signature?: string }, body: string) {
      const site = await repo.pushSite(slug);
      if (!site) throw new HttpError(404, liveMessages.unknownSite);
      if (!site.pushSecret) throw new HttpError(403, liveMessages.noPushSecret);
      const check = checkPush({ secret: site.pushSecret, timestamp: headers.timestamp, signature: headers.signature, body });
      if (check === 'stale') throw new HttpError(401, liveMessages.staleTimestamp);
      if (check === 'bad-signature') throw new HttpError(401, liveMessages.badSignature);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new HttpError(422, liveMessages.badBody);
      }
      const push = liveStatusPushSchema.safeParse(parsed);
      if (!push.success) throw new HttpError(422, liveMessages.badBody);
      const rooms = push.data.rooms.map((r) => ({ room: r.room.toLowerCase(), live: r.live }));
      const result = await repo.applyPush(site, headers.signature!.replace(/^sha256=/, '').toLowerCase(), rooms, LIVE_WINDOW_SECONDS);
      if (!result) throw new HttpError(409, liveMessages.replayed);
      await changed(result);
      return { wentLive: result.wentLive.length, wentOffline: result.wentOffline, unknownRooms: result.unknownRooms };
    },

    /** POST /v1/profile/links/{id}/live: the creator's own 'I'm live now' (MANUAL_LIVE_HOURS), or off. */
    async setOwnLive(user: UserRow, linkId: number, live: boolean): Promise<LinkChangeResponse> {
      if (user.type === 'user') throw new HttpError(403, liveMessages.linksForCreators);
      const owner = await repo.linkOwner(linkId);
      if (owner === undefined) throw new HttpError(404, liveMessages.linkNotFound);
      if (owner !== user.id) throw new HttpError(403, liveMessages.notYourLink);
      const { link, wentLive } = await repo.setManual(linkId, live, MANUAL_LIVE_HOURS);
      await changed({ wentLive: wentLive ? [user.id] : [], wentOffline: live ? 0 : 1 });
      return { message: live ? liveMessages.wentLive : liveMessages.wentOffline, data: toLink(link) };
    },

    /** GET /v1/live: creators live now, newest confirmation first; GET /v1/profile/following-live: those the account follows. */
    async liveNow(q: { gender: Category[]; cursor?: string }, size: number, viewer: Viewer, followerId: number | null = null): Promise<Page<LiveCreator>> {
      const only = categories.every((c) => q.gender.includes(c)) ? null : q.gender;
      const hidden = visibility ? await visibility.hiddenCreatorsFor(viewer.place) : nobodyHidden;
      const found = await repo.liveNow(only, decodeMicrosCursor(q.cursor), size + 1, followerId, [...hidden.ids]);
      const { rows, next } = keysetPage(found, size, (last) => encodeMicrosCursor({ micros: last.micros, id: last.userId }));
      const data = rows.map(({ userId, userName, slug, avatar, confirmedAt, liveSince, micros: _, ...link }) => ({
        id: userId,
        name: userName,
        slug,
        avatar,
        avatarSources: imageSources('avatar', avatar),
        link: toLink(link),
        confirmedAt: confirmedAt.toISOString(),
        liveSince: liveSince.toISOString(),
      }));
      return { data, next };
    },
  };
}

export type LiveService = ReturnType<typeof liveService>;
