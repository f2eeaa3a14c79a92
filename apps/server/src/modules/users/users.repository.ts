import type { PublicUser } from '@flick/contract';
import type pg from 'pg';
import { linkLiveSql } from '../../db/schema.ts';
import { KEYSET_TOP } from '../../lib/keyset.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';
import type { LinkRow } from './user-links.ts';

export interface ProfileRow {
  id: number;
  type: PublicUser['type'];
  name: string;
  slug: string | null;
  username: string | null;
  avatar: string | null;
  cover: string | null;
  description: string | null;
  color: string | null;
  gender: PublicUser['gender'];
  isVerified: PublicUser['isVerified'];
  totalFollowers: number;
  totalLikes: number;
  totalVideoViews: number;
  isFollowing: boolean;
  links: LinkRow[];
  contests: { id: number; title: string; content: string }[];
  appearances: number;
}

/**
 * One statement for the whole panel: the account, its totals (followers kept as a counter; likes and
 * views summed over its published videos by videos_user_published_idx), links, contests, isFollowing,
 * and how many published videos of others it approved appearing in (ADR 0029: the rows of
 * video_performers_user_idx, as GET /v1/users/{id}/appearances lists them, without the owners hidden
 * from the viewer's place, $4).
 * Only creators and channels have public profiles (SECURITY.md); any other account is found by itself only
 * ($3, its own account screen), nobody else can tell it exists.
 */
const profileSql = `
  select u.id::float8 as id, u.type, u.name, u.slug, u.username, u.avatar, u.cover, u.description, u.color, u.gender,
         u.is_verified as "isVerified", u.followers_count::float8 as "totalFollowers",
         coalesce(t.likes, 0)::float8 as "totalLikes", coalesce(t.views, 0)::float8 as "totalVideoViews",
         exists (select 1 from follows f where f.follower_id = $3 and f.model_id = u.id) as "isFollowing",
         coalesce((select json_agg(json_build_object('id', l.id, 'url', l.url, 'name', l.name, 'site', l.site,
                    'isLive', ${linkLiveSql('l')}, 'isImportant', l.is_important) order by l.position, l.id)
                   from user_links l where l.user_id = u.id), '[]') as links,
         coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'content', c.content) order by c.position, c.id)
                   from contests c where c.user_id = u.id and c.ended_at is null), '[]') as contests,
         (select count(*) from video_performers p join videos v on v.id = p.video_id
          where p.user_id = u.id and p.status = 'approved' and ${PUBLISHED_SQL}
            and v.user_id <> all($4::bigint[]))::float8 as appearances
  from users u
  left join lateral (select sum(v.like_count) as likes, sum(v.view_count) as views from videos v
                     where v.user_id = u.id and ${PUBLISHED_SQL}) t on true
  where case when $1::bigint is not null then u.id = $1::bigint else lower(u.slug) = lower($2::text) end
    and (u.type in ('model', 'channel') or u.id = $3::bigint)
    and u.banned_at is null
    and not exists (select 1 from account_deletions ad where ad.user_id = u.id)`;

export interface ChannelRow {
  id: number;
  name: string;
  slug: string;
  avatar: string | null;
  cover: string | null;
  color: string | null;
  totalFollowers: number;
  totalVideos: number;
}

/**
 * A page of channels, most followed first, after the keyset ($1 followers, $2 id): an index range of
 * users_channels_idx, and each channel's published videos counted from videos_user_published_idx.
 */
export const channelsPageSql = `
  select u.id::float8 as id, u.name, u.slug, u.avatar, u.cover, u.color, u.followers_count::float8 as "totalFollowers",
         (select count(*) from videos v where v.user_id = u.id and ${PUBLISHED_SQL})::float8 as "totalVideos"
  from users u
  where u.type = 'channel' and u.slug is not null and (u.followers_count, u.id) < ($1::bigint, $2::bigint)
    and u.id <> all($4::bigint[])
  order by u.followers_count desc nulls last, u.id desc nulls last
  limit $3`;

export function usersRepository(pool: pg.Pool) {
  return {
    /** Channels after `after` (followers, id), or from the top, except `hidden` (geo-blocked here); `limit` rows. */
    async listChannels(after: { followers: number; id: number } | null, limit: number, hidden: readonly number[]): Promise<ChannelRow[]> {
      const bound = after ? [String(after.followers), String(after.id)] : [KEYSET_TOP.id, KEYSET_TOP.id];
      const { rows } = await pool.query<ChannelRow>({ name: 'channels-page', text: channelsPageSql, values: [...bound, limit, hidden] });
      return rows;
    },

    /** An account's public profile by id, else by slug; isFollowing for `viewerId`; appearances without videos of `hiddenOwners`. */
    async findProfile(by: { id: number | null; slug: string | null }, viewerId: number | null, hiddenOwners: readonly number[]): Promise<ProfileRow | undefined> {
      const { rows } = await pool.query<ProfileRow>({ name: 'public-profile', text: profileSql, values: [by.id, by.slug, viewerId, hiddenOwners] });
      return rows[0];
    },

    /**
     * The follow row and the followers counter change in one transaction, so the counter is exact
     * without counting rows. `check` sees the followed account's type first and may throw, which
     * changes nothing. `delta` is the counter's change (0 when the follow already was as asked).
     */
    async setFollow(followerId: number, modelId: number, action: 'follow' | 'unfollow', check: (modelType: string | undefined) => void) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const {
          rows: [model],
        } = await client.query<{ type: string }>('select type from users where id = $1', [modelId]);
        check(model?.type);
        const changed =
          action === 'follow'
            ? await client.query('insert into follows (follower_id, model_id) values ($1, $2) on conflict do nothing', [followerId, modelId])
            : await client.query('delete from follows where follower_id = $1 and model_id = $2', [followerId, modelId]);
        const delta = changed.rowCount === 1 ? (action === 'follow' ? 1 : -1) : 0;
        if (delta === 1) {
          // The creator's day of the stats screen (accounts.md §2 Stats): a new follower.
          await client.query(
            `insert into creator_daily_stats (user_id, day, new_followers) values ($1, current_date, 1)
             on conflict (user_id, day) do update set new_followers = creator_daily_stats.new_followers + 1`,
            [modelId],
          );
        }
        const {
          rows: [counter],
        } = await client.query<{ total: number }>(
          'update users set followers_count = greatest(0, followers_count + $2) where id = $1 returning followers_count::float8 as total',
          [modelId, delta],
        );
        await client.query('commit');
        return { delta, totalFollowers: counter!.total };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
