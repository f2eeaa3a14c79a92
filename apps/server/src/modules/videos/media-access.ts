import type pg from 'pg';

/**
 * Whether a video's files may still be served (SECURITY.md): not once a decision has withdrawn it —
 * taken down, hidden by reports, its creator banned, rejected, being deleted, failed — nor when the row
 * is gone. Drafts, scheduled and still-encoding videos stay reachable by address for now: their creator
 * previews them through the same files, and hiding them from others needs signed addresses.
 */
export const MEDIA_SERVABLE_SQL = `v.status in ('uploaded', 'preprocess', 'processing', 'approved') and v.hidden_reason is null`;

const SERVABLE_STATUSES = new Set(['uploaded', 'preprocess', 'processing', 'approved']);

/** MEDIA_SERVABLE_SQL for a row already read. */
export function isMediaServable(row: { status: string; hiddenReason: string | null }): boolean {
  return SERVABLE_STATUSES.has(row.status) && row.hiddenReason === null;
}

/**
 * How long one instance trusts an answer. A swipe asks for a playlist and a few segments of the same video
 * within a second; a decision reaches every instance within this time.
 */
export const MEDIA_ACCESS_TTL_MS = 1000;
const MAX_REMEMBERED = 20_000;

export interface MediaAccess {
  mayServe(videoId: number): Promise<boolean>;
  /** Forgets what this instance remembers of a video, so its own decision applies on the next request. */
  forget(videoId: number): void;
}

export function mediaAccess(pool: pg.Pool, { ttlMs = MEDIA_ACCESS_TTL_MS, now = Date.now } = {}): MediaAccess {
  const remembered = new Map<number, { servable: Promise<boolean>; until: number }>();

  async function lookUp(videoId: number): Promise<boolean> {
    const { rows } = await pool.query<{ servable: boolean }>({
      name: 'media-servable',
      text: `select ${MEDIA_SERVABLE_SQL} as servable from videos v where v.id = $1`,
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
