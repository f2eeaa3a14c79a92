import type { FastifyRequest } from 'fastify';

/**
 * Keyset paging (DESIGN.md "API conventions": never OFFSET). Opaque cursors for `links.next`: a few
 * fields joined and base64url encoded. They steer paging only; nothing in them is trusted beyond that.
 */
export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The fields of a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string | undefined, fields: number): string[] | null {
  if (!cursor || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString();
  // A made-up cursor's NULs would reach PostgreSQL's text (SECURITY.md): ours never have one.
  if (text.includes('\u0000')) return null;
  const parts = text.split('|');
  return parts.length === fields ? parts : null;
}

/** A position on an id alone (a positive bigint that fits a JS number), or null when it is not one of ours. */
export function decodeIdCursor(cursor: string | undefined): number | null {
  const parts = decodeCursor(cursor, 1);
  if (!parts || !/^\d{1,16}$/.test(parts[0]!)) return null;
  const id = Number(parts[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A ranked-feed position: the epoch it is pinned to, the index in the filtered list, a video to skip. */
export interface RankCursor {
  epoch: number;
  position: number;
  skip: number;
}

export function decodeRankCursor(cursor: string | undefined): RankCursor | null {
  const parts = decodeCursor(cursor, 3);
  if (!parts) return null;
  const [epoch, position, skip] = parts.map(Number) as [number, number, number];
  if (![epoch, position, skip].every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  return { epoch, position, skip };
}

export const encodeRankCursor = ({ epoch, position, skip }: RankCursor) => encodeCursor([epoch, position, skip]);

/** PostgreSQL's text form of a timestamptz: exact to the microsecond, unlike a JS Date. */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A position on (time, id) with the time as PostgreSQL printed it (`column::text`). */
export interface TimestampCursor {
  at: string;
  id: number;
}

export const encodeTimestampCursor = ({ at, id }: TimestampCursor) => encodeCursor([at, id]);

/** A position from a cursor of ours, or null to start at the top. */
export function decodeTimestampCursor(cursor: string | undefined): TimestampCursor | null {
  const parts = decodeCursor(cursor, 2);
  if (!parts || !TIMESTAMP_TEXT.test(parts[0]!) || !/^\d{1,15}$/.test(parts[1]!)) return null;
  return { at: parts[0]!, id: Number(parts[1]) };
}

/**
 * A position on (time, id) with the time as whole microseconds since the epoch (PostgreSQL's own
 * precision, so no row is skipped or repeated), read with `cursorMicrosSql`.
 */
export interface MicrosCursor {
  micros: string;
  id: number;
}

export const encodeMicrosCursor = ({ micros, id }: MicrosCursor) => encodeCursor([micros, id]);

/** A position from a cursor of ours, or null to start at the top. */
export function decodeMicrosCursor(cursor: string | undefined): MicrosCursor | null {
  const parts = decodeCursor(cursor, 2);
  if (!parts || !/^\d{1,17}$/.test(parts[0]!) || !/^\d{1,15}$/.test(parts[1]!)) return null;
  return { micros: parts[0]!, id: Number(parts[1]) };
}

/**
 * Where a newest-first keyset list starts: before every real row. The bound is always sent, never
 * `$n is null or ...`: a cached generic plan (a named statement's sixth run on) cannot use that as an
 * index bound and reads a deep page by filtering from the top (360 ms at 500,000 rows in, against under 1 ms).
 */
export const KEYSET_TOP = { time: 'infinity', id: '9223372036854775807' } as const;

/** A cursor's time as a timestamptz literal, to the microsecond (a Date keeps only milliseconds). */
function microsTime(micros: string): string {
  const whole = BigInt(micros);
  return new Date(Number(whole / 1000n)).toISOString().replace(/Z$/, `${String(whole % 1000n).padStart(3, '0')}Z`);
}

/** $2 and $3 of `beforeCursorSql`: the cursor's position, or the top. */
export function cursorBound(after: MicrosCursor | null): [time: string, id: string] {
  return after ? [microsTime(after.micros), String(after.id)] : [KEYSET_TOP.time, KEYSET_TOP.id];
}

/**
 * The SQL for "before this position" on `(time, id)`, $2 and $3 from `cursorBound`. With an index on
 * (..., time desc, id desc) and the query ordered `desc nulls last` (the index's order: plain `desc` is
 * nulls first, which the planner will not read from it and sorts instead), a page is an index range.
 */
export const beforeCursorSql = (time: string, id: string) => `(${time}, ${id}) < ($2::timestamptz, $3::bigint)`;

/** The SQL for a row's time as cursor microseconds. */
export const cursorMicrosSql = (time: string) => `(extract(epoch from ${time}) * 1000000)::bigint::text`;

export interface Page<T> {
  data: T[];
  /** The cursor for `links.next`, or null on the last page. */
  next: string | null;
}

/**
 * A page from rows read one beyond its size: the first `size`, and the cursor after the last of them
 * when that extra row says there is more.
 */
export function keysetPage<R>(found: readonly R[], size: number, cursorAfter: (last: R) => string): { rows: R[]; next: string | null } {
  const rows = found.slice(0, size);
  const last = rows.at(-1);
  return { rows, next: found.length > size && last !== undefined ? cursorAfter(last) : null };
}

/** `links.next`: this request's URL with the new cursor (and without `page`, which the cursor replaces). */
export function nextLink(request: FastifyRequest, cursor: string | null): string | null {
  if (!cursor) return null;
  const url = new URL(request.url, 'http://flick.invalid');
  url.searchParams.delete('page');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
