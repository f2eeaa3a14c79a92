import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaError, asInputError } from './errors.ts';
import { NO_HASH, type VideoFingerprint } from './fingerprint-compare.ts';
import { uploadInputArgs } from './input-guard.ts';
import { type RunOptions, runFfmpeg } from './run-ffmpeg.ts';

export {
  type CompareOptions,
  FRAME_MAX_DISTANCE,
  type FingerprintComparison,
  MATCH_MIN_FRAMES,
  MATCH_MIN_RATIO,
  MAX_OFFSET_SECONDS,
  NO_HASH,
  type VideoFingerprint,
  compareFingerprints,
  deserializeFingerprint,
  hammingDistance,
  hashFromHex,
  hashToHex,
  hashesFromBytes,
  hashesToBytes,
  isMatch,
  popcount32,
  serializeFingerprint,
} from './fingerprint-compare.ts';

/** Hashes a second (each of the average picture over WINDOW_SAMPLES / FINGERPRINT_FPS s). */
export const FINGERPRINT_FPS = 2;
/** Pictures decoded a second and averaged into each hash: a re-upload shifted by a fraction of a sample still hashes alike. */
const PICTURES_PER_SECOND = 10;
/** Each sample averages the pictures of this many sample steps from its start (overlapping), so a shift of a fraction of a step changes it little. */
const WINDOW_SAMPLES = 2;
/** The side of the grey picture hashed (pHash's 32x32). */
const SIDE = 32;
/**
 * The share of the picture's width and height left out on each side: handles, logos and watermarks sit
 * by the edges, and crops and letterboxing change the edges most.
 */
const BORDER = 0.1;
/** A sample whose pixels vary less than this (standard deviation, of 255) is black, uniform or nearly: NO_HASH. */
const MIN_CONTRAST = 2;
/** ...or whose strongest low frequency holds more than this share of their energy: a plain gradient, whose other bits are noise. */
const MAX_TOP_ENERGY_SHARE = 0.97;

export interface FingerprintOptions extends RunOptions {
  /** Default: 10 s plus 1 s per 10 s of video is far more than decoding takes; given by the caller who knows the length. */
  timeoutMs?: number;
}

/**
 * The filter that turns decoded pictures into what is hashed: PICTURES_PER_SECOND a second, the border
 * cut off, 32x32 grey. The transcode runs it as a branch of its own filter graph (hlsArgs), so the upload
 * is decoded once for both; `fingerprintVideo` runs it alone, on the same decode, so both give the same bytes.
 */
export function fingerprintFilter(): string {
  return `fps=${PICTURES_PER_SECOND},crop=iw*${1 - 2 * BORDER}:ih*${1 - 2 * BORDER},scale=${SIDE}:${SIDE}:flags=area,format=gray`;
}

/** Bytes of one decoded picture in `fingerprintFilter`'s output. */
export const FINGERPRINT_PICTURE_BYTES = SIDE * SIDE;
/** Pictures a second in `fingerprintFilter`'s output. */
export const FINGERPRINT_PICTURES_PER_SECOND = PICTURES_PER_SECOND;

/** The ffmpeg arguments: the upload through the guard, decoded once, as 32x32 grey pictures, raw into `out`. */
export function fingerprintArgs(input: string, out: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    // One thread: this runs beside transcodes (the backfill). A full decode, like the transcode's, whose
    // pictures its branch hashes: fingerprints stored either way compare alike (threads change no byte).
    '-threads',
    '1',
    ...uploadInputArgs(input),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    fingerprintFilter(),
    '-f',
    'rawvideo',
    `file:${out}`,
    // The sound is read too (copied, to nowhere), as the transcode reads it: whether it is moves where the
    // picture's timeline starts when the sound starts first (an MPEG-TS recording), and so which pictures are sampled.
    '-map',
    '0:a:0?',
    '-c:a',
    'copy',
    '-f',
    'null',
    '-',
  ];
}

/** The 64 lowest frequencies but DC, in zig-zag order (by u+v, then u). */
const ZIGZAG: [number, number][] = (() => {
  const cells: [number, number][] = [];
  for (let sum = 0; cells.length < 65; sum += 1) for (let u = 0; u <= sum; u += 1) cells.push([u, sum - u]);
  return cells.slice(1, 65);
})();
const FREQUENCIES = 1 + Math.max(...ZIGZAG.flat());
/** cos(pi (2n + 1) k / 64) for the frequencies used. */
const COSINES = Float64Array.from({ length: FREQUENCIES * SIDE }, (_, i) => Math.cos((Math.PI * (2 * (i % SIDE) + 1) * Math.floor(i / SIDE)) / (2 * SIDE)));

/**
 * The pHash of a 32x32 grey picture (row-major, any scale): its 2-D DCT's 64 lowest frequencies but DC,
 * each bit set when that coefficient is above their median. NO_HASH for a picture with too little in it.
 */
export function perceptualHash(pixels: Float64Array): bigint {
  let mean = 0;
  for (const value of pixels) mean += value;
  mean /= pixels.length;
  let variance = 0;
  for (const value of pixels) variance += (value - mean) ** 2;
  if (Math.sqrt(variance / pixels.length) < MIN_CONTRAST) return NO_HASH;

  // Rows first (each row's low frequencies), then columns: only the FREQUENCIES x FREQUENCIES corner.
  const rows = new Float64Array(SIDE * FREQUENCIES);
  for (let y = 0; y < SIDE; y += 1) {
    for (let v = 0; v < FREQUENCIES; v += 1) {
      let sum = 0;
      for (let x = 0; x < SIDE; x += 1) sum += pixels[y * SIDE + x]! * COSINES[v * SIDE + x]!;
      rows[y * FREQUENCIES + v] = sum;
    }
  }
  const coefficients = ZIGZAG.map(([u, v]) => {
    let sum = 0;
    for (let y = 0; y < SIDE; y += 1) sum += rows[y * FREQUENCIES + v]! * COSINES[u * SIDE + y]!;
    return sum;
  });

  const energies = coefficients.map((c) => c * c).sort((a, b) => b - a);
  const total = energies.reduce((a, b) => a + b, 0);
  if (total === 0 || energies[0]! / total > MAX_TOP_ENERGY_SHARE) return NO_HASH;

  const sorted = [...coefficients].sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash === NO_HASH ? 1n : hash;
}

/**
 * Hashes decoded pictures (`SIDE`x`SIDE` bytes each, PICTURES_PER_SECOND a second): each sample, one every
 * 1/FINGERPRINT_FPS s, is the average of the pictures of WINDOW_SAMPLES steps from there, so a clip trimmed
 * by a fraction of a step still hashes nearly alike; a last step counts when it has half its pictures.
 */
export function fingerprintFromPictures(raw: Buffer): VideoFingerprint {
  const size = SIDE * SIDE;
  const pictures = Math.floor(raw.length / size);
  const step = PICTURES_PER_SECOND / FINGERPRINT_FPS;
  const window = step * WINDOW_SAMPLES;
  const hashes: bigint[] = [];
  for (let first = 0; first + step / 2 <= pictures; first += step) {
    const last = Math.min(pictures, first + window);
    const average = new Float64Array(size);
    for (let p = first; p < last; p += 1) {
      for (let i = 0; i < size; i += 1) average[i] = average[i]! + raw[p * size + i]!;
    }
    for (let i = 0; i < size; i += 1) average[i] = average[i]! / (last - first);
    hashes.push(perceptualHash(average));
  }
  return { fps: FINGERPRINT_FPS, durationSeconds: pictures / PICTURES_PER_SECOND, hashes };
}

/**
 * The perceptual fingerprint of an upload (ADR 0028): decoded once through the input guard, like every
 * other run on uploads, at PICTURES_PER_SECOND 32x32 grey pictures a second, FINGERPRINT_FPS hashes a
 * second. Rejects like the other runs: a MediaError `not-a-video` for what is no video or what the guard
 * refuses (nothing it names is read), `ffmpeg-failed`, `timeout`, `aborted`.
 */
export async function fingerprintVideo(input: string, options: FingerprintOptions = {}): Promise<VideoFingerprint> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'flick-fingerprint-'));
  try {
    const out = path.join(dir, 'pictures.gray');
    await runFfmpeg(fingerprintArgs(input, out), options).catch((error: unknown) => {
      throw asInputError(error);
    });
    // ffmpeg exits cleanly without a picture when none decodes (no file then).
    const pictures = await readFile(out).catch(() => Buffer.alloc(0));
    if (pictures.length < SIDE * SIDE) throw new MediaError('not-a-video', { detail: 'no frame could be decoded' });
    return fingerprintFromPictures(pictures);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
