import type pg from 'pg';
import { OPEN_HOLD_SQL } from './video-holds.repository.ts';

/** The pool, or the client of the transaction a decision and its audit record share (ADR 0015). */
type Queryable = pg.Pool | pg.PoolClient;

/**
 * The moderators' writes on videos (the admin console and CLI): review decisions, take-downs, restores
 * and what a ban hides. Each runs on the caller's client, so it joins the caller's transaction.
 */
export function videoModerationRepository(db: Queryable) {
  return {
    /**
     * Approves or rejects a processed video waiting for review; false when it is not waiting (any more).
     * A video with an open hold (co-performers, a fingerprint match) is never approved here: its holds
     * are released where they are decided (the held queue, the co-performers' answers).
     */
    async decideReview(id: number, decision: 'approved' | 'rejected', reason: string | null): Promise<boolean> {
      const { rowCount } = await db.query(
        `update videos v set status = $2, status_reason = $3, updated_at = now()
         where v.id = $1 and v.status = 'processing' and v.processed_at is not null ${decision === 'approved' ? `and not ${OPEN_HOLD_SQL}` : ''}`,
        [id, decision, reason],
      );
      return Boolean(rowCount);
    },

    /** Whether a video has a hold still open (the review refuses to approve it). */
    async isHeld(id: number): Promise<boolean> {
      const { rows } = await db.query<{ held: boolean }>(`select ${OPEN_HOLD_SQL} as held from videos v where v.id = $1`, [id]);
      return rows[0]?.held === true;
    },

    /** The video's status and why it is hidden, unless it is gone or being deleted. */
    async state(id: number): Promise<{ status: string; hiddenReason: string | null } | undefined> {
      const { rows } = await db.query<{ status: string; hiddenReason: string | null }>(
        `select status::text as status, hidden_reason as "hiddenReason" from videos where id = $1 and status <> 'deleting'`,
        [id],
      );
      return rows[0];
    },

    /**
     * Hides a published video as taken down (also one hidden by reports, never one hidden by its creator's
     * ban); what hid it before, or undefined when nothing changed.
     */
    async takeDown(id: number, reason: string): Promise<{ before: string | null } | undefined> {
      const { rows } = await db.query<{ before: string | null }>(
        `update videos v set hidden_reason = 'taken down', hidden_at = now(), status_reason = $2, updated_at = now()
         from (select hidden_reason as before from videos where id = $1 for update) b
         where v.id = $1 and v.status = 'approved' and v.hidden_reason is distinct from 'taken down' and v.hidden_reason is distinct from 'creator banned'
         returning b.before`,
        [id, reason],
      );
      return rows[0];
    },

    /** Shows a taken-down or reported video again; what hid it, or undefined when it was hidden by neither. */
    async restore(id: number): Promise<{ before: string } | undefined> {
      const { rows } = await db.query<{ before: string }>(
        `update videos v set hidden_reason = null, hidden_at = null, status_reason = null, updated_at = now()
         from (select hidden_reason as before from videos where id = $1 for update) b
         where v.id = $1 and v.hidden_reason in ('taken down', 'reported') returning b.before`,
        [id],
      );
      return rows[0];
    },

    /** Shows a video hidden by reports that were dismissed. */
    async showReported(id: number): Promise<void> {
      await db.query(`update videos set hidden_reason = null, hidden_at = null where id = $1 and hidden_reason = 'reported'`, [id]);
    },

    /** Hides a banned creator's published videos (kept for an appeal); how many. */
    async hideForBan(userId: number): Promise<number> {
      const { rowCount } = await db.query(
        `update videos set hidden_reason = 'creator banned', hidden_at = now() where user_id = $1 and hidden_reason is null and status = 'approved'`,
        [userId],
      );
      return rowCount ?? 0;
    },

    /** Shows again the videos a lifted ban had hidden; how many. */
    async showAfterBan(userId: number): Promise<number> {
      const { rowCount } = await db.query(`update videos set hidden_reason = null, hidden_at = null where user_id = $1 and hidden_reason = 'creator banned'`, [userId]);
      return rowCount ?? 0;
    },
  };
}
