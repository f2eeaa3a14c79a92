import { z } from 'zod';

/** accounts.md §2, §3, §7 POST /profile/stats: a creator's lifetime totals and a range of days. */

/** The range a stats screen opens on: the last 30 days, today included. */
export const STATS_DEFAULT_DAYS = 30;
/** How far back a range may start: six months before today. */
export const STATS_MAX_MONTHS_BACK = 6;

/** The earliest day a range may start on, `STATS_MAX_MONTHS_BACK` calendar months before `today` (Aug 31 gives Feb 28). */
export function statsEarliestDay(today: string): string {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - STATS_MAX_MONTHS_BACK, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastOfMonth));
  return first.toISOString().slice(0, 10);
}

export const statsMessages = {
  badDate: 'Use dates as year-month-day, e.g. 2026-11-24.',
  startAfterEnd: 'The start date must be on or before the end date.',
  tooFarBack: `The start date can be at most ${STATS_MAX_MONTHS_BACK} months before today.`,
  inTheFuture: 'The end date cannot be after today.',
  bothDates: 'Give both a start and an end date, or neither.',
  forCreators: 'Statistics are for creators and channels.',
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, statsMessages.badDate)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), statsMessages.badDate);

/** No body (or {}) for the default range; {from, to} for a range. */
export const statsRequestSchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((body) => (body.from === undefined) === (body.to === undefined), { message: statsMessages.bothDates, path: ['from'] });
export type StatsRequest = z.infer<typeof statsRequestSchema>;

export const statsResponseSchema = z.object({
  lifetime: z.object({ total_videos: z.number(), total_likes: z.number(), total_views: z.number(), total_followers: z.number() }),
  range: z.object({
    from: z.string(),
    to: z.string(),
    video_views: z.number(),
    video_likes: z.number(),
    new_followers: z.number(),
    link_clicks: z.array(z.object({ name: z.string(), clicks: z.number() })),
    /** Beyond the spec: the range day by day, for the chart. */
    days: z.array(z.object({ day: z.string(), views: z.number(), likes: z.number(), link_clicks: z.number() })),
  }),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
