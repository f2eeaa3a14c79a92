/**
 * A video's perceptual fingerprint and how two are compared (ADR 0028). Pure: no ffmpeg here, so the
 * server can compare stored fingerprints without the media binaries.
 */

/**
 * One 64-bit perceptual hash (DCT pHash) per sample, `fps` samples a second from the start. A sample
 * with too little in it to tell videos apart (black, uniform, a plain gradient) is NO_HASH: it keeps its
 * place in time but never matches anything.
 */
export interface VideoFingerprint {
  fps: number;
  durationSeconds: number;
  hashes: bigint[];
}

/** A sample without a hash. A real pHash has about half of its bits set (median threshold), never none. */
export const NO_HASH = 0n;

/**
 * Two samples are the same picture at this Hamming distance or less (of 64 bits; always even, since every
 * hash has 32 bits set). Distinct pictures are about 32 apart; a 5 % crop or a watermark moves the samples
 * of a copy 6 to 16 apart (ADR 0028, measured: 14 catches 311 of 315 re-uploads, 12 only 303).
 */
export const FRAME_MAX_DISTANCE = 14;
/** How far (seconds) a re-upload may be shifted against the stored video: trimmed at the start, or longer before it. */
export const MAX_OFFSET_SECONDS = 6;
/** isMatch: at least this many samples agree... */
export const MATCH_MIN_FRAMES = 4;
/**
 * ...and at least this share of the samples both videos have at the same time. A little above half: the
 * closest distinct pair of the bench's corpus (two plasma animations) agreed in 6 of 11 samples (0.545).
 */
export const MATCH_MIN_RATIO = 0.55;

export interface FingerprintComparison {
  /** Samples of the query within FRAME_MAX_DISTANCE of the stored sample at the same time, at the best offset. */
  matchedFrames: number;
  /** matchedFrames over the samples with a hash in both at that offset (0 when none overlap). */
  ratio: number;
  /** Where the query starts in the stored video (negative: the query has more before it). */
  offsetSeconds: number;
}

export interface CompareOptions {
  maxDistance?: number;
  maxOffsetSeconds?: number;
}

const MASK_32 = 0xffffffffn;

/** The hashes as high and low 32-bit words, for fast popcounts. */
export function hashWords(hashes: readonly bigint[]): Uint32Array {
  const words = new Uint32Array(hashes.length * 2);
  hashes.forEach((hash, i) => {
    words[2 * i] = Number((hash >> 32n) & MASK_32);
    words[2 * i + 1] = Number(hash & MASK_32);
  });
  return words;
}

/** The number of bits set in a 32-bit value. */
export function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The number of bits in which two 64-bit hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  const x = BigInt.asUintN(64, a ^ b);
  return popcount32(Number(x >> 32n)) + popcount32(Number(x & MASK_32));
}

/**
 * The best time alignment of `query` against `stored`: for each offset within `maxOffsetSeconds`, the
 * query samples that have a hash and whose stored sample at the same time has one too are compared;
 * the offset with the most within `maxDistance` wins (the smaller shift on a tie). Both must have the
 * same `fps`.
 */
export function compareFingerprints(query: VideoFingerprint, stored: VideoFingerprint, options: CompareOptions = {}): FingerprintComparison {
  if (query.fps !== stored.fps) throw new Error(`fingerprints sampled at ${query.fps} and ${stored.fps} fps cannot be compared`);
  const maxDistance = options.maxDistance ?? FRAME_MAX_DISTANCE;
  const maxShift = Math.round((options.maxOffsetSeconds ?? MAX_OFFSET_SECONDS) * query.fps);
  const q = hashWords(query.hashes);
  const s = hashWords(stored.hashes);
  const qValid = query.hashes.map((hash) => hash !== NO_HASH);
  const sValid = stored.hashes.map((hash) => hash !== NO_HASH);
  let best: FingerprintComparison = { matchedFrames: 0, ratio: 0, offsetSeconds: 0 };
  let bestShift = 0;
  for (let shift = -maxShift; shift <= maxShift; shift += 1) {
    let compared = 0;
    let matched = 0;
    const from = Math.max(0, -shift);
    const to = Math.min(query.hashes.length, stored.hashes.length - shift);
    for (let i = from; i < to; i += 1) {
      const j = i + shift;
      if (!qValid[i] || !sValid[j]) continue;
      compared += 1;
      const distance = popcount32(q[2 * i]! ^ s[2 * j]!) + popcount32(q[2 * i + 1]! ^ s[2 * j + 1]!);
      if (distance <= maxDistance) matched += 1;
    }
    const better = matched > best.matchedFrames || (matched === best.matchedFrames && matched > 0 && Math.abs(shift) < Math.abs(bestShift));
    if (better) {
      best = { matchedFrames: matched, ratio: compared === 0 ? 0 : matched / compared, offsetSeconds: shift / query.fps };
      bestShift = shift;
    }
  }
  return best;
}

/** Whether a comparison says the two are the same video (thresholds measured by `npm run bench:fingerprint`). */
export function isMatch(result: FingerprintComparison): boolean {
  return result.matchedFrames >= MATCH_MIN_FRAMES && result.ratio >= MATCH_MIN_RATIO;
}

const FORMAT_VERSION = 1;
const HEADER_BYTES = 12;

/** version (u8), 3 bytes zero, fps (f32 BE), duration (f32 BE), then each hash as 8 bytes big-endian. */
export function serializeFingerprint(fp: VideoFingerprint): Buffer {
  const buffer = Buffer.alloc(HEADER_BYTES + fp.hashes.length * 8);
  buffer.writeUInt8(FORMAT_VERSION, 0);
  buffer.writeFloatBE(fp.fps, 4);
  buffer.writeFloatBE(fp.durationSeconds, 8);
  fp.hashes.forEach((hash, i) => buffer.writeBigUInt64BE(BigInt.asUintN(64, hash), HEADER_BYTES + i * 8));
  return buffer;
}

export function deserializeFingerprint(buffer: Buffer): VideoFingerprint {
  if (buffer.length < HEADER_BYTES || buffer.readUInt8(0) !== FORMAT_VERSION || (buffer.length - HEADER_BYTES) % 8 !== 0) {
    throw new Error('not a serialized fingerprint');
  }
  return {
    fps: buffer.readFloatBE(4),
    durationSeconds: buffer.readFloatBE(8),
    hashes: hashesFromBytes(buffer.subarray(HEADER_BYTES)),
  };
}

/** Hashes stored as 8 big-endian bytes each (what `hashesToBytes` writes). */
export function hashesFromBytes(bytes: Buffer): bigint[] {
  const hashes: bigint[] = [];
  for (let offset = 0; offset + 8 <= bytes.length; offset += 8) hashes.push(bytes.readBigUInt64BE(offset));
  return hashes;
}

export function hashesToBytes(hashes: readonly bigint[]): Buffer {
  const bytes = Buffer.alloc(hashes.length * 8);
  hashes.forEach((hash, i) => bytes.writeBigUInt64BE(BigInt.asUintN(64, hash), i * 8));
  return bytes;
}

/** A hash as 16 lower-case hex digits, as hash lists write them. */
export function hashToHex(hash: bigint): string {
  return BigInt.asUintN(64, hash).toString(16).padStart(16, '0');
}

/** 16 hex digits (either case) as a hash; null for anything else. */
export function hashFromHex(text: string): bigint | null {
  return /^[0-9a-fA-F]{16}$/.test(text) ? BigInt(`0x${text}`) : null;
}
