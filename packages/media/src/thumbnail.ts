import { uploadInputArgs } from './input-guard.ts';
import { type DisplaySize, RUNG_SHORT_SIDES, planLadder, scaledSize } from './ladder.ts';
import type { MediaInfo } from './probe.ts';

export const THUMBNAIL_NAME = 'thumbnail.jpg';
export const FIRST_FRAME_NAME = 'first-frame.jpg';
/** The grid's copy of the thumbnail: a 3- or 5-column tile is at most ~190 CSS px wide, 360 device px at 2x. */
export const SMALL_THUMBNAIL_SHORT_SIDE = 360;
export const SMALL_THUMBNAIL_NAME = `thumbnail-${SMALL_THUMBNAIL_SHORT_SIDE}.jpg`;
/**
 * Which stills a published stream folder holds. 0: `thumbnail.jpg` and `first-frame.jpg` (before the
 * small copy existed); 1: also `thumbnail-360.jpg` where the thumbnail is larger than that.
 */
export const STILLS_VERSION = 1;

const MAX_SHORT_SIDE = RUNG_SHORT_SIDES[0];
/** Look for the thumbnail from here: far enough in to skip fades from black, early enough to stay quick. */
const THUMBNAIL_SEEK_SHARE = 0.1;
const THUMBNAIL_SEEK_MAX_SECONDS = 3;
const THUMBNAIL_WINDOW_SECONDS = 2;
/** ...or this many frames, whichever is fewer (a second at 60 fps), to stay under a second. */
const THUMBNAIL_MAX_FRAMES = 60;
/** A frame with at least this percentage of near-black pixels is not a thumbnail. */
const DARK_PERCENT = 90;
const JPEG_QUALITY = '3';

function stillArgs(input: string, out: string, filters: string, seekSeconds = 0): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    // Start at the keyframe before the seek point rather than decoding up to it: phone clips have one a second.
    ...(seekSeconds > 0 ? ['-noaccurate_seek', '-ss', seekSeconds.toFixed(3)] : []),
    ...uploadInputArgs(input),
    '-map',
    '0:v:0',
    '-vf',
    filters,
    // Without this the image muxer's constant frame rate makes ffmpeg decode far past the one frame it writes.
    '-vsync',
    'passthrough',
    '-frames:v',
    '1',
    '-q:v',
    JPEG_QUALITY,
    '-update',
    '1',
    out,
  ];
}

/** The first frame as a JPEG, as displayed, at most 720 on its short side. Needs no probe, for the upload answer. */
export function firstFrameArgs(input: string, out: string): string[] {
  const width = `if(gte(ih,iw),min(${MAX_SHORT_SIDE},iw),-2)`;
  const height = `if(gte(ih,iw),-2,min(${MAX_SHORT_SIDE},ih))`;
  return stillArgs(input, out, `scale=w='${width}':h='${height}',setsar=1`);
}

/** One thumbnail file of a stream folder and its pixel size. */
export interface StillSize {
  name: string;
  width: number;
  height: number;
}

/**
 * The thumbnail files a stream folder of `stillsVersion` holds for a video of this display size,
 * narrowest first: the copy 360 on its short side (never upscaled, so only when the thumbnail is
 * larger), then the thumbnail itself, the size of the top rendition. None for a size that is not
 * known (0), since no real pixel size can be given then.
 */
export function thumbnailSizes(size: DisplaySize, stillsVersion: number = STILLS_VERSION): StillSize[] {
  if (!(Math.min(size.displayWidth, size.displayHeight) > 0)) return [];
  const top = { name: THUMBNAIL_NAME, ...scaledSize(size, MAX_SHORT_SIDE) };
  if (stillsVersion < 1 || Math.min(top.width, top.height) <= SMALL_THUMBNAIL_SHORT_SIDE) return [top];
  return [{ name: SMALL_THUMBNAIL_NAME, ...scaledSize(size, SMALL_THUMBNAIL_SHORT_SIDE) }, top];
}

/** `input` (a still) scaled to exactly `width`x`height` as a JPEG at `out`: a smaller copy of the thumbnail. */
export function scaledStillArgs(input: string, out: string, { width, height }: Pick<StillSize, 'width' | 'height'>): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    // Our own thumbnail, written by stillArgs, not an upload: a JPEG the upload guard would refuse.
    '-i',
    input,
    '-vf',
    // Area averaging: sharp and alias-free when halving.
    `scale=${width}:${height}:flags=area,setsar=1`,
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-q:v',
    JPEG_QUALITY,
    // The image muxer and encoder by name, so `out` may be a temporary name without the .jpg extension.
    '-f',
    'image2',
    '-update',
    '1',
    out,
  ];
}

export interface ThumbnailOptions {
  /** Skip frames that are mostly black; the fallback for an all-dark clip turns this off. */
  avoidDark?: boolean;
}

/**
 * A representative frame as a JPEG the size of the top rung: ffmpeg's `thumbnail` filter picks the frame
 * closest to the average of a 2 s window from the keyframe before 10% of the clip (at most 3 s in),
 * after dropping mostly black frames. With `avoidDark` (default) an all-dark window yields no file.
 */
export function thumbnailArgs(
  input: string,
  out: string,
  info: Pick<MediaInfo, 'durationSeconds' | 'displayWidth' | 'displayHeight' | 'fps'>,
  { avoidDark = true }: ThumbnailOptions = {},
): string[] {
  const [top] = planLadder(info);
  const seek = Math.min(info.durationSeconds * THUMBNAIL_SEEK_SHARE, THUMBNAIL_SEEK_MAX_SECONDS);
  const windowFrames = Math.round(Math.min(THUMBNAIL_WINDOW_SECONDS, info.durationSeconds - seek) * top!.fps);
  const frames = Math.max(1, Math.min(THUMBNAIL_MAX_FRAMES, windowFrames));
  const filters = [
    `scale=${top!.width}:${top!.height}`,
    'setsar=1',
    ...(avoidDark ? ['blackframe=amount=0:threshold=32', `metadata=mode=select:key=lavfi.blackframe.pblack:value=${DARK_PERCENT}:function=less`] : []),
    `thumbnail=n=${frames}`,
  ];
  return stillArgs(input, out, filters.join(','), seek);
}
