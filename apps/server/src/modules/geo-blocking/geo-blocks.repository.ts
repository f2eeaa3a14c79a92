import type pg from 'pg';
import type { PlaceRule } from '../visibility/visibility.service.ts';

/** geo_blocks: each creator's countries and regions (ADR 0013). */
export function geoBlocksRepository(pool: pg.Pool) {
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
      return rows[0]!.outcome;
    },

    async remove(userId: number, country: string, region: string | null): Promise<boolean> {
      const { rowCount } = await pool.query("delete from geo_blocks where user_id = $1 and country_code = $2 and coalesce(region_code, '') = coalesce($3, '')", [
        userId,
        country,
        region,
      ]);
      return Boolean(rowCount);
    },

    /** Every block of every creator, for the visibility index (ADR 0024). */
    async all(): Promise<PlaceRule[]> {
      const { rows } = await pool.query<PlaceRule>({
        name: 'geo-blocks-all',
        text: 'select user_id::int as "userId", country_code as "countryCode", region_code as "regionCode" from geo_blocks',
      });
      return rows;
    },
  };
}
