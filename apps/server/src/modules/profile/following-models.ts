import type { FollowedModel } from '@flick/contract';
import type pg from 'pg';
import { creatorLiveSql } from '../../db/schema.ts';
import { beforeCursorSql, cursorBound, cursorMicrosSql, decodeMicrosCursor, encodeMicrosCursor, keysetPage, type Page } from '../../lib/keyset.ts';
import { imageSources } from '../accounts/profile-images.ts';

/** Newest follow first, by keyset on (followed at, model id): a range of follows_follower_created_idx in its order. */
const followingSql = `
  select u.id::float8 as id, u.type, u.name, u.slug, u.avatar,
         ${creatorLiveSql('u')} as "isLive",
         f.created_at as "followedAt", ${cursorMicrosSql('f.created_at')} as "followedMicros"
  from follows f
  join users u on u.id = f.model_id
  where f.follower_id = $1 and u.type <> 'user'
    and ${beforeCursorSql('f.created_at', 'f.model_id')}
    and u.id <> all($5::bigint[])
  order by f.created_at desc nulls last, f.model_id desc nulls last
  limit $4`;

interface FollowingRow extends Omit<FollowedModel, 'avatarSources' | 'followedAt'> {
  followedAt: Date;
  followedMicros: string;
}

/** GET /v1/profile/following-models (viewer.md §2 Following, §3 followed model entry). */
export function followingModels(pool: pg.Pool) {
  return {
    /** `hidden`: creators geo-blocked where the viewer is, left out. */
    async page(userId: number, q: { cursor?: string; per_page: number }, hidden: readonly number[]): Promise<Page<FollowedModel>> {
      const after = decodeMicrosCursor(q.cursor);
      const { rows: found } = await pool.query<FollowingRow>({
        name: 'profile-following-models',
        text: followingSql,
        values: [userId, ...cursorBound(after), q.per_page + 1, hidden],
      });
      const { rows: page, next } = keysetPage(found, q.per_page, (last) => encodeMicrosCursor({ micros: last.followedMicros, id: last.id }));
      const data = page.map(({ followedMicros: _, followedAt, ...model }) => ({
        ...model,
        avatarSources: imageSources('avatar', model.avatar),
        followedAt: followedAt.toISOString(),
      }));
      return { data, next };
    },
  };
}
