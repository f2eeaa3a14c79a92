import type pg from 'pg';

export interface GeoBlockRow {
  userId: number;
  countryCode: string;
  regionCode: string | null;
}

/** geo_blocks and the change counter every instance watches (ADR 0013). */
export function geoBlocksRepository(pool: pg.Pool) {
  /** After a change is committed: bumped after, so whoever sees the new value reads the new rows. */
  const changed = () => pool.query("select nextval('hidden_creator_changes')");

  return {
    async list(userId: number): Promise<{ country_code: string; region_code: string | null }[]> {
      const { rows } = await pool.query<{ country_code: string; region_code: string | null }>(
        'select country_code, region_code from geo_blocks where user_id = $1 order by created_at, id',
        [userId],
      );
      return rows;
    },

    /** Adds the place unless it is listed already (or the list is full); true when a row was written. */
    async add(userId: number, country: string, region: string | null, max: number): Promise<'added' | 'listed' | 'full'> {
      const { rows } = await pool.query<{ outcome: 'added' | 'listed' | 'full' }>(
        `with existing as (select count(*)::int as n, bool_or(country_code = $2 and coalesce(region_code, '') = coalesce($3, '')) as listed
                             from geo_blocks where user_id = $1),
              inserted as (insert into geo_blocks (user_id, country_code, region_code)
                           select $1, $2, $3 from existing where not coalesce(listed, false) and n < $4
                           on conflict do nothing returning 1)
         select case when exists (select 1 from inserted) then 'added'
                     when (select coalesce(listed, false) from existing) then 'listed' else 'full' end as outcome`,
        [userId, country, region, max],
      );
      const outcome = rows[0]!.outcome;
      if (outcome === 'added') await changed();
      return outcome;
    },

    async remove(userId: number, country: string, region: string | null): Promise<boolean> {
      const { rowCount } = await pool.query(
        "delete from geo_blocks where user_id = $1 and country_code = $2 and coalesce(region_code, '') = coalesce($3, '')",
        [userId, country, region],
      );
      if (rowCount) await changed();
      return Boolean(rowCount);
    },

    /** Every block of every creator whose account still shows content. */
    async all(): Promise<GeoBlockRow[]> {
      const { rows } = await pool.query<GeoBlockRow>({
        name: 'geo-blocks-all',
        text: 'select user_id::int as "userId", country_code as "countryCode", region_code as "regionCode" from geo_blocks',
      });
      return rows;
    },

    /** Banned creators (issue 15): hidden from every viewer, wherever they are. */
    async banned(): Promise<number[]> {
      const { rows } = await pool.query<{ id: number }>({ name: 'hidden-banned', text: 'select id::int as id from users where banned_at is not null' });
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

    /** Tells every instance that who is hidden changed (a ban, say): they reload within a second. */
    changed,

    /** The change counter: one row read of a sequence, no table scan. */
    async version(): Promise<string> {
      const { rows } = await pool.query<{ v: string }>({ name: 'geo-blocks-version', text: "select last_value || ':' || is_called as v from hidden_creator_changes" });
      return rows[0]!.v;
    },
  };
}
