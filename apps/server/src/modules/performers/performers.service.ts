import {
  feedMessages,
  PERFORMERS_MAX,
  performerMessages,
  videoMessages,
  type Appearance,
  type appearanceDecisionRequestSchema,
  type appearanceListQuerySchema,
  type declarePerformersRequestSchema,
  type Video,
  type VideoPerformer,
  type VideoPerformers,
} from '@flick/contract';
import type { Multipart } from '@fastify/multipart';
import type pg from 'pg';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { decodeIdCursor, decodeTimestampCursor, encodeCursor, encodeTimestampCursor, keysetPage, type Page } from '../../lib/keyset.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import { validationError } from '../../lib/validation.ts';
import { viewerKey, type Viewer } from '../../lib/viewer.ts';
import { feedRepository } from '../feed/feed.repository.ts';
import { videoHoldsRepository } from '../videos/video-holds.repository.ts';
import type { MediaUrls } from '../videos/media-urls.ts';
import { toVideo } from '../videos/video-view.ts';
import type { VideosService } from '../videos/videos.service.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import type { ConsentHold } from './consent-hold.ts';
import { performersRepository } from './performers.repository.ts';
import type { VideoPerformerRow } from './performers.schema.ts';
import { receiveRelease, releaseFolder } from './release-upload.ts';

const APPEARANCES_PAGE = 30;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export interface PerformersDependencies {
  db: Database;
  pool: pg.Pool;
  storage: PrivateStorage;
  media: MediaStorage;
  videos: VideosService;
  visibility: VisibilityService;
  /** Public or signed addresses, per video and audience (ADR 0027); without it, the public ones. */
  urls?: MediaUrls;
  hold: ConsentHold;
}

/** Consent of everyone depicted (ADR 0029): the uploader's declaration, the co-performers' answers, and their public appearances. */
export function performersService({ db, pool, storage, media, videos, visibility, urls, hold }: PerformersDependencies) {
  const repo = performersRepository(db);
  const holds = videoHoldsRepository(db);
  const feed = feedRepository(pool);

  async function ownVideo(user: UserRow, videoId: number, { asAdmin = false } = {}) {
    const video = await repo.video(videoId);
    if (!video || video.status === 'deleting') throw new HttpError(404, feedMessages.videoNotFound);
    if (video.userId !== user.id && !asAdmin) throw new HttpError(403, videoMessages.notYours);
    return video;
  }

  const isLocked = (status: string, rows: readonly VideoPerformerRow[]) => status === 'approved' || rows.some((row) => row.status === 'withdrawn');

  async function editable(user: UserRow, videoId: number) {
    const video = await ownVideo(user, videoId);
    const rows = await repo.ofVideo(videoId);
    if (isLocked(video.status, rows)) throw new HttpError(409, performerMessages.locked);
    return { video, rows };
  }

  async function view(videoId: number): Promise<VideoPerformers> {
    const [video, declaration, rows, open] = await Promise.all([repo.video(videoId), repo.declaration(videoId), repo.ofVideo(videoId), holds.open(videoId)]);
    const accounts = new Map((await repo.accounts(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))).map((a) => [a.id, a]));
    return {
      videoId,
      declaredAt: iso(declaration?.declaredAt ?? null),
      onlyMe: declaration !== undefined && rows.length === 0,
      locked: isLocked(video?.status ?? 'deleting', rows),
      performers: rows.map((row): VideoPerformer => {
        const account = row.userId === null ? undefined : accounts.get(row.userId);
        return {
          id: row.id,
          kind: row.kind,
          account: account ? { id: account.id, slug: account.slug, name: account.name, avatar: account.avatar } : null,
          displayName: row.displayName,
          status: row.status,
          reason: row.reason,
          requestedAt: row.requestedAt.toISOString(),
          decidedAt: iso(row.decidedAt),
        };
      }),
      holdReason: open.find((h) => h.kind === 'co-performers')?.reason ?? null,
    };
  }

  async function removeFiles(keys: readonly string[]) {
    for (const folder of new Set(keys.map(releaseFolder))) if (folder) await storage.remove(folder);
  }

  /** The handles of verified creators, each once, never the uploader: 422 naming the first at fault. */
  async function namedCreators(handles: readonly string[], uploaderId: number) {
    const lower = handles.map((h) => h.toLowerCase());
    const found = await repo.accountsByHandle(lower);
    const creators: { userId: number; displayName: string }[] = [];
    for (const [i, handle] of handles.entries()) {
      const field = `creators.${i}`;
      const account = found.find((a) => a.username?.toLowerCase() === lower[i] || a.slug?.toLowerCase() === lower[i]);
      if (!account || account.bannedAt) throw validationError([{ field, message: performerMessages.notFound(handle) }]);
      if (account.id === uploaderId) throw validationError([{ field, message: performerMessages.notYourself }]);
      if (account.type === 'user' || account.isVerified !== 'approved') throw validationError([{ field, message: performerMessages.notVerified(handle) }]);
      if (creators.some((c) => c.userId === account.id)) throw validationError([{ field, message: performerMessages.duplicate }]);
      creators.push({ userId: account.id, displayName: account.name });
    }
    return creators;
  }

  async function presentAppearances(rows: Awaited<ReturnType<typeof repo.appearances>>): Promise<Appearance[]> {
    // A named co-performer may watch what they are asked to appear in, as its creator does: signed addresses until it is public.
    const shown = await videos.present(
      rows.map((r) => r.video),
      'owner',
    );
    const uploaders = new Map((await repo.accounts([...new Set(rows.map((r) => r.video.userId))])).map((a) => [a.id, a]));
    return rows.map(({ performer }, i) => {
      const uploader = uploaders.get(shown[i]!.userId)!;
      return {
        id: performer.id,
        status: performer.status,
        reason: performer.reason,
        requestedAt: performer.requestedAt.toISOString(),
        decidedAt: iso(performer.decidedAt),
        uploader: { id: uploader.id, slug: uploader.slug, name: uploader.name, avatar: uploader.avatar },
        // The reason beside a video is its uploader's to read, not the co-performer's.
        video: { ...shown[i]!, statusReason: null },
      };
    });
  }

  return {
    view,

    /** GET: the owner (or a studio manager acting for them), or an admin. */
    async read(user: UserRow, videoId: number, asAdmin: boolean) {
      await ownVideo(user, videoId, { asAdmin });
      return view(videoId);
    },

    async declare(user: UserRow, videoId: number, body: z.output<typeof declarePerformersRequestSchema>) {
      const { video, rows } = await editable(user, videoId);
      const lower = body.creators.map((h) => h.toLowerCase());
      const twice = lower.findIndex((h, i) => lower.indexOf(h) !== i);
      if (twice >= 0) throw validationError([{ field: `creators.${twice}`, message: performerMessages.duplicate }]);
      const creators = await namedCreators(body.creators, video.userId);
      const releases = body.onlyMe ? 0 : rows.filter((r) => r.kind === 'release').length;
      if (!body.onlyMe && creators.length + releases === 0) throw validationError([{ field: 'creators', message: performerMessages.onlyMeOrList }]);
      if (creators.length + releases > PERFORMERS_MAX) throw validationError([{ field: 'creators', message: performerMessages.tooMany }]);
      await removeFiles(await repo.declare(videoId, body.onlyMe, creators));
      await hold.evaluate(videoId, user.id);
      return view(videoId);
    },

    async addRelease(user: UserRow, videoId: number, parts: AsyncIterableIterator<Multipart>) {
      const { rows } = await editable(user, videoId);
      if (rows.length >= PERFORMERS_MAX) throw validationError([{ field: '_', message: performerMessages.tooMany }]);
      const release = await receiveRelease(storage, videoId, parts);
      // Counted again as it is written: others sent at the same time may have filled the list meanwhile.
      if (!(await repo.addRelease(videoId, release, PERFORMERS_MAX))) {
        await removeFiles(release.files ?? []);
        throw validationError([{ field: '_', message: performerMessages.tooMany }]);
      }
      await hold.evaluate(videoId, user.id);
      return view(videoId);
    },

    async remove(user: UserRow, videoId: number, performerId: number) {
      await editable(user, videoId);
      const row = await repo.remove(videoId, performerId);
      if (!row) throw new HttpError(404, performerMessages.performerNotFound);
      await removeFiles(row.files ?? []);
      await hold.evaluate(videoId, user.id);
      return view(videoId);
    },

    /** The signed-in creator's requests to appear, newest first. */
    async appearances(user: UserRow, q: z.output<typeof appearanceListQuerySchema>): Promise<Page<Appearance>> {
      const rows = await repo.appearances(user.id, q.status, decodeIdCursor(q.cursor), APPEARANCES_PAGE + 1);
      const page = rows.slice(0, APPEARANCES_PAGE);
      return { data: await presentAppearances(page), next: rows.length > APPEARANCES_PAGE ? encodeCursor([page.at(-1)!.performer.id]) : null };
    },

    /**
     * The named creator approves or refuses a pending request, or withdraws an approval: a withdrawal
     * unpublishes the video at once and files an urgent removal request (ADR 0029).
     */
    async decide(user: UserRow, id: number, body: z.output<typeof appearanceDecisionRequestSchema>, clientIp: string): Promise<Appearance> {
      const row = await repo.find(id);
      const video = row && (await repo.video(row.videoId));
      if (!row || row.kind !== 'creator' || row.userId !== user.id || !video || video.status === 'deleting')
        throw new HttpError(404, performerMessages.appearanceNotFound);
      if (body.decision === 'approved' && (user.type === 'user' || user.isVerified !== 'approved')) {
        throw new HttpError(403, 'Only a verified creator can approve appearing in a video.');
      }
      const from = body.decision === 'withdrawn' ? (['approved'] as const) : (['pending'] as const);
      const reason = body.decision === 'approved' ? null : body.reason || null;
      const updated = await repo.decide(id, from, body.decision, reason);
      if (!updated) {
        const now = (await repo.find(id))?.status ?? row.status;
        throw new HttpError(409, body.decision === 'withdrawn' ? performerMessages.withdrawOnlyApproved : performerMessages.cannotDecide(now));
      }
      if (body.decision === 'withdrawn') {
        await repo.removalRequest({
          videoId: row.videoId,
          userId: user.id,
          email: user.email,
          message: `${user.name}${user.slug ? ` (@${user.slug})` : ''} withdrew their consent to appear in this video: ${reason}`,
          clientIp,
        });
      }
      await hold.evaluate(row.videoId, user.id);
      const [again] = await repo.appearances(user.id, undefined, id + 1, 1);
      return (await presentAppearances([again!]))[0]!;
    },

    /** GET /v1/users/{id}/appearances: published videos a creator approved appearing in, as the profile grid shows them. */
    async publicAppearances(idOrSlug: string, q: { cursor?: string; per_page: number }, viewer: Viewer): Promise<Page<Video>> {
      const userId = await repo.accountId(idOrSlug);
      if (userId === undefined) throw new HttpError(404, feedMessages.userNotFound);
      if (await visibility.hides(userId, viewer)) throw new HttpError(403, feedMessages.contentBlockedText);
      const hidden = await visibility.hiddenCreatorsFor(viewer.place);
      const found = await repo.publishedAppearances(userId, decodeTimestampCursor(q.cursor), q.per_page + 1, [...hidden.ids]);
      const { rows, next } = keysetPage(found, q.per_page, (last) => encodeTimestampCursor({ at: last.uploadDate, id: last.id }));
      const hydrated = await feed.hydrate(rows.map((r) => r.id));
      const shown = rows.flatMap((r) => {
        const row = hydrated.get(r.id);
        return row && !hidden.videos.has(r.id) ? [toVideo({ ...row, statusReason: null }, row.owner, row.tags, urls ? urls.of(row, 'viewer') : media)] : [];
      });
      const key = viewerKey(viewer);
      if (!key || shown.length === 0) return { data: shown, next };
      const flags = await feed.viewerFlags(
        key,
        viewer.userId,
        shown.map((v) => v.id),
      );
      return { data: shown.map((v) => ({ ...v, isLiked: flags.liked.has(v.id), isRated: flags.rated.has(v.id) })), next };
    },
  };
}

export type PerformersService = ReturnType<typeof performersService>;
