import type { Category, Tag } from '@flick/contract';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { creatorLiveSql } from '../../db/schema.ts';
import { searches } from './discover.schema.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';
import type { DiscoverUserRow } from './discover.repository.ts';

/**
 * Search statements (ADR 0011). They are deliberately not named: a prepared statement's generic plan
 * would serve "c" (every creator matches) and "creator1234" (one does) alike. Unnamed, each search is
 * planned with its own text, whose matching functions are IMMUTABLE and so folded to constants, letting
 * the planner size the match from the index statistics and walk the index that fits.
 *
 * Parameters shared by all three: $1 the query, $2 the categories, $3 how many.
 */

const CREATOR_SQL = `u.type in ('model', 'channel') and u.slug is not null`;
const HAS_VIDEO_SQL = `exists (select 1 from videos v where v.user_id = u.id and ${PUBLISHED_SQL})`;

/** The most followed creators, or most liked videos, checked first: a common start or word fills the answer from them. */
const POPULAR_CHECKED = 300;
/** Otherwise at most this many creators with the start are read from the prefix indexes. */
const PREFIX_HITS = 200;
/** Misspellings: at most this many creators nearest the query are weighed, wherever the walk of the trigram index stops. */
const NEAREST_CHECKED = 50;

/**
 * Creators and channels: an exact handle or name (users_search_slug_idx, users_search_name_idx), then
 * handles and names starting with the query, most followed first: among the POPULAR_CHECKED most
 * followed (users_search_followers_idx), and when those hold too few, among PREFIX_HITS read from the
 * two prefix ranges (so a start most creators share never reads them all). Then, only when no creator
 * starts with the query and $4 allows it, misspellings: the NEAREST_CHECKED creators whose
 * "handle name" (users.search_words) is nearest the query by word similarity, read in that order from
 * the GiST trigram index (users_search_words_idx), so the cost is bounded however many names look alike; of those,
 * the ones a whole word of which is close (strict_word_similarity >= 0.5: one wrong letter of a
 * five-letter word), best first, then most followed.
 */
export const searchUsersSql = `
  with exact as (
    select u.id, 0 as tier, 1::real as similarity
    from users u
    where ${CREATOR_SQL} and u.gender = any($2::text[])
      and (flick_search_norm(u.slug) = flick_search_norm($1) or flick_search_norm(u.name) = flick_search_norm($1))
      and ${HAS_VIDEO_SQL}
    limit $3
  ), popular as (
    select u.id, u.gender, u.followers_count
    from (select u.id, u.gender, u.followers_count, u.slug, u.name from users u where ${CREATOR_SQL} and u.gender = any($2::text[])
          order by u.followers_count desc, u.id desc limit ${POPULAR_CHECKED}) u
    where flick_search_norm(u.slug) like flick_search_prefix($1) or flick_search_norm(u.name) like flick_search_prefix($1)
  ), hits as materialized (
    select u.id, u.gender, u.followers_count from users u
    where (select count(*) from popular) < $3 and ${CREATOR_SQL}
      and (flick_search_norm(u.slug) like flick_search_prefix($1) or flick_search_norm(u.name) like flick_search_prefix($1))
    limit ${PREFIX_HITS}
  ), prefix as materialized (
    -- What the walks read is carried along, so the creators are not looked up again.
    select u.id, 1 as tier, 1::real as similarity
    from (select * from popular union select * from hits) u
    where u.gender = any($2::text[]) and ${HAS_VIDEO_SQL}
    order by u.followers_count desc, u.id desc
    limit $3
  ), misspelt as (
    select u.id, 2 as tier, u.similarity
    from (select u.id, u.gender, u.followers_count, strict_word_similarity(flick_search_norm($1), u.search_words) as similarity
          from users u
          where $4::boolean and not exists (select 1 from prefix) and ${CREATOR_SQL}
          order by u.search_words <->> flick_search_norm($1)
          limit ${NEAREST_CHECKED}) u
    where u.similarity >= 0.5 and u.gender = any($2::text[]) and ${HAS_VIDEO_SQL}
    order by u.similarity desc, u.followers_count desc, u.id desc
    limit $3
  ), found as (
    select distinct on (id) id, tier, similarity
    from (select * from exact union all select * from prefix union all select * from misspelt) m
    order by id, tier
  )
  select u.id::float8 as id, u.name, u.slug, u.avatar,
         ${creatorLiveSql('u')} as "isLive"
  from found f join users u on u.id = f.id
  order by f.tier, f.similarity desc, u.followers_count desc, u.id desc
  limit $3`;

/** Does a tag have a published video in the categories (video_tags_tag_id_idx, then the video and its creator by key). */
const TAG_HAS_VIDEO_SQL = `exists (select 1 from video_tags vt join videos v on v.id = vt.video_id join users u on u.id = v.user_id
                                   where vt.tag_id = t.id and ${PUBLISHED_SQL} and u.gender = any($2::text[]))`;

/**
 * Tags: exact name, then names starting with the query (tags_search_name_idx), then misspellings
 * (tags_search_trgm_idx) when $4 allows, by similarity of the whole name (a tag is a word or two: one
 * wrong letter in a short word leaves too few trigrams for word similarity's stricter bar); within each,
 * those holding the most published videos of the categories first (tag_search_counts, which also drops
 * the tags with none without reading their videos). The few kept are checked live, in case their
 * videos went since the counts were taken.
 */
export const searchTagsSql = `
  with matched as (
    select t.id, t.name, t.slug,
           case when flick_search_norm(t.name) = flick_search_norm($1) then 0
                when flick_search_norm(t.name) like flick_search_prefix($1) then 1 else 2 end as tier,
           case when $4::boolean then similarity(flick_search_norm($1), flick_search_norm(t.name)) else 1 end as similarity
    from tags t
    where flick_search_norm(t.name) like flick_search_prefix($1)
       or ($4::boolean and flick_search_norm($1) % flick_search_norm(t.name))
  ), counted as (
    select m.*, n.videos, case when m.tier = 2 then m.similarity else 1 end as closeness
    from matched m
    cross join lateral (select sum(c.videos) as videos from tag_search_counts c where c.tag_id = m.id and c.gender = any($2::text[])) n
    -- A tag newer than the counts (none yet, so null) goes on to the live check rather than waiting for the refresh.
    where n.videos is null or n.videos > 0
    order by m.tier, closeness desc, n.videos desc nulls last, m.name
    limit $3 * 2
  )
  select t.id::float8 as id, t.name, t.slug
  from counted t
  where ${TAG_HAS_VIDEO_SQL}
  order by t.tier, t.closeness desc, t.videos desc nulls last, t.name
  limit $3`;

/** At most this many videos with the words are read from the full-text index. */
const TITLE_HITS = 1000;

/**
 * Published videos whose title has the query's words, the last one as a prefix when $4; most liked,
 * then most viewed first. The POPULAR_CHECKED most liked (videos_search_popular_idx) are checked first,
 * which fills the answer at once for a word many titles hold; only when they hold too few is the
 * full-text index read (videos_search_title_idx), for at most TITLE_HITS videos.
 */
export const searchVideosSql = `
  with popular as (
    select p.id from (
      select v.id, v.title from videos v
      where ${PUBLISHED_SQL} and exists (select 1 from users u where u.id = v.user_id and u.gender = any($2::text[]))
      order by v.like_count desc, v.view_count desc, v.id desc
      limit ${POPULAR_CHECKED}
    ) p
    where to_tsvector('simple', flick_search_norm(p.title)) @@ flick_search_tsquery($1, $4::boolean)
    limit $3
  ), hits as materialized (
    select v.id from videos v
    where (select count(*) from popular) < $3
      and to_tsvector('simple', flick_search_norm(v.title)) @@ flick_search_tsquery($1, $4::boolean)
      and ${PUBLISHED_SQL}
    limit ${TITLE_HITS}
  )
  select v.id::float8 as id
  from videos v
  join users u on u.id = v.user_id
  where v.id in (select id from popular union select id from hits)
    and ${PUBLISHED_SQL} and u.gender = any($2::text[])
  order by v.like_count desc, v.view_count desc, v.id desc
  limit $3`;

export function searchRepository(db: Database, pool: pg.Pool) {
  return {
    /** `fuzzy`: also misspellings (the query has at least 3 letters or digits). */
    async users(query: string, genders: readonly Category[], limit: number, fuzzy: boolean): Promise<DiscoverUserRow[]> {
      const { rows } = await pool.query<DiscoverUserRow>(searchUsersSql, [query, genders, limit, fuzzy]);
      return rows;
    },
    async tags(query: string, genders: readonly Category[], limit: number, fuzzy: boolean): Promise<Tag[]> {
      const { rows } = await pool.query<Tag>(searchTagsSql, [query, genders, limit, fuzzy]);
      return rows;
    },
    /** `prefix`: the last word may be the start of a longer one. */
    async videoIds(query: string, genders: readonly Category[], limit: number, prefix: boolean): Promise<number[]> {
      const { rows } = await pool.query<{ id: number }>(searchVideosSql, [query, genders, limit, prefix]);
      return rows.map((r) => r.id);
    },

    async record(search: { query: string; userId: number | null; guestId: string | null; results: number }) {
      await db.insert(searches).values({
        query: search.query,
        normalized: sql`flick_search_norm(${search.query})`,
        userId: search.userId,
        guestId: search.guestId,
        results: search.results,
      });
    },

    /** Brings the tags' video counts up to date without blocking searches meanwhile. */
    async refreshTagCounts() {
      await pool.query('refresh materialized view concurrently tag_search_counts');
    },
  };
}
