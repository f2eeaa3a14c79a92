import type { Category } from '@flick/contract';
import type pg from 'pg';
import { linkLiveSql } from '../../db/schema.ts';
import { beforeCursorSql, cursorBound, cursorMicrosSql, type MicrosCursor } from '../../lib/keyset.ts';
import type { LinkRow } from '../users/user-links.ts';

/** A webcam site whose status feed is due, as the poll needs it. */
export interface DueSite {
  id: number;
  slug: string;
  hosts: string[];
  statusUrl: string;
  listPath: string;
  roomField: string;
}

export interface PushSite {
  id: number;
  slug: string;
  hosts: string[];
  pushSecret: string | null;
}

/** What one status or push changed: the creators who went live (for the feed and the notifications). */
export interface LiveChange {
  wentLive: number[];
  wentOffline: number;
}

/** A site's links: on one of its hosts or below one (de.stripchat.com is stripchat.com), as "Best of {site}" reads them. */
const onSiteSql = `(l.site = any($2::text[]) or l.site like any (select '%.' || h from unnest($2::text[]) h))`;

/** After a failure the next poll waits longer: the interval doubled per failure in a row, at most 16 times or 15 minutes. */
const claimDueSql = `
  update webcam_sites s set status_polled_at = now()
  where s.status_url is not null
    and (s.status_polled_at is null
         or s.status_polled_at <= now() + interval '5 seconds'
              - make_interval(secs => least(s.status_interval_seconds * power(2, least(s.status_failures, 4)), 900)))
  returning s.id::float8 as id, s.slug, s.hosts, s.status_url as "statusUrl", s.status_list_path as "listPath", s.status_room_field as "roomField"`;

/**
 * One good status answer, in one statement: the site's links whose room is listed and that are not live
 * go live ('feed'); its feed-live links whose room is no longer listed go off; the site's confirmation
 * moves to now, which keeps all its feed-live links live (flick_link_live). Unchanged links are not written.
 */
const applyStatusSql = `
  with online as (select distinct room from unnest($3::text[]) as r(room)),
  went_live as (
    update user_links l
    set live_source = 'feed', live_site_id = $1, live_since = now(), live_confirmed_at = null, live_until = null
    from online o
    where o.room = l.room and ${onSiteSql} and not ${linkLiveSql('l')}
    returning l.user_id
  ), went_offline as (
    update user_links l
    set live_source = null, live_site_id = null, live_since = null, live_confirmed_at = null, live_until = null
    where l.live_source = 'feed' and l.live_site_id = $1 and not exists (select 1 from online o where o.room = l.room)
    returning l.id
  ), confirmed as (
    update webcam_sites set status_confirmed_at = now(), status_failures = 0, status_error = null where id = $1 returning id
  )
  select array(select distinct user_id::float8 from went_live) as "wentLive",
         (select count(*) from went_offline)::int as "wentOffline",
         (select count(*) from confirmed)::int as confirmed`;

/**
 * A push: rooms said live are live ('push') until $5 seconds from now, unless the creator's own word
 * already holds the link; rooms said off lose a site's word (feed or push), not the creator's.
 */
const applyPushSql = `
  with pushed as (select distinct on (room) room, live from unnest($3::text[], $4::boolean[]) as p(room, live)),
  site_links as (
    select l.id, l.user_id, l.room, l.live_source, ${linkLiveSql('l')} as was_live from user_links l where ${onSiteSql}
  ), went_live as (
    update user_links l
    set live_source = 'push', live_site_id = $1, live_since = case when s.was_live then l.live_since else now() end,
        live_confirmed_at = now(), live_until = now() + make_interval(secs => $5)
    from site_links s join pushed p on p.room = s.room and p.live
    where l.id = s.id and not (s.live_source = 'manual' and s.was_live)
    returning l.user_id, s.was_live
  ), went_offline as (
    update user_links l
    set live_source = null, live_site_id = null, live_since = null, live_confirmed_at = null, live_until = null
    from site_links s join pushed p on p.room = s.room and not p.live
    where l.id = s.id and s.live_source in ('feed', 'push')
    returning s.was_live
  )
  select array(select distinct user_id::float8 from went_live where not was_live) as "wentLive",
         (select count(*) from went_offline where was_live)::int as "wentOffline",
         (select count(*) from pushed p where not exists (select 1 from site_links s where s.room = p.room))::int as "unknownRooms"`;

const linkColumns = `l.id::float8 as id, l.url, l.name, l.site, ${linkLiveSql('l')} as "isLive", l.is_important as "isImportant"`;

/**
 * GET /v1/live: one live link per creator (the most recently confirmed), newest confirmation first. The
 * live links are few (user_links_live_idx holds only those someone said are live).
 */
const liveNowSql = `
  with live as (
    select distinct on (l.user_id) l.user_id, ${linkColumns}, l.live_since,
           case l.live_source when 'feed' then s.status_confirmed_at else l.live_confirmed_at end as confirmed_at
    from user_links l
    left join webcam_sites s on s.id = l.live_site_id and l.live_source = 'feed'
    where l.live_source is not null and ${linkLiveSql('l')}
    order by l.user_id, confirmed_at desc nulls last, l.id desc
  )
  select u.id::float8 as "userId", u.name as "userName", u.slug, u.avatar,
         live.id, live.url, live.name, live.site, live."isLive", live."isImportant",
         live.confirmed_at as "confirmedAt", live.live_since as "liveSince", ${cursorMicrosSql('live.confirmed_at')} as micros
  from live
  join users u on u.id = live.user_id
  where u.type in ('model', 'channel') and u.slug is not null
    and ($1::text[] is null or u.gender = any($1::text[]))
    and ($5::bigint is null or exists (select 1 from follows f where f.follower_id = $5 and f.model_id = u.id))
    and ${beforeCursorSql('live.confirmed_at', 'u.id')}
    and u.id <> all($6::bigint[])
  order by live.confirmed_at desc, u.id desc
  limit $4`;

export interface LiveNowRow extends LinkRow {
  userId: number;
  userName: string;
  slug: string;
  avatar: string | null;
  confirmedAt: Date;
  liveSince: Date;
  micros: string;
}

export function liveRepository(pool: pg.Pool) {
  return {
    /** Claims the sites whose status is due: however many instances ask at once, each site goes to one. */
    async claimDueSites(): Promise<DueSite[]> {
      const { rows } = await pool.query<DueSite>(claimDueSql);
      return rows;
    },

    async applyStatus(site: DueSite, rooms: readonly string[]): Promise<LiveChange> {
      const { rows } = await pool.query<LiveChange>(applyStatusSql, [site.id, site.hosts, rooms]);
      return rows[0]!;
    },

    /** A poll that met an error: counted (the next waits longer) and said why, for the admin; no link changes. */
    async recordFailure(siteId: number, reason: string) {
      await pool.query('update webcam_sites set status_failures = status_failures + 1, status_error = $2 where id = $1', [siteId, reason]);
    },

    async pushSite(slug: string): Promise<PushSite | undefined> {
      const { rows } = await pool.query<PushSite>('select id::float8 as id, slug, hosts, push_secret as "pushSecret" from webcam_sites where slug = $1', [slug]);
      return rows[0];
    },

    /**
     * A signed push, taken once: its signature is kept a while, and the same push again is refused
     * (null). The receipt and the changes are one transaction, so a push that failed may be sent again.
     */
    async applyPush(site: PushSite, signature: string, rooms: { room: string; live: boolean }[], windowSeconds: number) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const receipt = await client.query('insert into live_status_pushes (site_id, signature) values ($1, $2) on conflict do nothing returning site_id', [
          site.id,
          signature,
        ]);
        if (receipt.rowCount === 0) {
          await client.query('rollback');
          return null;
        }
        const { rows } = await client.query<LiveChange & { unknownRooms: number }>(applyPushSql, [
          site.id,
          site.hosts,
          rooms.map((r) => r.room),
          rooms.map((r) => r.live),
          windowSeconds,
        ]);
        await client.query("delete from live_status_pushes where received_at < now() - interval '1 hour'");
        await client.query('commit');
        return rows[0]!;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async linkOwner(linkId: number): Promise<number | undefined> {
      const { rows } = await pool.query<{ userId: number }>('select user_id::float8 as "userId" from user_links where id = $1', [linkId]);
      return rows[0]?.userId;
    },

    /** The creator's own word: live for `hours` (keeping when it went live if it already was), or not live at all. */
    async setManual(linkId: number, live: boolean, hours: number): Promise<{ link: LinkRow; wentLive: boolean }> {
      const { rows } = await pool.query<LinkRow & { wentLive: boolean }>(
        live
          ? `with before as (select ${linkLiveSql('l')} as was_live from user_links l where l.id = $1)
             update user_links l
             set live_source = 'manual', live_site_id = null, live_since = case when before.was_live then l.live_since else now() end,
                 live_confirmed_at = now(), live_until = now() + make_interval(hours => $2)
             from before where l.id = $1
             returning ${linkColumns}, not before.was_live as "wentLive"`
          : `update user_links l set live_source = null, live_site_id = null, live_since = null, live_confirmed_at = null, live_until = null
             where l.id = $1 and $2::int is not null
             returning ${linkColumns}, false as "wentLive"`,
        [linkId, hours],
      );
      const { wentLive, ...link } = rows[0]!;
      return { link, wentLive };
    },

    /** `followerId`: only the creators this account follows. */
    /** `hidden`: creators geo-blocked where the viewer is, left out. */
    async liveNow(
      genders: readonly Category[] | null,
      after: MicrosCursor | null,
      limit: number,
      followerId: number | null,
      hidden: readonly number[],
    ): Promise<LiveNowRow[]> {
      const { rows } = await pool.query<LiveNowRow>(liveNowSql, [genders, ...cursorBound(after), limit, followerId, hidden]);
      return rows;
    },
  };
}

export type LiveRepository = ReturnType<typeof liveRepository>;
