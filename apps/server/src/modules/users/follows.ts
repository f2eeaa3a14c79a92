import { feedMessages } from '@flick/contract';
import type pg from 'pg';
import { validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * POST /v1/follow-model (viewer.md §4, §6). The follow row and the followers counter change in one
 * transaction, so the counter is exact without counting rows. `created` says whether to answer 201.
 */
export function follows(pool: pg.Pool) {
  return {
    async set(followerId: number, modelId: number, action: 'follow' | 'unfollow') {
      if (followerId === modelId) throw validationError([{ field: 'model_id', message: feedMessages.cannotFollowSelf }]);
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows: [model] } = await client.query<{ type: string }>('select type from users where id = $1', [modelId]);
        if (!model) throw new HttpError(404, feedMessages.userNotFound);
        if (model.type === 'user') throw validationError([{ field: 'model_id', message: feedMessages.onlyCreatorsFollowed }]);
        const changed =
          action === 'follow'
            ? await client.query('insert into follows (follower_id, model_id) values ($1, $2) on conflict do nothing', [followerId, modelId])
            : await client.query('delete from follows where follower_id = $1 and model_id = $2', [followerId, modelId]);
        const delta = changed.rowCount === 1 ? (action === 'follow' ? 1 : -1) : 0;
        const { rows: [counter] } = await client.query<{ total: number }>(
          'update users set followers_count = greatest(0, followers_count + $2) where id = $1 returning followers_count::float8 as total',
          [modelId, delta],
        );
        await client.query('commit');
        return { created: action === 'follow' && delta === 1, isFollowing: action === 'follow', totalFollowers: counter!.total };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
