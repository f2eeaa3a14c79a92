import type { MediaInfo } from './probe.ts';

/** One rendition of the HLS ladder, in display orientation. */
export interface Rung {
  /** Short side + "p", e.g. "720p" for 720x1280. */
  label: string;
  width: number;
  height: number;
  /** Constant output frame rate. */
  fps: number;
  /** Peak video bitrate (x264 -maxrate), bits per second; the master playlist's BANDWIDTH derives from it. */
  maxBitrate: number;
  /** VBV buffer (x264 -bufsize), bits. */
  bufferSize: number;
  audioBitrate: number;
  /** H.264 level_idc the encoder signals (31 = 3.1), the smallest that fits size, rate and bitrate. */
  h264Level: number;
}

/** Short sides of the ladder, largest first (DESIGN.md "Media": a small ladder for vertical video). */
export const RUNG_SHORT_SIDES = [720, 480, 360] as const;
export const MAX_FPS = 60;
export const AUDIO_BITRATE = 128_000;
/** A lower rung is worth its encode only when its short side is at most this share of the one above. */
const MIN_STEP = 0.8;
/** Peak bitrates at 30 fps by pixel count (9:16 or 16:9 sizes), interpolated in between. */
const BITRATE_POINTS: readonly (readonly [pixels: number, bitsPerSecond: number])[] = [
  [360 * 640, 700_000],
  [480 * 854, 1_200_000],
  [720 * 1280, 2_500_000],
];
const MIN_BITRATE = 150_000;
const HIGH_FPS_FACTOR = 1.5;
/** H.264 table A-1 from 3.0 up (every phone decodes 3.0): level_idc, macroblocks per frame and per second, kb/s. */
const H264_LEVELS: readonly (readonly [level: number, frameMbs: number, mbsPerSecond: number, maxKbps: number])[] = [
  [30, 1620, 40_500, 10_000],
  [31, 3600, 108_000, 14_000],
  [32, 5120, 216_000, 20_000],
  [40, 8192, 245_760, 20_000],
  [41, 8192, 245_760, 50_000],
  [42, 8704, 522_240, 50_000],
  [50, 22_080, 589_824, 135_000],
  [51, 36_864, 983_040, 240_000],
  [52, 36_864, 2_073_600, 240_000],
];
/** High profile may use 1.25 times the table's bitrate. */
const HIGH_PROFILE_BITRATE_FACTOR = 1.25;

/** The smallest H.264 level (as level_idc) for a high-profile stream of this size, rate and peak bitrate. */
export function h264LevelFor(width: number, height: number, fps: number, maxBitrate: number): number {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const fits = ([, maxFrameMbs, maxMbsPerSecond, maxKbps]: (typeof H264_LEVELS)[number]) =>
    frameMbs <= maxFrameMbs &&
    // Neither side may exceed sqrt(8 * MaxFS) macroblocks.
    Math.max(Math.ceil(width / 16), Math.ceil(height / 16)) <= Math.sqrt(8 * maxFrameMbs) &&
    frameMbs * fps <= maxMbsPerSecond &&
    maxBitrate <= maxKbps * 1000 * HIGH_PROFILE_BITRATE_FACTOR;
  return (H264_LEVELS.find(fits) ?? H264_LEVELS[H264_LEVELS.length - 1]!)[0];
}

/** Nearest even number, at least 2 and never above `limit` (rounded down to even). */
function even(value: number, limit: number): number {
  const ceiling = Math.max(2, Math.floor(limit / 2) * 2);
  return Math.min(ceiling, Math.max(2, Math.round(value / 2) * 2));
}

function bitrateFor(pixels: number): number {
  const first = BITRATE_POINTS[0]!;
  const last = BITRATE_POINTS[BITRATE_POINTS.length - 1]!;
  if (pixels <= first[0]) return Math.max(MIN_BITRATE, (first[1] * pixels) / first[0]);
  if (pixels >= last[0]) return (last[1] * pixels) / last[0];
  for (let i = 1; i < BITRATE_POINTS.length; i++) {
    const [px0, rate0] = BITRATE_POINTS[i - 1]!;
    const [px1, rate1] = BITRATE_POINTS[i]!;
    if (pixels <= px1) return rate0 + ((rate1 - rate0) * (pixels - px0)) / (px1 - px0);
  }
  return last[1];
}

/** The output frame rate: the source's, rounded, at most 60. VFR sources come out constant at their average. */
export function outputFps(sourceFps: number): number {
  return Math.min(MAX_FPS, Math.max(1, Math.round(sourceFps)));
}

export type DisplaySize = Pick<MediaInfo, 'displayWidth' | 'displayHeight'>;

/**
 * A picture of this display size scaled to `shortSide` on its short side (never upscaled: at most its
 * own size), in its orientation and aspect ratio, with even sides. The size of every rendition and still.
 */
export function scaledSize({ displayWidth, displayHeight }: DisplaySize, shortSide: number): { width: number; height: number } {
  const short = Math.min(displayWidth, displayHeight);
  const long = Math.max(displayWidth, displayHeight);
  const side = Math.min(shortSide, short);
  const shortOut = even(side, short);
  const longOut = even((long * side) / short, long);
  return displayWidth <= displayHeight ? { width: shortOut, height: longOut } : { width: longOut, height: shortOut };
}

/**
 * The renditions for a source: short sides 720, 480 and 360 in its own orientation and aspect ratio,
 * never upscaled. A source smaller than 720 on its short side tops out at its own size, and always
 * gets at least that one rung.
 */
export function planLadder(info: Pick<MediaInfo, 'displayWidth' | 'displayHeight' | 'fps'>): Rung[] {
  const short = Math.min(info.displayWidth, info.displayHeight);
  const fps = outputFps(info.fps);
  const top = Math.min(RUNG_SHORT_SIDES[0], short);
  const shortSides = [top, ...RUNG_SHORT_SIDES.filter((side) => side <= top * MIN_STEP)];

  return shortSides.map((side) => {
    const { width, height } = scaledSize(info, side);
    const shortOut = Math.min(width, height);
    const fpsFactor = fps > 30 ? HIGH_FPS_FACTOR : 1;
    const maxBitrate = Math.round((bitrateFor(width * height) * fpsFactor) / 1000) * 1000;
    return {
      label: `${shortOut}p`,
      width,
      height,
      fps,
      maxBitrate,
      bufferSize: maxBitrate * 2,
      audioBitrate: AUDIO_BITRATE,
      h264Level: h264LevelFor(width, height, fps, maxBitrate),
    };
  });
}
