import type pg from 'pg';
import type { Logger } from 'pino';
import type { JobQueue, JobRegistry } from '../../jobs/job-queue.ts';
import { videoPurgePrefixes, type MediaPurger } from '../../lib/media-purge.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { MEDIA_PUBLIC_SQL, type MediaAccess } from './media-access.ts';

/** Videos per placement job: a banned creator's whole catalogue goes in a few jobs, each retried on its own. */
const JOB_BATCH = 200;
/** The sweep looks back this far for videos that became public without a call here (a transcode's publication, a scheduled date). */
const SWEEP_WINDOW = "interval '15 minutes'";

/**
 * What a decision about a video does to its media (ADR 0027). Every decision that withdraws a video or makes
 * it non-public — take-down, report hide, ban, rejection, deletion, a hold placed on a published video, a
 * geo-blocking rule — and every one that makes it public again calls `changed`: this instance forgets what
 * it remembered (so its own gate applies at once; others within MEDIA_ACCESS_TTL_MS), and a job puts the
 * video's objects where they belong (out of the public bucket while not public) and purges the CDN. The
 * job retries; the decision never waits on storage or the CDN.
 */
export function mediaDecisions({ pool, jobs, access }: { pool: Pick<pg.Pool, 'query'>; jobs: JobQueue; access?: Pick<MediaAccess, 'forget'> }) {
  async function changed(videoIds: readonly number[]): Promise<void> {
    const ids = [...new Set(videoIds)];
    for (const id of ids) access?.forget(id);
    for (let i = 0; i < ids.length; i += JOB_BATCH) await jobs.send('place-video-media', { videoIds: ids.slice(i, i + JOB_BATCH) });
  }
  return {
    changed,
    /** A video was taken down, hidden, rejected, held, deleted...: its files leave the public address. */
    withdrawn: (videoId: number) => changed([videoId]),
    /** A video was restored, released or published: its files come back to the public address. */
    published: (videoId: number) => changed([videoId]),
    /** Every video of a creator (a ban, an unban, a geo-blocking rule added or removed). */
    async creatorChanged(userId: number): Promise<void> {
      const { rows } = await pool.query<{ id: number }>({
        name: 'media-creator-videos',
        text: 'select id::float8 as id from videos where user_id = $1',
        values: [userId],
      });
      await changed(rows.map((row) => row.id));
    },
    /** A video scheduled for `at`: its files go public then (the sweep would catch it within a minute too). */
    async publishesAt(videoId: number, at: Date): Promise<void> {
      access?.forget(videoId);
      await jobs.send('place-video-media', { videoIds: [videoId] });
      if (at.getTime() > Date.now()) await jobs.send('place-video-media', { videoIds: [videoId] }, { startAfter: new Date(at.getTime() + 1000) });
    },
  };
}

export type MediaDecisions = ReturnType<typeof mediaDecisions>;

/** Nothing to tell (the admin CLI, tests of other modules): the gate reads the database anyway. */
export const noMediaDecisions: MediaDecisions = {
  changed: async () => undefined,
  withdrawn: async () => undefined,
  published: async () => undefined,
  creatorChanged: async () => undefined,
  publishesAt: async () => undefined,
};

/**
 * Placing videos' media: each video's objects go where its state says (media-storage placeVideo), and a
 * CDN forgets the files of one that is not public. `sweep` places the videos that became public lately
 * without a decision here (a transcode publishing, a scheduled date come).
 */
export function mediaPlacement({ pool, media, purger, logger }: { pool: pg.Pool; media: MediaStorage; purger?: MediaPurger; logger: Logger }) {
  /**
   * Puts one video's objects where its state says now, under a lock on the video held across workers: a
   * take-down and a restore in quick succession never move the same objects both ways at once, and the
   * second reads the state the first left. Answers whether the video is public (undefined: gone).
   */
  async function placeOne(videoId: number): Promise<boolean | undefined> {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext('media-placement'), $1::int)", [videoId % 2 ** 31]);
      try {
        const { rows } = await client.query<{ mediaPublic: boolean; deleting: boolean }>({
          name: 'media-placement',
          text: `select ${MEDIA_PUBLIC_SQL} as "mediaPublic", v.status = 'deleting' as deleting from videos v where v.id = $1`,
          values: [videoId],
        });
        const row = rows[0];
        // Being deleted or gone: the purge job removes the objects wherever they are.
        if (!row || row.deleting) return row ? false : undefined;
        const moved = await media.placeVideo(videoId, row.mediaPublic);
        if (moved > 0) logger.info({ videoId, moved, public: row.mediaPublic }, 'video media placed');
        return row.mediaPublic;
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('media-placement'), $1::int)", [videoId % 2 ** 31]);
      }
    } finally {
      client.release();
    }
  }

  return {
    /** Places each video's media; a CDN forgets the files of every one that is not public. */
    async place(videoIds: readonly number[]): Promise<void> {
      const purge: string[] = [];
      for (const id of videoIds) if (!(await placeOne(id))) purge.push(...videoPurgePrefixes(id));
      if (purger && purge.length > 0) await purger.purge(purge);
    },
    async sweep(): Promise<void> {
      if (!media.remote) return;
      const { rows } = await pool.query<{ id: number }>({
        name: 'media-sweep',
        text: `select v.id::float8 as id from videos v
               where (v.updated_at > now() - ${SWEEP_WINDOW} or v.upload_date between now() - ${SWEEP_WINDOW} and now()) and ${MEDIA_PUBLIC_SQL}`,
      });
      for (const { id } of rows) await placeOne(id);
    },
  };
}

export type MediaPlacement = ReturnType<typeof mediaPlacement>;

/** The placement job (retried: a bucket or CDN away is waited for); without ids, the minute's sweep. */
export function registerMediaJobs(registry: JobRegistry, placement: MediaPlacement) {
  registry.register('place-video-media', async ({ videoIds }) => (videoIds ? placement.place(videoIds) : placement.sweep()));
}

/**
 * A registry whose jobs in `names` place their video's media once they end, however they end: a transcode
 * may publish a video (or fail it), so its media is placed right after, in the same worker, not at the
 * next sweep; when that fails, a placement job tries again.
 */
export function placingMediaAfter(
  registry: JobRegistry,
  names: readonly ('transcode-video' | 'transcode-video-failed')[],
  placement: Pick<MediaPlacement, 'place'>,
  decisions: Pick<MediaDecisions, 'changed'>,
): JobRegistry {
  return {
    ...registry,
    register(name, handler) {
      if (!(names as readonly string[]).includes(name)) return registry.register(name, handler);
      registry.register(name, async (data, attempt) => {
        try {
          await handler(data, attempt);
        } finally {
          const { videoId } = data as { videoId: number };
          await placement.place([videoId]).catch(() => decisions.changed([videoId]));
        }
      });
    },
  };
}
