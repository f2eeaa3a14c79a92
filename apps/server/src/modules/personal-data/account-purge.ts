import type pg from 'pg';
import type { Logger } from 'pino';
import { requestFeedRebuild, type JobQueue } from '../../jobs/job-queue.ts';
import { inTransaction } from '../../db/transaction.ts';
import { videoPurgePrefixes, type MediaPurger } from '../../lib/media-purge.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import { emailKey } from '../auth/sign-in-backoff.ts';
import { VIEWER_KEY_TABLES } from './personal-data.repository.ts';

export interface PurgeDependencies {
  pool: pg.Pool;
  media: MediaStorage;
  storage: PrivateStorage;
  purger?: MediaPurger;
  jobs: JobQueue;
  logger: Logger;
  /** Tells every instance's visibility index (ADR 0024) that someone left. */
  onHiddenChanged?: () => Promise<void>;
}

/** Accounts purged per sweep; the next hour takes the rest. */
const SWEEP_BATCH = 50;
/**
 * How long the §2257 records of a deleted account are kept (the privacy policy: 7 years after the content they
 * cover was last shown, which is when the deletion hid it; the hold is written at the purge, 14 days later).
 */
export const RECORDS_2257_YEARS = 7;

/**
 * The purge of an account whose grace period is over (ADR 0031). Files first, then the rows in one
 * transaction; every step can run again, so a purge that failed half-way (a bucket away) is finished by
 * its retry or the next sweep. What the law keeps is copied under a tombstone (`deleted_accounts`,
 * `legal_holds`) in the same transaction that removes the account.
 */
export function accountPurge({ pool, media, storage, purger, jobs, logger, onHiddenChanged }: PurgeDependencies) {
  /** Whether the account has (or had, by its fingerprints) videos: then its identity verification is a §2257 record. */
  async function publishedSomething(userId: number): Promise<boolean> {
    const { rows } = await pool.query<{ any: boolean }>(
      `select exists (select 1 from videos where user_id = $1) or exists (select 1 from video_fingerprints where user_id = $1) as any`,
      [userId],
    );
    return rows[0]!.any;
  }

  async function removeFiles(userId: number, keepVerification: boolean) {
    const { rows: videos } = await pool.query<{ id: number; originalKey: string | null }>(
      'select id::float8 as id, original_key as "originalKey" from videos where user_id = $1 order by id',
      [userId],
    );
    // The same removal as a deleted video's purge job (ADR 0027): both buckets' prefixes, the work folder, the original.
    for (const video of videos) await media.removeVideo(video.id, video.originalKey);
    // Profile pictures and covers (users/{id}/, public only).
    await media.public.removePrefix(`users/${userId}/`);
    if (!keepVerification) await storage.remove(`verifications/${userId}`);
    const { rows: exports } = await pool.query<{ folderKey: string }>(
      'select folder_key as "folderKey" from data_exports where user_id = $1 and folder_key is not null',
      [userId],
    );
    for (const { folderKey } of exports) await storage.remove(folderKey);
    if (purger) {
      const prefixes = [...videos.flatMap((v) => videoPurgePrefixes(v.id)), `/media/users/${userId}/`];
      for (let i = 0; i < prefixes.length; i += 100) await purger.purge(prefixes.slice(i, i + 100));
    }
    return videos.map((v) => v.id);
  }

  /** The rows: legal records under a tombstone, counts others see corrected, then the account and all that cascades from it. */
  async function removeRows(userId: number, keepVerification: boolean): Promise<number | undefined> {
    return inTransaction(pool, async (db) => {
      const {
        rows: [user],
      } = await db.query<{ type: string; email: string; bannedAt: Date | null; bannedReason: string | null }>(
        `select u.type, u.email, u.banned_at as "bannedAt", u.banned_reason as "bannedReason"
         from users u join account_deletions d on d.user_id = u.id where u.id = $1 and d.due_at <= now() for update of u`,
        [userId],
      );
      if (!user) return undefined;
      const { rows: created } = await db.query<{ id: number }>(
        'insert into deleted_accounts (account_type, banned_at, banned_reason) values ($1, $2, $3) returning id::float8 as id',
        [user.type, user.bannedAt, user.bannedReason],
      );
      const tombstone = created[0]!.id;
      const hold = (kind: string, sql: string) =>
        db.query(`insert into legal_holds (tombstone_id, kind, source_table, source_id, record, files) ${sql}`, [tombstone, userId, kind]);

      // §2257: the identity verification of someone who published, and the performer records of their videos (copied: they go with the videos).
      if (keepVerification) {
        await hold(
          '2257-identity',
          `select $1::bigint, $3::text, 'verifications', v.id::text, to_jsonb(v) - 'user_id' - 'reviewed_by', v.files from verifications v where v.user_id = $2`,
        );
      }
      await hold(
        '2257-performer',
        `select $1::bigint, $3::text, 'video_performers', p.id::text, to_jsonb(p) || jsonb_build_object('video_title', v.title), p.files
         from video_performers p join videos v on v.id = p.video_id where v.user_id = $2`,
      );
      // Their appearances in others' videos: the rows stay (the other creator's record), unlinked from the account.
      await hold(
        '2257-appearance',
        `select $1::bigint, $3::text, 'video_performers', p.id::text, null::jsonb, null::text[] from video_performers p where p.user_id = $2`,
      );
      await db.query('update video_performers set user_id = null where user_id = $1', [userId]);
      // Reports: those they filed stay (unlinked); those about their videos are copied, with their decisions.
      await hold('report-filed', `select $1::bigint, $3::text, 'video_reports', r.id::text, null::jsonb, null::text[] from video_reports r where r.user_id = $2`);
      await db.query('update video_reports set user_id = null where user_id = $1', [userId]);
      await hold(
        'report-received',
        `select $1::bigint, $3::text, 'video_reports', r.id::text, to_jsonb(r) || jsonb_build_object('video_title', v.title), null::text[]
         from video_reports r join videos v on v.id = r.video_id where v.user_id = $2`,
      );
      // Admin audit entries about the account are re-pointed at the tombstone; those about their videos are listed.
      await hold(
        'admin-audit',
        `select $1::bigint, $3::text, 'admin_audit', a.id::text, null::jsonb, null::text[] from admin_audit a
         where (a.target_type = 'user' and a.target_id = $2) or (a.target_type = 'video' and a.target_id in (select id from videos where user_id = $2))`,
      );
      await db.query(`update admin_audit set target_type = 'deleted-account', target_id = $2 where target_type = 'user' and target_id = $1`, [userId, tombstone]);

      // Counts others see: followers of whom they followed, likes and ratings of videos they liked or rated.
      await db.query(`update users u set followers_count = greatest(u.followers_count - 1, 0) from follows f where f.follower_id = $1 and f.model_id = u.id`, [userId]);
      await db.query(
        `update videos v set like_count = greatest(v.like_count - l.n, 0)
         from (select video_id, count(*) as n from video_likes where viewer_key = 'u' || $1::text and counted group by video_id) l
         where v.id = l.video_id and v.user_id <> $1::bigint`,
        [userId],
      );
      await db.query(
        `update videos v set rating_sum = greatest(v.rating_sum - r.rating, 0), rating_count = greatest(v.rating_count - 1, 0)
         from video_ratings r where r.user_id = $1 and r.video_id = v.id and v.user_id <> $1`,
        [userId],
      );

      // Rows that name them without a foreign key.
      for (const table of VIEWER_KEY_TABLES) await db.query(`delete from ${table} where viewer_key = 'u' || $1::text`, [userId]);
      await db.query(`delete from network_daily_counts where kind = 'profile-view' and subject_id = $1`, [userId]);
      await db.query('delete from sign_in_backoff where email_key = $1', [emailKey(user.email)]);
      // A removed video's fingerprint stays so a re-upload is still held (ADR 0028), filed under the tombstone
      // (a negative owner: no account has it); the others go.
      await db.query(
        `update video_fingerprints set removed_at = now() where removed_at is null
         and video_id in (select id from videos where user_id = $1 and hidden_reason = 'taken down')`,
        [userId],
      );
      await db.query('update video_fingerprints set user_id = -$2::bigint where user_id = $1 and removed_at is not null', [userId, tombstone]);
      await db.query('delete from video_fingerprints where user_id = $1', [userId]);
      // Their own records that a set-null foreign key would only unlink: support messages, searches, what a studio did on their account.
      await db.query('delete from contact_messages where user_id = $1', [userId]);
      await db.query('delete from searches where user_id = $1', [userId]);
      await db.query('delete from studio_actions where member_id = $1', [userId]);
      // The account; everything else that names it cascades (or, for what others own, is set to null).
      await db.query('delete from videos where user_id = $1', [userId]);
      await db.query('delete from users where id = $1', [userId]);
      return tombstone;
    });
  }

  async function purge(userId: number): Promise<boolean> {
    const { rows } = await pool.query('select 1 from account_deletions where user_id = $1 and due_at <= now()', [userId]);
    if (rows.length === 0) return false;
    const keepVerification = await publishedSomething(userId);
    const videoIds = await removeFiles(userId, keepVerification);
    const tombstone = await removeRows(userId, keepVerification);
    if (tombstone === undefined) return false;
    logger.info({ userId, tombstone, videos: videoIds.length }, 'account purged');
    await onHiddenChanged?.().catch((error: unknown) => logger.warn({ err: error }, 'could not tell the visibility index'));
    if (videoIds.length > 0) await requestFeedRebuild(jobs);
    return true;
  }

  /** §2257 records past their years: their documents, then the holds (the tombstone and the other records stay). */
  async function removeExpiredRecords(): Promise<number> {
    const { rows } = await pool.query<{ id: number; files: string[] | null }>(
      `select id::float8 as id, files from legal_holds
       where kind like '2257-%' and created_at < now() - make_interval(years => $1) order by id limit 500`,
      [RECORDS_2257_YEARS],
    );
    for (const row of rows) {
      if (row.files?.length) await media.private.remove(row.files);
      await pool.query('delete from legal_holds where id = $1', [row.id]);
    }
    return rows.length;
  }

  return {
    purge,
    removeExpiredRecords,
    /** Every account past its grace period, a batch at a time. */
    async sweep(): Promise<number> {
      const { rows } = await pool.query<{ id: number }>('select user_id::float8 as id from account_deletions where due_at <= now() order by due_at limit $1', [
        SWEEP_BATCH,
      ]);
      let purged = 0;
      for (const { id } of rows) if (await purge(id)) purged += 1;
      await removeExpiredRecords();
      return purged;
    },
  };
}

export type AccountPurge = ReturnType<typeof accountPurge>;
