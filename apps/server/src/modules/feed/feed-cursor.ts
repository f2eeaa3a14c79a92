/**
 * Opaque cursors for `links.next` (DESIGN.md "API conventions"): a few fields joined and base64url
 * encoded. They steer paging only; nothing in them is trusted beyond that.
 */
export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The fields of a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string | undefined, fields: number): string[] | null {
  if (!cursor || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  return parts.length === fields ? parts : null;
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
