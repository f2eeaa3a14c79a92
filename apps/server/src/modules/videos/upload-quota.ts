import { UPLOAD_BYTES_PER_DAY, UPLOADS_OPEN_MAX, videoMessages } from '@flick/contract';
import type pg from 'pg';
import { HttpError } from '../../lib/http-error.ts';

/** tus "expiration": an unfinished upload can be resumed for a day, then its files are swept away; until then it counts as under way. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;

/**
 * A creator's quota of uploads (`upload_starts`, SECURITY.md), resumable or in one request: at most
 * UPLOADS_OPEN_MAX under way at once and UPLOAD_BYTES_PER_DAY started (declared sizes) in any 24 hours,
 * the time an unfinished upload lives. Whoever starts it, the upload counts for the account it is for
 * (a studio manager's, for the member).
 */
export function uploadQuota(pool: pg.Pool, windowMs = UPLOAD_EXPIRY_MS) {
  return {
    /** Records a start of `bytes` for the user, or refuses it with 429 and what to do about it. */
    async reserve(userId: number, uploadId: string, bytes: number) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // One start per account at a time, so that two cannot both take the last place.
        await client.query('select 1 from users where id = $1 for update', [userId]);
        const { rows } = await client.query<{ open: number; bytes: number }>(
          `select count(*) filter (where closed_at is null)::int as open, coalesce(sum(bytes), 0)::float8 as bytes
           from upload_starts where user_id = $1 and started_at > now() - $2 * interval '1 millisecond'`,
          [userId, windowMs],
        );
        const usage = rows[0]!;
        if (usage.open >= UPLOADS_OPEN_MAX) throw new HttpError(429, videoMessages.tooManyOpenUploads);
        if (usage.bytes + bytes > UPLOAD_BYTES_PER_DAY) throw new HttpError(429, videoMessages.dailyUploadLimit);
        await client.query('insert into upload_starts (upload_id, user_id, bytes) values ($1, $2, $3)', [uploadId, userId, bytes]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },

    /** The upload is no longer under way (finished, refused or cancelled); its bytes still count for the day. */
    async close(uploadId: string) {
      await pool.query('update upload_starts set closed_at = now() where upload_id = $1 and closed_at is null', [uploadId]);
    },

    /** A start that never became an upload: it counts for nothing. */
    async forget(uploadId: string) {
      await pool.query('delete from upload_starts where upload_id = $1', [uploadId]);
    },

    /** Removes the starts that count for nothing any more; answers how many. */
    async sweep(): Promise<number> {
      const { rowCount } = await pool.query(`delete from upload_starts where started_at <= now() - $1 * interval '1 millisecond'`, [windowMs]);
      return rowCount ?? 0;
    },
  };
}

export type UploadQuota = ReturnType<typeof uploadQuota>;
