import { videoListResponseSchema, type Video } from '@flick/contract';
import { buildFeedSnapshot } from '../../src/modules/feed/feed-snapshot.ts';
import type { TestApp } from './test-app.ts';

/**
 * Published videos straight into the database (the feed does not need their media files): fast to
 * make by the hundred. `uploadDate` in the future makes a scheduled one.
 */
export async function publishedVideos(
  t: TestApp,
  userId: number,
  count: number,
  { tags = [] as string[], uploadDate = new Date(Date.now() - 60_000), status = 'approved', likes = 0, views = 0 } = {},
): Promise<number[]> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into videos (user_id, slug, title, status, details_at, processed_at, upload_date, duration, like_count, view_count)
     select $1, 'clip-' || g, 'Clip ' || g, $3::video_status, now(), now(), $4, 10, $5, $6 from generate_series(1, $2) g
     returning id`,
    [userId, count, status, uploadDate, likes, views],
  );
  const ids = rows.map((r) => Number(r.id));
  for (const [position, name] of tags.entries()) {
    await t.pool.query(`insert into tags (name, slug) values ($1, lower($1)) on conflict (slug) do nothing`, [name]);
    await t.pool.query(`insert into video_tags (video_id, tag_id, position) select v, (select id from tags where slug = lower($2)), $3 from unnest($1::bigint[]) v`, [
      ids,
      name,
      position,
    ]);
  }
  return ids;
}

/** Re-ranks now; the app's next request reads the new epoch (no waiting out its once-a-second check). */
export async function rebuildFeed(t: TestApp) {
  await buildFeedSnapshot(t.pool);
  t.forgetFeedEpoch();
}

/** GET a feed URL and check it against the contract. */
export async function feedPage(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return videoListResponseSchema.parse(res.json());
}

/** Follows `links.next` to the end; fails if a page repeats a video or the walk does not end. */
export async function walkFeed(t: TestApp, url: string, headers: Record<string, string> = {}, maxPages = 200): Promise<Video[]> {
  const seen: Video[] = [];
  let next: string | null = url;
  for (let page = 0; next; page += 1) {
    if (page >= maxPages) throw new Error(`no end after ${maxPages} pages`);
    const body = await feedPage(t, next, headers);
    seen.push(...body.data);
    next = body.links.next;
  }
  return seen;
}
