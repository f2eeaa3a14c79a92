import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { encodeMicrosCursor } from '../src/lib/keyset.ts';
import { followingModels } from '../src/modules/profile/following-models.ts';
import { likedVideos } from '../src/modules/profile/liked-videos.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
/** The account whose lists are planned: it liked 5,000 videos and follows 2,000 creators. */
let viewerId: number;
beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  // Enough rows, analyzed, for the planner to weigh the choice as on a real database.
  const q = (sql: string, values: unknown[] = []) => t.pool.query(sql, values);
  await q(`insert into users (type, email, password_hash, name) select 'model', 'm' || g || '@plans.test', 'x', 'Model ' || g from generate_series(1, 2000) g`);
  const {
    rows: [viewer],
  } = await q(`insert into users (type, email, password_hash, name) values ('user', 'viewer@plans.test', 'x', 'Viewer') returning id::float8 as id`);
  viewerId = (viewer as { id: number }).id;
  await q(`insert into videos (user_id, status, details_at, processed_at, upload_date, width, height)
           select 1 + g % 2000, 'approved', now(), now(), now() - g * interval '1 second', 1080, 1920 from generate_series(1, 20000) g`);
  await q(`insert into video_likes (viewer_key, video_id, created_at) select $1, g * 2, now() - g * interval '1 second' from generate_series(1, 5000) g`, [
    `u${viewerId}`,
  ]);
  await q(`insert into video_likes (viewer_key, video_id, created_at) select 'g' || g % 500, g, now() - g * interval '1 minute' from generate_series(1, 20000) g`);
  await q(`insert into follows (follower_id, model_id, created_at) select $1, g, now() - g * interval '1 second' from generate_series(1, 2000) g`, [viewerId]);
  await q(`insert into follows (follower_id, model_id, created_at) select 1 + g % 100, 101 + g / 100, now() - g * interval '1 minute' from generate_series(1, 5000) g`);
  await q('analyze');
});
afterAll(() => t.close());

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/** A pool that records the named statements it is asked to run (and runs them). */
function recordingPool(statements: Statement[]): pg.Pool {
  return new Proxy(t.pool, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
      return (config: Statement | string, values?: unknown[]) => {
        if (typeof config === 'object' && config.name) statements.push(config);
        return typeof config === 'string' ? target.query(config, values) : target.query(config);
      };
    },
  });
}

/** The plan PostgreSQL caches for a named statement after its fifth run: a generic plan, blind to the values. */
async function genericPlan({ text, values }: Statement): Promise<string> {
  const client = await t.pool.connect();
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare plan_check as ${text}`);
    const args = values.map((value) => client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value))).join(', ');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) execute plan_check(${args})`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('deallocate all; reset plan_cache_mode');
    client.release();
  }
}

describe('the profile lists walk their index by keyset, also in a cached generic plan', () => {
  const deep = encodeMicrosCursor({ micros: '1700000000123456', id: 5 });

  it('liked videos: a range of video_likes_viewer_created_idx in its order, with no sort, on the first page and deep ones', async () => {
    const statements: Statement[] = [];
    const liked = likedVideos({ pool: recordingPool(statements), media: mediaStorage({ dataDir: t.dataDir }) });
    await liked.page(viewerId, { per_page: 30 }, []);
    // A viewer where some creators are geo-blocked: the same index range, those creators filtered out.
    await liked.page(viewerId, { cursor: deep, per_page: 30 }, [123, 456]);
    const pages = statements.filter((s) => s.name === 'profile-liked-videos');
    expect(pages.map((s) => s.values.slice(1, 3))).toEqual([
      ['infinity', '9223372036854775807'],
      ['2023-11-14T22:13:20.123456Z', '5'],
    ]);
    for (const page of pages) {
      const plan = await genericPlan(page);
      expect(plan).toMatch(/Index (Only )?Scan using video_likes_viewer_created_idx/);
      expect(plan).toContain('(ROW(created_at, video_id) < ROW($2, $3))');
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('followed models: a range of follows_follower_created_idx in its order, with no sort', async () => {
    const statements: Statement[] = [];
    const following = followingModels(recordingPool(statements));
    await following.page(viewerId, { per_page: 30 }, []);
    await following.page(viewerId, { cursor: deep, per_page: 30 }, [123, 456]);
    const pages = statements.filter((s) => s.name === 'profile-following-models');
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const plan = await genericPlan(page);
      expect(plan).toMatch(/Index (Only )?Scan using follows_follower_created_idx/);
      expect(plan).toContain('(ROW(created_at, model_id) < ROW($2, $3))');
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
