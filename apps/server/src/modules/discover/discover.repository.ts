import type { Category } from '@flick/contract';
import type pg from 'pg';
import { creatorLiveSql } from '../../db/schema.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

export interface DiscoverUserRow {
  id: number;
  name: string;
  slug: string;
  avatar: string | null;
  isLive: boolean;
}

/** Creators and channels with a live link (user_links_live_idx), most followed first. */
const liveUsersSql = `
  select u.id::float8 as id, u.name, u.slug, u.avatar, true as "isLive"
  from users u
  where ${creatorLiveSql('u')}
    and u.type in ('model', 'channel') and u.slug is not null
    and ($1::text[] is null or u.gender = any($1::text[]))
  order by u.followers_count desc, u.id desc
  limit $2`;

/** Approved creators with a published video, newest first (users_newest_creators_idx). */
const latestUsersSql = `
  select u.id::float8 as id, u.name, u.slug, u.avatar,
         ${creatorLiveSql('u')} as "isLive"
  from users u
  where u.type = 'model' and u.is_verified = 'approved' and u.slug is not null
    and ($1::text[] is null or u.gender = any($1::text[]))
    and exists (select 1 from videos v where v.user_id = u.id and ${PUBLISHED_SQL})
  order by u.created_at desc nulls last, u.id desc nulls last
  limit $2`;

export function discoverRepository(pool: pg.Pool) {
  return {
    /** `genders` null means every category. */
    async liveUsers(genders: readonly Category[] | null, limit: number): Promise<DiscoverUserRow[]> {
      const { rows } = await pool.query<DiscoverUserRow>({ name: 'discover-live-users', text: liveUsersSql, values: [genders, limit] });
      return rows;
    },
    async latestUsers(genders: readonly Category[] | null, limit: number): Promise<DiscoverUserRow[]> {
      const { rows } = await pool.query<DiscoverUserRow>({ name: 'discover-latest-users', text: latestUsersSql, values: [genders, limit] });
      return rows;
    },
  };
}
