import { STATS_DEFAULT_DAYS, statsEarliestDay, statsMessages, type StatsRequest, type StatsResponse } from '@flick/contract';
import type pg from 'pg';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { validationError } from '../../lib/validation.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

/** Totals over the creator's published videos (the public profile's numbers), and the followers counter. */
const lifetimeSql = `
  select count(v.id)::float8 as total_videos, coalesce(sum(v.like_count), 0)::float8 as total_likes,
         coalesce(sum(v.view_count), 0)::float8 as total_views, (select followers_count from users where id = $1)::float8 as total_followers
  from videos v where v.user_id = $1 and ${PUBLISHED_SQL}`;

/** The range, one row per day from creator_daily_stats (its primary key's range), days without a row as zeros. */
const daysSql = `
  select g.day::date::text as day, coalesce(s.views, 0)::float8 as views, coalesce(s.likes, 0)::float8 as likes,
         coalesce(s.link_clicks, 0)::float8 as link_clicks, coalesce(s.new_followers, 0)::float8 as new_followers
  from generate_series($2::date, $3::date, interval '1 day') g(day)
  left join creator_daily_stats s on s.user_id = $1 and s.day = g.day::date`;

/** Each of the creator's links with its clicks in the range (link_click_daily_counts by link and day). */
const linkClicksSql = `
  select l.name, coalesce(sum(c.count), 0)::float8 as clicks, l.position, l.id
  from user_links l
  left join link_click_daily_counts c on c.link_id = l.id and c.day between $2::date and $3::date
  where l.user_id = $1
  group by l.id, l.name, l.position`;

/**
 * The three in one statement, so one snapshot: read side by side, a counter flush committing between them
 * showed a click in the link's total but not yet in its day.
 */
const statsSql = `
  select (select row_to_json(l) from (${lifetimeSql}) l) as lifetime,
         (select coalesce(json_agg(d order by d.day), '[]'::json) from (${daysSql}) d) as days,
         (select coalesce(json_agg(json_build_object('name', k.name, 'clicks', k.clicks) order by k.position, k.id), '[]'::json)
          from (${linkClicksSql}) k) as links`;

type StatsDay = StatsResponse['range']['days'][number] & { new_followers: number };

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The range asked for, checked (accounts.md §5: six months back to today, start on or before end), or the default. */
export function statsRange(request: StatsRequest, now = new Date()): { from: string; to: string } {
  const today = dayOf(now);
  if (request.from === undefined || request.to === undefined) {
    const from = new Date(`${today}T00:00:00Z`);
    from.setUTCDate(from.getUTCDate() - (STATS_DEFAULT_DAYS - 1));
    return { from: dayOf(from), to: today };
  }
  if (request.from > request.to) throw validationError([{ field: 'from', message: statsMessages.startAfterEnd }]);
  if (request.to > today) throw validationError([{ field: 'to', message: statsMessages.inTheFuture }]);
  if (request.from < statsEarliestDay(today)) throw validationError([{ field: 'from', message: statsMessages.tooFarBack }]);
  return { from: request.from, to: request.to };
}

/** POST /v1/profile/stats (accounts.md §3, §7): the signed-in creator's own numbers, never anyone else's. */
export function profileStats(pool: pg.Pool) {
  return {
    async read(user: UserRow, request: StatsRequest): Promise<StatsResponse> {
      if (user.type === 'user') throw new HttpError(403, statsMessages.forCreators);
      const { from, to } = statsRange(request);
      const { rows } = await pool.query<{ lifetime: StatsResponse['lifetime']; days: StatsDay[]; links: StatsResponse['range']['link_clicks'] }>({
        name: 'stats-read',
        text: statsSql,
        values: [user.id, from, to],
      });
      const { lifetime, days, links } = rows[0]!;
      const sum = (pick: (day: StatsDay) => number) => days.reduce((total, day) => total + pick(day), 0);
      return {
        lifetime,
        range: {
          from,
          to,
          video_views: sum((d) => d.views),
          video_likes: sum((d) => d.likes),
          new_followers: sum((d) => d.new_followers),
          link_clicks: links,
          days: days.map(({ day, views, likes, link_clicks }) => ({ day, views, likes, link_clicks })),
        },
      };
    },
  };
}
