import { performerMessages, tagProblem, tagSlug, TAGS_MAX, VIDEO_MAX_SECONDS, videoMessages, type uploadDetailsRequestSchema } from '@flick/contract';
import { captureFirstFrame, MediaError, probe } from '@flick/media';
import type { MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { requestFeedRebuild, type JobQueue } from '../../jobs/job-queue.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { mediaStates } from './media-access.ts';
import { noMediaDecisions, type MediaDecisions } from './media-decisions.ts';
import type { MediaAudience, MediaUrls } from './media-urls.ts';
import { zonedTimeToUtc } from './schedule.ts';
import { videoHoldsRepository } from './video-holds.repository.ts';
import { toVideo, type VideoOwner } from './video-view.ts';
import { videosRepository, type VideoRow } from './videos.repository.ts';

const PAGE_SIZE = 30;

export interface VideosDependencies {
  db: Database;
  media: MediaStorage;
  /** Public or signed addresses per video (ADR 0027); without, public ones (the admin CLI, the demo seed). */
  urls?: MediaUrls;
  /** Told when a video's media must move (deleted, scheduled, details set). */
  decisions?: MediaDecisions;
  jobs: JobQueue;
  logger: Logger;
}

export function videosService({ db, media, urls, decisions = noMediaDecisions, jobs, logger }: VideosDependencies) {
  const repo = videosRepository(db);

  function ensureCanUpload(user: UserRow) {
    if (user.type === 'user') throw new HttpError(403, videoMessages.creatorsOnly);
    if (user.isVerified !== 'approved') throw new HttpError(403, videoMessages.verifyFirst);
  }

  /** Videos as their creator (`owner`, also a studio manager acting for them) or an admin sees them: a video not public has signed addresses. */
  async function present(rows: VideoRow[], audience: MediaAudience = 'owner') {
    const ids = rows.map((r) => r.id);
    const [owners, tagRows, states] = await Promise.all([repo.owners([...new Set(rows.map((r) => r.userId))]), repo.tagsOf(ids), mediaStates(db.$client, ids)]);
    const ownerById = new Map<number, VideoOwner>(owners.map((o) => [o.id, o]));
    return rows.map((row) =>
      toVideo(
        row,
        ownerById.get(row.userId)!,
        tagRows.filter((t) => t.videoId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
        urls ? urls.of(states.get(row.id) ?? { mediaPublic: false }, audience) : media,
      ),
    );
  }

  /** The caller's own video, or the spec's "Missing video identifier." (no hint whether it exists). */
  async function ownVideo(user: UserRow, videoId: number) {
    const video = await repo.find(videoId);
    if (!video || video.userId !== user.id || video.status === 'deleting') {
      throw validationError([{ field: 'videoId', message: videoMessages.missingVideoId }]);
    }
    return video;
  }

  return {
    ensureCanUpload,

    /**
     * Streams the file to disk, probes it, keeps the original privately, writes the first frame and
     * queues the transcode. Anything that fails leaves no file and no row behind.
     */
    async upload(user: UserRow, file: MultipartFile | undefined) {
      ensureCanUpload(user);
      if (!file || file.fieldname !== 'video') throw validationError([{ field: 'video', message: videoMessages.videoRequired }]);
      await media.prepare();
      const temp = path.join(media.uploads, randomUUID());
      try {
        await pipeline(file.file, createWriteStream(temp));
        if (file.file.truncated) throw new HttpError(413, videoMessages.tooBig);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      return this.ingest(user, temp, file.filename);
    },

    /**
     * Takes a video file that is on disk (moved, not copied): probes it, keeps the original privately,
     * writes the first frame and queues the transcode. A failure leaves no file and no row behind.
     */
    async ingest(user: UserRow, file: string, filename: string) {
      let video: VideoRow | undefined;
      const extension =
        path
          .extname(filename)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, '')
          .slice(0, 6) || '.bin';
      try {
        const info = await probe(file);
        if (info.durationSeconds > VIDEO_MAX_SECONDS) throw validationError([{ field: 'video', message: videoMessages.tooLong }]);
        await media.prepare();
        video = await repo.insert({
          userId: user.id,
          status: 'uploaded',
          duration: info.durationSeconds,
          width: info.displayWidth,
          height: info.displayHeight,
          isVertical: info.isVertical,
        });
        // ADR 0029: never published before its uploader says who is in it (PUT /v1/videos/{id}/performers releases
        // this hold on "only me", or once every co-performer approved). Placed before the transcode is queued.
        await videoHoldsRepository(db).place(video.id, { kind: 'co-performers', reason: performerMessages.declareFirst });
        const originalKey = media.originalKey(video.id, extension);
        const work = await media.workFolder('first-frames');
        try {
          const frame = path.join(work, 'first-frame.jpg');
          // Throws not-a-video when no frame decodes, where plain ffmpeg would exit cleanly with no file.
          await captureFirstFrame(file, frame);
          await media.storeOriginal(originalKey, file);
          await media.publishFile(`videos/${video.id}/first-frame.jpg`, frame);
        } finally {
          await fs.rm(work, { recursive: true, force: true });
        }
        video = (await repo.update(video.id, { originalKey, status: 'preprocess' }))!;
        await jobs.send('transcode-video', { videoId: video.id });
        // Not public yet: the uploader's own, signed.
        return { videoId: video.id, screenshot: (urls?.signed ?? media).url(video.id, 'first-frame.jpg') };
      } catch (error) {
        await fs.rm(file, { force: true });
        if (video) {
          await media.removeVideo(video.id, media.originalKey(video.id, extension));
          await repo.remove(video.id);
        }
        // A disk of ours that is full is not the video's fault: that goes on as it is (507, error-handler).
        if (error instanceof MediaError && (error.cause as { code?: string } | undefined)?.code !== 'ENOSPC') {
          logger.info({ err: error }, 'upload refused: not a usable video');
          throw validationError([{ field: 'video', message: error.message }]);
        }
        throw error;
      }
    },

    async saveDetails(user: UserRow, input: z.output<typeof uploadDetailsRequestSchema>) {
      const video = await ownVideo(user, input.videoId);
      const names: string[] = [];
      for (const raw of input.tags.split(',')) {
        const tag = raw.trim();
        if (!tag) continue;
        const problem = tagProblem(tag, names);
        if (problem) throw validationError([{ field: 'tags', message: problem }]);
        names.push(tag);
      }
      if (names.length > TAGS_MAX) throw validationError([{ field: 'tags', message: videoMessages.tooManyTags }]);
      const unique = [...new Map(names.map((name) => [tagSlug(name), name])).entries()].filter(([slug]) => slug !== '');

      let uploadDate = new Date();
      if (input.uploadDate) {
        const when = zonedTimeToUtc(input.uploadDate, input.uploadDateTimezone || 'UTC');
        if (!when) throw validationError([{ field: 'uploadDate', message: videoMessages.selectDate }]);
        // A minute of grace for the time the form took to arrive.
        if (when.getTime() < Date.now() - 60_000) throw validationError([{ field: 'uploadDate', message: videoMessages.dateInPast }]);
        uploadDate = when;
      }

      await repo.setTags(
        video.id,
        unique.map(([, name]) => name),
        unique.map(([slug]) => slug),
      );
      const updated = (await repo.update(video.id, {
        title: input.title,
        slug: tagSlug(input.title).slice(0, 80) || String(video.id),
        isNsfw: input.is_nsfw,
        uploadDate,
        uploadTimezone: input.uploadDate ? input.uploadDateTimezone || 'UTC' : null,
        detailsAt: new Date(),
      }))!;
      if (updated.status === 'approved') await requestFeedRebuild(jobs, updated.uploadDate);
      await decisions.publishesAt(updated.id, updated.uploadDate);
      return (await present([updated]))[0]!;
    },

    /** Videos in any state by id, in the order given, as an admin sees them (the admin console's view). */
    async byIds(ids: readonly number[], audience: MediaAudience = 'admin') {
      const rows = await repo.findMany(ids);
      const presented = await present(rows, audience);
      const byId = new Map(presented.map((video) => [video.id, video]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async listOwn(user: UserRow, before: number | undefined) {
      const rows = await repo.listOwn(user.id, { before, limit: PAGE_SIZE + 1 });
      const page = rows.slice(0, PAGE_SIZE);
      return { data: await present(page), nextBefore: rows.length > PAGE_SIZE ? page.at(-1)!.id : null };
    },

    /** viewer.md §4: a 200 marks it deleting; the purge job removes the files, then the row. */
    async delete(user: UserRow, videoId: number, { asAdmin }: { asAdmin: boolean }) {
      const video = await repo.find(videoId);
      if (!video || video.status === 'deleting') throw new HttpError(404, 'Video not found.');
      if (video.userId !== user.id && !asAdmin) throw new HttpError(403, videoMessages.notYours);
      await repo.update(video.id, { status: 'deleting' });
      await decisions.withdrawn(video.id);
      await jobs.send('purge-video', { videoId: video.id });
    },

    present,
  };
}

export type VideosService = ReturnType<typeof videosService>;
