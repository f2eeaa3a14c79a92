import type pg from 'pg';
import { OPEN_HOLD_SQL } from './video-holds.repository.ts';
import { PUBLISHED_SQL } from './videos.repository.ts';

/**
 * What makes a video's owner keep its media off the public address (as `v`): banned, deleting their account
 * (ADR 0031), or hidden from some place by a geo-blocking rule (ADR 0013), whose media is then signed-only
 * (ADR 0027). With an open hold
 * (a hold unpublishes, this is belt and braces), for the feed's rows that read it beside PUBLISHED_SQL.
 */
export const MEDIA_OWNER_PUBLIC_SQL = `not exists (select 1 from users mu where mu.id = v.user_id and mu.banned_at is not null)
  and not exists (select 1 from account_deletions md where md.user_id = v.user_id)
  and not exists (select 1 from geo_blocks mg where mg.user_id = v.user_id)
  and not ${OPEN_HOLD_SQL}`;

/**
 * Whether a video's files may be fetched at their public address (ADR 0027, SECURITY.md "Media"): only
 * while it is published for everyone — approved, details set, its date come, not hidden, no open hold,
 * its creator neither banned nor geo-blocking any place. Anything else (drafts, scheduled, processing,
 * held, taken down, rejected, being deleted, a geo-blocked creator's) is served at signed addresses only.
 */
export const MEDIA_PUBLIC_SQL = `(${PUBLISHED_SQL} and ${MEDIA_OWNER_PUBLIC_SQL})`;

/** Open 'hash-list' hold (quarantine): signed addresses for admins only, not even the creator. */
export const QUARANTINED_SQL = `exists (select 1 from video_holds qh where qh.video_id = v.id and qh.kind = 'hash-list' and qh.released_at is null)`;

/** How a video's media may be addressed now (see mediaUrls). */
export interface MediaState {
  /** Its files answer at their public address. */
  mediaPublic: boolean;
  /** Only admins are given signed addresses. */
  quarantined?: boolean;
}

/** The media state of each video (absent: no such video), in one statement. */
export async function mediaStates(pool: Pick<pg.Pool, 'query'>, ids: readonly number[]): Promise<Map<number, Required<MediaState>>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: number; mediaPublic: boolean; quarantined: boolean }>({
    name: 'media-states',
    text: `select v.id::float8 as id, ${MEDIA_PUBLIC_SQL} as "mediaPublic", ${QUARANTINED_SQL} as quarantined from videos v where v.id = any($1::bigint[])`,
    values: [[...ids]],
  });
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}

/**
 * How long one instance trusts an answer. A swipe asks for a playlist and a few segments of the same video
 * within a second; a decision reaches every instance within this time (this one's at once: `forget`).
 */
export const MEDIA_ACCESS_TTL_MS = 1000;
const MAX_REMEMBERED = 20_000;

export interface MediaAccess {
  /** Whether the video's files may be served at their public address now. */
  mayServe(videoId: number): Promise<boolean>;
  /** Forgets what this instance remembers of a video, so its own decision applies on the next request. */
  forget(videoId: number): void;
}

export function mediaAccess(pool: pg.Pool, { ttlMs = MEDIA_ACCESS_TTL_MS, now = Date.now } = {}): MediaAccess {
  const remembered = new Map<number, { servable: Promise<boolean>; until: number }>();

  async function lookUp(videoId: number): Promise<boolean> {
    const { rows } = await pool.query<{ servable: boolean }>({
      name: 'media-servable',
      text: `select ${MEDIA_PUBLIC_SQL} as servable from videos v where v.id = $1`,
      values: [videoId],
    });
    return rows[0]?.servable === true;
  }

  return {
    mayServe(videoId) {
      const at = now();
      const known = remembered.get(videoId);
      if (known && known.until > at) return known.servable;
      if (remembered.size >= MAX_REMEMBERED) {
        for (const [id, entry] of remembered) if (entry.until <= at) remembered.delete(id);
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      }
      const servable = lookUp(videoId);
      remembered.set(videoId, { servable, until: at + ttlMs });
      // A failed lookup is not remembered: the next request asks again (and this one answers 503).
      servable.catch(() => remembered.delete(videoId));
      return servable;
    },
    forget(videoId) {
      remembered.delete(videoId);
    },
  };
}
