import type { Category, Tag } from '@flick/contract';
import type pg from 'pg';
import { Batched } from '../../lib/batched.ts';
import { KEYSET_TOP, type TimestampCursor } from '../../lib/keyset.ts';
import type { VideoViewRow, VideoOwner } from '../videos/video-view.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';
import { MEDIA_OWNER_PUBLIC_SQL } from '../videos/media-access.ts';

export interface FeedVideoRow extends VideoViewRow {
  owner: VideoOwner;
  tags: Tag[];
  /** Its files answer at their public address (ADR 0027); false for a geo-blocked creator's: signed, for the places that see them. */
  mediaPublic: boolean;
}

interface HydratedRow extends VideoViewRow {
  ownerSlug: string | null;
  ownerName: string;
  ownerAvatar: string | null;
  tags: Tag[];
  mediaPublic: boolean;
}

/**
 * Named statements: parsed and planned once per connection, not per request. The page's tags come in
 * one grouped join, not a sub-query per video (which scanned the tags table once per video).
 */
const hydrateSql = `
  with tagged as (
    select vt.video_id, json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by vt.position) as tags
    from video_tags vt join tags t on t.id = vt.tag_id
    where vt.video_id = any($1::bigint[])
    group by vt.video_id
  )
  select v.id::float8 as "id", v.user_id::float8 as "userId", v.slug, v.title, v.status, v.status_reason as "statusReason",
         v.is_nsfw as "isNsfw", v.is_vertical as "isVertical", v.duration, v.width, v.height, v.processed_at as "processedAt",
         v.stills_version as "stillsVersion", v.playable_at as "playableAt", v.upload_date as "uploadDate", v.created_at as "createdAt",
         v.view_count::float8 as "viewCount", v.like_count::float8 as "likeCount",
         u.slug as "ownerSlug", u.name as "ownerName", u.avatar as "ownerAvatar", coalesce(tagged.tags, '[]') as tags,
         ${MEDIA_OWNER_PUBLIC_SQL} as "mediaPublic"
  from videos v
  join users u on u.id = v.user_id
  left join tagged on tagged.video_id = v.id
  where v.id = any($1::bigint[]) and ${PUBLISHED_SQL}`;

/**
 * isLiked/isRated of the pages of every viewer who asked in the same turn (Batched): the likes of these
 * viewer keys and the ratings of these users among these videos, by the tables' keys (viewer_key,
 * video_id) and (user_id, video_id). Each viewer takes the rows of its own key and its own page.
 */
const viewerFlagsSql = `
  select viewer_key as who, video_id::float8 as id, false as rated from video_likes where viewer_key = any($1::text[]) and video_id = any($3::bigint[])
  union all
  select user_id::text, video_id::float8, true from video_ratings where user_id = any($2::bigint[]) and video_id = any($3::bigint[])`;

interface FlagsQuery {
  viewerKey: string;
  userId: number | null;
  ids: readonly number[];
}

export interface ViewerFlags {
  liked: Set<number>;
  rated: Set<number>;
}

/** Over videos_user_published_idx, whose order (desc nulls last) the query must name to walk it unsorted. */
const userVideosSql = `
  select v.id::float8 as id, v.upload_date::text as "uploadDate"
  from videos v
  where v.user_id = $1 and ${PUBLISHED_SQL}
    and (v.upload_date, v.id) < ($2::timestamptz, $3::bigint)
  order by v.upload_date desc nulls last, v.id desc nulls last
  limit $4`;

/**
 * The rating lists (viewer.md §2): newest published first over videos_published_idx (walked backwards),
 * each candidate probed against the video_ratings key (user_id, video_id), so a page costs about
 * per_page index steps plus the ones the viewer already rated. $2 null means every category (no join).
 */
const unratedSql = `
  select v.id::float8 as id, v.upload_date::text as "uploadDate"
  from videos v
  where ${PUBLISHED_SQL}
    and ($2::text[] is null or exists (select 1 from users u where u.id = v.user_id and u.gender = any($2::text[])))
    and (v.upload_date, v.id) < ($3::timestamptz, $4::bigint)
    and not exists (select 1 from video_ratings r where r.user_id = $1 and r.video_id = v.id)
    and v.user_id <> all($6::bigint[])
  order by v.upload_date desc, v.id desc
  limit $5`;

/** The same for a guest, who has rated nothing. */
const publishedSql = `
  select v.id::float8 as id, v.upload_date::text as "uploadDate"
  from videos v
  where ${PUBLISHED_SQL}
    and ($1::text[] is null or exists (select 1 from users u where u.id = v.user_id and u.gender = any($1::text[])))
    and (v.upload_date, v.id) < ($2::timestamptz, $3::bigint)
    and v.user_id <> all($5::bigint[])
  order by v.upload_date desc, v.id desc
  limit $4`;

/**
 * Most recently rated first, by keyset over video_ratings_user_updated_idx; only still-published videos.
 * `nulls last` is the index's order (the columns are never null): plain `desc` means nulls first, which
 * the planner would not take from this index and sorted all the viewer's ratings for every page instead.
 */
const ratedSql = `
  select r.video_id::float8 as id, r.updated_at::text as "ratedAt", r.rating
  from video_ratings r
  join videos v on v.id = r.video_id
  where r.user_id = $1 and ${PUBLISHED_SQL}
    and ($2::text[] is null or exists (select 1 from users u where u.id = v.user_id and u.gender = any($2::text[])))
    and (r.updated_at, r.video_id) < ($3::timestamptz, $4::bigint)
    and v.user_id <> all($6::bigint[])
  order by r.updated_at desc nulls last, r.video_id desc nulls last
  limit $5`;

const tagsSql = `
  select t.id::float8 as id, t.name, t.slug from tags t
  where ($1::text is null or t.slug like $1::text || '%')
    and ($2::text is null or t.slug > $2::text)
    and exists (select 1 from video_tags vt join videos v on v.id = vt.video_id join users u on u.id = v.user_id
                where vt.tag_id = t.id and ${PUBLISHED_SQL} and u.gender = any($3::text[]))
  order by t.slug
  limit $4`;

export function feedRepository(pool: pg.Pool) {
  const flags = new Batched<FlagsQuery, ViewerFlags>(async (queries) => {
    const keys = [...new Set(queries.map((q) => q.viewerKey))];
    const users = [...new Set(queries.flatMap((q) => (q.userId === null ? [] : [q.userId])))];
    const ids = [...new Set(queries.flatMap((q) => q.ids))];
    const { rows } = await pool.query<{ who: string; id: number; rated: boolean }>({ name: 'feed-viewer-flags', text: viewerFlagsSql, values: [keys, users, ids] });
    const found = new Set<string>();
    for (const row of rows) found.add(row.rated ? `r${row.who}:${row.id}` : `${row.who}:${row.id}`);
    return queries.map(({ viewerKey, userId, ids: page }) => ({
      liked: new Set(page.filter((id) => found.has(`${viewerKey}:${id}`))),
      rated: new Set(userId === null ? [] : page.filter((id) => found.has(`r${userId}:${id}`))),
    }));
  });

  return {
    /** Published videos among `ids` with their owner and tags, in one statement (no N+1). */
    async hydrate(ids: readonly number[]): Promise<Map<number, FeedVideoRow>> {
      if (ids.length === 0) return new Map();
      const { rows } = await pool.query<HydratedRow>({ name: 'feed-hydrate', text: hydrateSql, values: [ids] });
      return new Map(
        rows.map(({ ownerSlug, ownerName, ownerAvatar, ...row }) => [
          row.id,
          { ...row, owner: { id: row.userId, slug: ownerSlug, name: ownerName, avatar: ownerAvatar } },
        ]),
      );
    },

    /**
     * Which of `ids` the viewer liked (user or guest key) and rated (users only): one indexed statement
     * for all the viewers asking at the same moment.
     */
    viewerFlags(viewerKey: string, userId: number | null, ids: readonly number[]): Promise<ViewerFlags> {
      return flags.ask({ viewerKey, userId, ids });
    },

    /**
     * Published videos without a tag: the left sidebar leaves them out, since a tap on an item opens a
     * tag's feed. An anti-join over the video_tags key, read once per snapshot epoch, not per request.
     */
    async taglessVideoIds(): Promise<Set<number>> {
      const { rows } = await pool.query<{ id: number }>(
        `select v.id::float8 as id from videos v where ${PUBLISHED_SQL} and not exists (select 1 from video_tags vt where vt.video_id = v.id)`,
      );
      return new Set(rows.map((r) => r.id));
    },

    async videoIdsWithTags(tagIds: readonly number[]): Promise<Set<number>> {
      const { rows } = await pool.query<{ id: number }>('select distinct video_id::float8 as id from video_tags where tag_id = any($1::bigint[])', [tagIds]);
      return new Set(rows.map((r) => r.id));
    },

    /** Creators with a link on `site`: the host without www (`chaturbate.com`) or its first label (`chaturbate`). */
    async tag(by: { id: number } | { slug: string }): Promise<Tag | undefined> {
      const { rows } = await pool.query<Tag>(
        'id' in by ? 'select id::float8 as id, name, slug from tags where id = $1' : 'select id::float8 as id, name, slug from tags where slug = $1',
        ['id' in by ? by.id : by.slug],
      );
      return rows[0];
    },

    /** An account by id (digits) or slug, case-insensitively. */
    async userId(idOrSlug: string): Promise<number | undefined> {
      const { rows } = /^\d{1,15}$/.test(idOrSlug)
        ? await pool.query<{ id: number }>(
            'select id::float8 as id from users u where id = $1 and banned_at is null and not exists (select 1 from account_deletions d where d.user_id = u.id)',
            [Number(idOrSlug)],
          )
        : await pool.query<{ id: number }>(
            'select id::float8 as id from users u where lower(slug) = lower($1) and banned_at is null and not exists (select 1 from account_deletions d where d.user_id = u.id)',
            [idOrSlug],
          );
      return rows[0]?.id;
    },

    /** A creator's published videos, newest first, by keyset on (upload_date, id). */
    async userVideoIds(userId: number, after: TimestampCursor | null, limit: number) {
      const { rows } = await pool.query<{ id: number; uploadDate: string }>({
        name: 'feed-user-videos',
        text: userVideosSql,
        values: [userId, after?.at ?? KEYSET_TOP.time, after?.id ?? KEYSET_TOP.id, limit],
      });
      return rows;
    },

    /**
     * Published videos `userId` has not rated (all of them for a guest), newest first, by keyset on
     * (upload_date, id). `genders` null means every category.
     */
    async unratedVideoIds(userId: number | null, genders: readonly Category[] | null, after: TimestampCursor | null, limit: number, hidden: readonly number[]) {
      const keyset = [after?.at ?? KEYSET_TOP.time, after?.id ?? KEYSET_TOP.id, limit];
      const { rows } =
        userId === null
          ? await pool.query<{ id: number; uploadDate: string }>({ name: 'feed-published-newest', text: publishedSql, values: [genders, ...keyset, hidden] })
          : await pool.query<{ id: number; uploadDate: string }>({ name: 'feed-unrated', text: unratedSql, values: [userId, genders, ...keyset, hidden] });
      return rows;
    },

    /** The published videos `userId` rated, with the rating, most recently rated first, by keyset on (updated_at, video_id). */
    async ratedVideoIds(userId: number, genders: readonly Category[] | null, after: TimestampCursor | null, limit: number, hidden: readonly number[]) {
      const { rows } = await pool.query<{ id: number; ratedAt: string; rating: number }>({
        name: 'feed-rated',
        text: ratedSql,
        values: [userId, genders, after?.at ?? KEYSET_TOP.time, after?.id ?? KEYSET_TOP.id, limit, hidden],
      });
      return rows;
    },

    /** Tags with published videos in the given categories, by slug after `afterSlug`. */
    async tags(prefix: string | null, genders: readonly Category[], afterSlug: string | null, limit: number): Promise<Tag[]> {
      const { rows } = await pool.query<Tag>({ name: 'feed-tags', text: tagsSql, values: [prefix, afterSlug, genders, limit] });
      return rows;
    },
  };
}
