import { describe, expect, it } from 'vitest';
import {
  NO_HASH,
  type VideoFingerprint,
  compareFingerprints,
  deserializeFingerprint,
  hammingDistance,
  hashFromHex,
  hashToHex,
  isMatch,
  serializeFingerprint,
} from './fingerprint-compare.ts';
import { fingerprintFromPictures, perceptualHash } from './fingerprint.ts';

const fp = (hashes: bigint[]): VideoFingerprint => ({ fps: 2, durationSeconds: hashes.length / 2, hashes });
/** Distinct hashes far apart: each a different 32-bit rotation of a pattern. */
const distinct = (count: number, salt = 0) =>
  Array.from({ length: count }, (_, i) => BigInt.asUintN(64, 0x9e3779b97f4a7c15n * BigInt(i + 1 + salt * 1000)) | 1n).map((h) => h ^ (h >> 29n));

describe('hammingDistance', () => {
  it('counts differing bits across all 64', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, 0xffffffffffffffffn)).toBe(64);
    expect(hammingDistance(0x8000000000000001n, 1n)).toBe(1);
    expect(hammingDistance(-1n, 0n)).toBe(64);
  });
});

describe('compareFingerprints', () => {
  it('finds the offset of a copy trimmed at the start', () => {
    const stored = fp(distinct(30));
    const query = fp(stored.hashes.slice(4));
    expect(compareFingerprints(query, stored)).toEqual({ matchedFrames: 26, ratio: 1, offsetSeconds: 2 });
    expect(isMatch(compareFingerprints(query, stored))).toBe(true);
  });

  it('counts no-hash samples neither as matches nor as compared', () => {
    const stored = fp(distinct(10));
    const query = fp(stored.hashes.map((h, i) => (i % 2 === 0 ? NO_HASH : h)));
    expect(compareFingerprints(query, stored)).toMatchObject({ matchedFrames: 5, ratio: 1 });
    expect(compareFingerprints(fp(Array(10).fill(NO_HASH)), fp(Array(10).fill(NO_HASH))).matchedFrames).toBe(0);
  });

  it('does not match different videos, nor a few equal samples among many different ones', () => {
    expect(isMatch(compareFingerprints(fp(distinct(30, 1)), fp(distinct(30, 2))))).toBe(false);
    const stored = distinct(30, 3);
    const query = [...stored.slice(0, 3), ...distinct(27, 4)];
    expect(isMatch(compareFingerprints(fp(query), fp(stored)))).toBe(false);
  });

  it('refuses fingerprints sampled at different rates', () => {
    expect(() => compareFingerprints({ ...fp([1n]), fps: 1 }, fp([1n]))).toThrow();
  });
});

describe('serializeFingerprint', () => {
  it('round-trips, hashes with the top bit set included', () => {
    const original = { fps: 2, durationSeconds: 12.5, hashes: [0xffffffffffffffffn, 1n, NO_HASH, 0x8000000000000000n] };
    const bytes = serializeFingerprint(original);
    expect(bytes).toHaveLength(12 + 32);
    expect(deserializeFingerprint(bytes)).toEqual(original);
    expect(() => deserializeFingerprint(Buffer.from('nonsense'))).toThrow();
  });
});

describe('hex hashes', () => {
  it('reads 16 hex digits in either case and nothing else', () => {
    expect(hashFromHex('FFFFFFFFFFFFFFFF')).toBe(0xffffffffffffffffn);
    expect(hashToHex(0xabcn)).toBe('0000000000000abc');
    expect(hashFromHex('abc')).toBeNull();
    expect(hashFromHex('0000000000000abg')).toBeNull();
    expect(hashFromHex('00000000000000000')).toBeNull();
  });
});

describe('perceptualHash', () => {
  const picture = (f: (x: number, y: number) => number) => Float64Array.from({ length: 1024 }, (_, i) => f(i % 32, Math.floor(i / 32)));
  const detailed = (x: number, y: number) => 128 + 60 * Math.sin(x * 0.7 + y * 0.3) + 40 * Math.cos(y * 0.9 - x * 0.2) + (((x * 7 + y * 13) % 5) - 2) * 10;

  it('sets exactly half of the bits of a detailed picture, and about the same ones for a brighter, lower-contrast copy', () => {
    const hash = perceptualHash(picture(detailed));
    expect(hammingDistance(hash, 0n)).toBe(32);
    expect(hammingDistance(perceptualHash(picture((x, y) => 40 + detailed(x, y) * 0.6)), hash)).toBeLessThanOrEqual(2);
  });

  it('gives no hash to a uniform picture, a nearly uniform one or a plain gradient', () => {
    expect(perceptualHash(picture(() => 0))).toBe(NO_HASH);
    expect(perceptualHash(picture((x, y) => 100 + ((x + y) % 3)))).toBe(NO_HASH);
    expect(perceptualHash(picture((x) => x * 8))).toBe(NO_HASH);
  });

  it('hashes every half second the average picture of the second from there, and a last step only when half full', () => {
    const frame = Buffer.from(picture(detailed).map((v) => Math.round(v)));
    const raw = Buffer.concat(Array(12).fill(frame));
    const result = fingerprintFromPictures(raw);
    expect(result).toMatchObject({ fps: 2, durationSeconds: 1.2 });
    expect(result.hashes).toHaveLength(2);
    expect(fingerprintFromPictures(Buffer.concat(Array(13).fill(frame))).hashes).toHaveLength(3);
  });
});
