import type pg from 'pg';

export interface WebcamSiteRow {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  icon: string | null;
  position: number;
}

const columns = 'id::float8 as id, slug, name, hosts, icon, position';

/**
 * The webcam sites table (schema.ts `webcamSites`): a handful of rows an admin edits, on the pool or on
 * the client of a transaction the service opened.
 */
export function webcamSitesRepository(pool: pg.Pool | pg.PoolClient) {
  return {
    async list(): Promise<WebcamSiteRow[]> {
      const { rows } = await pool.query<WebcamSiteRow>(`select ${columns} from webcam_sites order by position, id`);
      return rows;
    },
    async bySlug(slug: string): Promise<WebcamSiteRow | undefined> {
      const { rows } = await pool.query<WebcamSiteRow>(`select ${columns} from webcam_sites where slug = $1`, [slug]);
      return rows[0];
    },
    /** The new site, or undefined when its slug is taken. */
    async insert(site: { slug: string; name: string; hosts: string[]; icon: string | null }): Promise<WebcamSiteRow | undefined> {
      const { rows } = await pool.query<WebcamSiteRow>(
        `insert into webcam_sites (slug, name, hosts, icon, position)
         values ($1, $2, $3, $4, (select coalesce(max(position), 0) + 1 from webcam_sites))
         on conflict (slug) do nothing returning ${columns}`,
        [site.slug, site.name, site.hosts, site.icon],
      );
      return rows[0];
    },
    async update(slug: string, values: { name?: string; hosts?: string[]; icon?: string | null }): Promise<WebcamSiteRow | undefined> {
      const { rows } = await pool.query<WebcamSiteRow>(
        `update webcam_sites set name = coalesce($2, name), hosts = coalesce($3, hosts),
                icon = case when $4::boolean then $5 else icon end
         where slug = $1 returning ${columns}`,
        [slug, values.name ?? null, values.hosts ?? null, values.icon !== undefined, values.icon ?? null],
      );
      return rows[0];
    },
    /** The site's live status feed (ADR 0012), or none; a new source is due at once. */
    async setStatusSource(slug: string, source: { url: string; listPath: string; roomField: string; intervalSeconds: number } | null) {
      const { rowCount } = await pool.query(
        `update webcam_sites set status_url = $2, status_list_path = $3, status_room_field = $4, status_interval_seconds = $5,
                status_polled_at = null, status_failures = 0, status_error = null
         where slug = $1`,
        [slug, source?.url ?? null, source?.listPath ?? '', source?.roomField ?? '', source?.intervalSeconds ?? 60],
      );
      return rowCount === 1;
    },
    async setPushSecret(slug: string, secret: string | null) {
      const { rowCount } = await pool.query('update webcam_sites set push_secret = $2 where slug = $1', [slug, secret]);
      return rowCount === 1;
    },
    /**
     * Puts the sites in the given order, which must name every site exactly once (checked under a lock,
     * so, in a transaction, two admins reordering at once cannot interleave); false when it does not.
     */
    async reorder(slugs: readonly string[]): Promise<boolean> {
      const { rows } = await pool.query<{ slug: string }>('select slug from webcam_sites order by id for update');
      const known = new Set(rows.map((r) => r.slug));
      if (known.size !== slugs.length || new Set(slugs).size !== slugs.length || !slugs.every((slug) => known.has(slug))) return false;
      await pool.query('update webcam_sites w set position = o.position from unnest($1::text[]) with ordinality as o(slug, position) where w.slug = o.slug', [slugs]);
      return true;
    },
    /** How each site's live status is doing, for the admin. */
    async statusSources() {
      const { rows } = await pool.query<{
        slug: string;
        statusUrl: string | null;
        listPath: string;
        roomField: string;
        intervalSeconds: number;
        confirmedAt: Date | null;
        failures: number;
        error: string | null;
        takesPushes: boolean;
      }>(
        `select slug, status_url as "statusUrl", status_list_path as "listPath", status_room_field as "roomField", status_interval_seconds as "intervalSeconds", status_confirmed_at as "confirmedAt",
                status_failures as failures, status_error as error, push_secret is not null as "takesPushes"
         from webcam_sites order by position, id`,
      );
      return rows;
    },
    async remove(slug: string): Promise<WebcamSiteRow | undefined> {
      const { rows } = await pool.query<WebcamSiteRow>(`delete from webcam_sites where slug = $1 returning ${columns}`, [slug]);
      return rows[0];
    },
    /** The creators with a link on one of `hosts` or below one (user_links_site_idx for the exact hosts). */
    async creatorsOn(hosts: readonly string[]): Promise<Set<number>> {
      const { rows } = await pool.query<{ id: number }>(
        `select distinct user_id::float8 as id from user_links
         where site = any($1::text[]) or site like any (select '%.' || h from unnest($1::text[]) h)`,
        [hosts],
      );
      return new Set(rows.map((r) => r.id));
    },
  };
}
