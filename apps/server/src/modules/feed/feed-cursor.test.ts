import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeRankCursor, encodeCursor, encodeRankCursor } from './feed-cursor.ts';

describe('feed cursors', () => {
  it('round-trip a ranked position', () => {
    const cursor = { epoch: 1763740000123, position: 9990, skip: 42 };
    expect(decodeRankCursor(encodeRankCursor(cursor))).toEqual(cursor);
  });

  it('refuse what is not one of ours', () => {
    expect(decodeRankCursor('not a cursor!')).toBeNull();
    expect(decodeRankCursor(encodeCursor(['1', '-5', '0']))).toBeNull();
    expect(decodeRankCursor(encodeCursor(['1', '2']))).toBeNull();
    expect(decodeCursor(undefined, 2)).toBeNull();
  });
});
