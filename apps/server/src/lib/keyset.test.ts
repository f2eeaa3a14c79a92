import { describe, expect, it } from 'vitest';
import {
  cursorBound,
  decodeCursor,
  decodeIdCursor,
  decodeMicrosCursor,
  decodeRankCursor,
  decodeTimestampCursor,
  encodeCursor,
  encodeMicrosCursor,
  encodeRankCursor,
  encodeTimestampCursor,
  keysetPage,
} from './keyset.ts';

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

  it('refuse a cursor that decodes to a NUL, which PostgreSQL text cannot hold', () => {
    expect(decodeCursor('AAAA', 1)).toBeNull();
    expect(decodeCursor(encodeCursor(['a\u0000b']), 1)).toBeNull();
    expect(decodeCursor(encodeCursor(['ab']), 1)).toEqual(['ab']);
  });
});

describe('id cursors', () => {
  it('round-trip a row id', () => {
    expect(decodeIdCursor(encodeCursor([42]))).toBe(42);
    expect(decodeIdCursor(encodeCursor([Number.MAX_SAFE_INTEGER]))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuse garbage, a NUL, a negative, zero, a fraction and an id beyond a safe integer: no cursor', () => {
    for (const cursor of [
      undefined,
      '',
      'not a cursor!',
      encodeCursor(['1 or 1=1']),
      encodeCursor(['7\u0000']),
      encodeCursor(['-5']),
      encodeCursor(['0']),
      encodeCursor(['1.5']),
      encodeCursor(['1e3']),
      encodeCursor(['9007199254740993']),
      encodeCursor(['99999999999999999999999']),
      encodeCursor([1, 2]),
    ]) {
      expect(decodeIdCursor(cursor), String(cursor)).toBeNull();
    }
  });
});

describe('time cursors', () => {
  it('round-trip a timestamptz as PostgreSQL prints it, and refuse any other time', () => {
    const cursor = { at: '2025-11-21 15:46:40.123456+00', id: 7 };
    expect(decodeTimestampCursor(encodeTimestampCursor(cursor))).toEqual(cursor);
    expect(decodeTimestampCursor(encodeCursor(['yesterday', 7]))).toBeNull();
  });

  it('round-trip microseconds and bind them as an exact timestamptz, or the top without a cursor', () => {
    const cursor = { micros: '1763740000123456', id: 9 };
    expect(decodeMicrosCursor(encodeMicrosCursor(cursor))).toEqual(cursor);
    expect(cursorBound(cursor)).toEqual(['2025-11-21T15:46:40.123456Z', '9']);
    expect(cursorBound(null)).toEqual(['infinity', '9223372036854775807']);
    expect(decodeMicrosCursor(encodeCursor(['1.5', 9]))).toBeNull();
  });
});

describe('keyset pages', () => {
  it('keep the first rows and point after the last when one more was found', () => {
    expect(keysetPage([1, 2, 3], 2, (last) => `after ${last}`)).toEqual({ rows: [1, 2], next: 'after 2' });
    expect(keysetPage([1, 2], 2, (last) => `after ${last}`)).toEqual({ rows: [1, 2], next: null });
    expect(keysetPage([], 2, (last) => `after ${last}`)).toEqual({ rows: [], next: null });
  });
});
