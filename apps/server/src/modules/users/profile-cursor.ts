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

/** The SQL for "before this position" on `(time, id)`; $2 and $3 carry the cursor (null for the top). */
export const beforeCursorSql = (time: string, id: string) =>
  `($2::bigint is null or (${time}, ${id}) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::bigint))`;

/** The SQL for a row's time as cursor microseconds. */
export const cursorMicrosSql = (time: string) => `(extract(epoch from ${time}) * 1000000)::bigint::text`;
