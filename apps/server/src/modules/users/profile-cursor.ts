import { decodeCursor, encodeCursor } from '../feed/feed-cursor.ts';

/**
 * Keyset positions of the profile's lists: a time as whole microseconds since the epoch (PostgreSQL's
 * own precision, so no row is skipped or repeated) and an id to break ties.
 */
export interface TimeCursor {
  micros: string;
  id: number;
}

export const encodeTimeCursor = ({ micros, id }: TimeCursor) => encodeCursor([micros, id]);

/** A position from a cursor of ours, or null to start at the top. */
export function decodeTimeCursor(cursor: string | undefined): TimeCursor | null {
  const parts = decodeCursor(cursor, 2);
  if (!parts || !/^\d{1,17}$/.test(parts[0]!) || !/^\d{1,15}$/.test(parts[1]!)) return null;
  return { micros: parts[0]!, id: Number(parts[1]) };
}

/**
 * Where a newest-first list starts: before every real row. The bound is always sent, never
 * `$n is null or ...`: a cached generic plan (a named statement's sixth run on) cannot use that as an
 * index bound and reads a deep page by filtering from the top (see feed.repository.ts).
 */
const TOP = { time: 'infinity', id: '9223372036854775807' };

/** A cursor's time as a timestamptz literal, to the microsecond (a Date keeps only milliseconds). */
function cursorTime(micros: string): string {
  const whole = BigInt(micros);
  return new Date(Number(whole / 1000n)).toISOString().replace(/Z$/, `${String(whole % 1000n).padStart(3, '0')}Z`);
}

/** $2 and $3 of `beforeCursorSql`: the cursor's position, or the top. */
export function cursorBound(after: TimeCursor | null): [time: string, id: string] {
  return after ? [cursorTime(after.micros), String(after.id)] : [TOP.time, TOP.id];
}

/**
 * The SQL for "before this position" on `(time, id)`, $2 and $3 from `cursorBound`. With an index on
 * (..., time desc, id desc) and the query ordered `desc nulls last` (the index's order: plain `desc` is
 * nulls first, which the planner will not read from it and sorts instead), a page is an index range.
 */
export const beforeCursorSql = (time: string, id: string) => `(${time}, ${id}) < ($2::timestamptz, $3::bigint)`;

/** The SQL for a row's time as cursor microseconds. */
export const cursorMicrosSql = (time: string) => `(extract(epoch from ${time}) * 1000000)::bigint::text`;
