import type pg from 'pg';

/**
 * What hides a creator or a video from everyone, and the change counter every instance watches
 * (ADR 0024). Bans and take-downs are read where their owners write them (`users.banned_at`,
 * `videos.hidden_reason`); the owners call `changed` after their write.
 */
export function visibilityRepository(pool: pg.Pool) {
  return {
    /** Banned creators, and accounts waiting out their deletion's grace period (ADR 0031): hidden from every viewer, wherever they are. */
    async banned(): Promise<number[]> {
      const { rows } = await pool.query<{ id: number }>({
        name: 'hidden-banned',
        text: 'select id::int as id from users where banned_at is not null union select user_id::int from account_deletions',
      });
      return rows.map((r) => r.id);
    },

    /**
     * Videos hidden in the last minutes (taken down, reported, a creator banned): answers cached before
     * (Discover 30 s, feed pages 2 s) are filtered by these until they expire.
     */
    async recentlyHiddenVideos(): Promise<number[]> {
      const { rows } = await pool.query<{ id: number }>({
        name: 'hidden-recent-videos',
        text: "select id::int as id from videos where hidden_reason is not null and hidden_at > now() - interval '5 minutes'",
      });
      return rows.map((r) => r.id);
    },

    /** After a change is committed: bumped after, so whoever sees the new value reads the new rows. */
    async changed(): Promise<void> {
      await pool.query("select nextval('hidden_creator_changes')");
    },

    /** The change counter: one row read of a sequence, no table scan. */
    async version(): Promise<string> {
      const { rows } = await pool.query<{ v: string }>({ name: 'visibility-version', text: "select last_value || ':' || is_called as v from hidden_creator_changes" });
      return rows[0]!.v;
    },
  };
}
