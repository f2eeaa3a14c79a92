import { feedMessages, type PublicProfile, type PublicUser } from '@flick/contract';
import type pg from 'pg';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';
import { imageSources } from './profile-images.ts';
import { toLink, type LinkRow } from './profile-links.ts';

interface ProfileRow {
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
}

/**
 * One statement for the whole panel: the account, its totals (followers kept as a counter; likes and
 * views summed over its published videos by videos_user_published_idx), links, contests, isFollowing.
 */
const profileSql = `
  select u.id::float8 as id, u.type, u.name, u.slug, u.username, u.avatar, u.cover, u.description, u.color, u.gender,
         u.is_verified as "isVerified", u.followers_count::float8 as "totalFollowers",
         coalesce(t.likes, 0)::float8 as "totalLikes", coalesce(t.views, 0)::float8 as "totalVideoViews",
         exists (select 1 from follows f where f.follower_id = $3 and f.model_id = u.id) as "isFollowing",
         coalesce((select json_agg(json_build_object('id', l.id, 'url', l.url, 'name', l.name, 'site', l.site,
                    'isLive', l.is_live, 'isImportant', l.is_important) order by l.position, l.id)
                   from user_links l where l.user_id = u.id), '[]') as links,
         coalesce((select json_agg(json_build_object('id', c.id, 'title', c.title, 'content', c.content) order by c.position, c.id)
                   from contests c where c.user_id = u.id), '[]') as contests
  from users u
  left join lateral (select sum(v.like_count) as likes, sum(v.view_count) as views from videos v
                     where v.user_id = u.id and ${PUBLISHED_SQL}) t on true
  where case when $1::bigint is not null then u.id = $1::bigint else lower(u.slug) = lower($2::text) end`;

export function publicProfiles(pool: pg.Pool) {
  return {
    /** GET /v1/users/{id or slug}: 404 for no such account. Contests' HTML is sanitized as it leaves, like static pages. */
    async find(idOrSlug: string, viewerId: number | null): Promise<PublicProfile> {
      const id = /^\d{1,15}$/.test(idOrSlug) ? Number(idOrSlug) : null;
      const { rows } = await pool.query<ProfileRow>({ name: 'public-profile', text: profileSql, values: [id, id === null ? idOrSlug : null, viewerId] });
      const row = rows[0];
      if (!row) throw new HttpError(404, feedMessages.userNotFound);
      const links = row.links.map(toLink);
      const contests = row.contests.map((contest) => ({ ...contest, content: sanitizeHtml(contest.content) }));
      return {
        ...row,
        links,
        contests,
        isLive: links.some((l) => l.isLive),
        avatarSources: imageSources('avatar', row.avatar),
        coverSources: imageSources('cover', row.cover),
      };
    },
  };
}
