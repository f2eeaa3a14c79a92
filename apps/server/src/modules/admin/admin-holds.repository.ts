import type { AdminHeldMatch, VideoHoldKindName } from '@flick/contract';
import type pg from 'pg';

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** An open hold as the queue reads it; its matched video is looked up apart. */
export interface HoldRow {
  kind: VideoHoldKindName;
  reason: string;
  urgent: boolean;
  createdAt: string;
  matchedVideoId: number | null;
}

/** Held videos: open holds, and the states a held video can be put in. Not yet decided: not rejected, not being deleted. */
export const OPEN_HELD_SQL = `h.released_at is null and v.status not in ('rejected', 'deleting')`;

/** Per video (grouped): it has a hold a moderator decides on, not only its uploader's or co-performers' to move. */
export const MODERATOR_HOLD_SQL = `bool_or(h.kind <> 'co-performers' or h.urgent)`;

const holdsJson = `json_agg(json_build_object('kind', h.kind, 'reason', h.reason, 'urgent', h.urgent, 'createdAt', ${iso('h.created_at')},
                     'matchedVideoId', h.matched_video_id::float8) order by h.urgent desc, h.created_at)`;

/** The held queue's reads and the take-down of a held video; on the pool or a transaction's client. */
export function adminHoldsRepository(db: pg.Pool | pg.PoolClient) {
  return {
    /**
     * Videos with an open hold a moderator decides on, urgent first (hash-list matches, withdrawn consent), then
     * the longest waiting; each with all its open holds. A video waiting only for its uploader's declaration or
     * its co-performers' answers is theirs to move, not the moderators'.
     */
    async queue(limit: number): Promise<{ videoId: number; holds: HoldRow[] }[]> {
      const { rows } = await db.query<{ videoId: number; holds: HoldRow[] }>(
        `select v.id::float8 as "videoId", ${holdsJson} as holds
         from video_holds h join videos v on v.id = h.video_id
         where ${OPEN_HELD_SQL}
         group by v.id
         having ${MODERATOR_HOLD_SQL}
         order by bool_or(h.urgent) desc, min(h.created_at) asc, v.id asc
         limit $1`,
        [limit],
      );
      return rows;
    },

    /** One video's open holds (none: it is not held, or was decided). */
    async holdsOf(videoId: number): Promise<HoldRow[]> {
      const { rows } = await db.query<{ holds: HoldRow[] }>(
        `select ${holdsJson} as holds from video_holds h join videos v on v.id = h.video_id where v.id = $1 and ${OPEN_HELD_SQL} group by v.id`,
        [videoId],
      );
      return rows[0]?.holds ?? [];
    },

    /** The videos holds matched, with their creators: what the moderator compares the held one with. */
    async matched(ids: readonly number[]): Promise<AdminHeldMatch[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<AdminHeldMatch>(
        `select v.id::float8 as id, v.title, v.status::text as status, v.hidden_reason as "hiddenReason",
                json_build_object('id', u.id, 'name', u.name, 'slug', u.slug) as creator
         from videos v join users u on u.id = v.user_id
         where v.id = any($1::bigint[])`,
        [ids],
      );
      return rows;
    },

    /**
     * Takes a held video down for good: rejected, with the reason its uploader reads. Its holds stay as they
     * were (the audit log records the decision). The holds it had, or undefined when it is not held.
     */
    async takeDown(videoId: number, reason: string): Promise<{ status: string; kinds: VideoHoldKindName[] } | undefined> {
      const { rows } = await db.query<{ status: string; kinds: VideoHoldKindName[] }>(
        `update videos v set status = 'rejected', status_reason = $2, updated_at = now()
         from (select status::text as before from videos where id = $1 for update) b
         where v.id = $1 and v.status not in ('rejected', 'deleting')
           and exists (select 1 from video_holds h where h.video_id = v.id and h.released_at is null)
         returning b.before as status,
                   (select array_agg(h.kind::text order by h.kind) from video_holds h where h.video_id = v.id and h.released_at is null) as kinds`,
        [videoId, reason],
      );
      return rows[0];
    },
  };
}
