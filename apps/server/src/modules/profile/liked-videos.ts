import type { Video } from '@flick/contract';
import type pg from 'pg';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { beforeCursorSql, cursorBound, cursorMicrosSql, decodeMicrosCursor, encodeMicrosCursor, keysetPage, type Page } from '../../lib/keyset.ts';
import { feedRepository } from '../feed/feed.repository.ts';
import { toVideo } from '../videos/video-view.ts';
import type { MediaUrls } from '../videos/media-urls.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

/** Newest like first, by keyset on (liked at, video id): a range of video_likes_viewer_created_idx in its order. */
const likedSql = `
  select l.video_id::float8 as id, ${cursorMicrosSql('l.created_at')} as "likedAt"
  from video_likes l
  join videos v on v.id = l.video_id
  where l.viewer_key = $1 and ${PUBLISHED_SQL} and ${beforeCursorSql('l.created_at', 'l.video_id')}
    and v.user_id <> all($5::bigint[])
  order by l.created_at desc nulls last, l.video_id desc nulls last
  limit $4`;

/** GET /v1/profile/liked-videos (viewer.md §2, §7): the feed's videos, in the feed's shape. */
export function likedVideos({ pool, media, urls }: { pool: pg.Pool; media: MediaStorage; urls?: MediaUrls }) {
  const feed = feedRepository(pool);

  return {
    /** `hidden`: creators geo-blocked where the viewer is, left out. */
    async page(userId: number, q: { cursor?: string; per_page: number }, hidden: readonly number[]): Promise<Page<Video>> {
      const after = decodeMicrosCursor(q.cursor);
      const viewerKey = `u${userId}`;
      const { rows: found } = await pool.query<{ id: number; likedAt: string }>({
        name: 'profile-liked-videos',
        text: likedSql,
        values: [viewerKey, ...cursorBound(after), q.per_page + 1, hidden],
      });
      const { rows: page, next } = keysetPage(found, q.per_page, (last) => encodeMicrosCursor({ micros: last.likedAt, id: last.id }));
      const ids = page.map((row) => row.id);
      const [rows, flags] = await Promise.all([feed.hydrate(ids), feed.viewerFlags(viewerKey, userId, ids)]);
      const data = page.flatMap(({ id }) => {
        const row = rows.get(id);
        // Viewers never see why a video was rejected; hydrate only finds published ones anyway.
        // Creators hidden where the viewer is were left out above: the rest may be signed for them (ADR 0027).
        return row
          ? [
              toVideo({ ...row, statusReason: null }, row.owner, row.tags, urls ? urls.of(row, 'viewer') : media, {
                isLiked: flags.liked.has(id),
                isRated: flags.rated.has(id),
              }),
            ]
          : [];
      });
      return { data, next };
    },
  };
}
