import { RUNG_SHORT_SIDES, planLadder } from './ladder.ts';
import type { MediaInfo } from './probe.ts';

export const THUMBNAIL_NAME = 'thumbnail.jpg';
export const FIRST_FRAME_NAME = 'first-frame.jpg';

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
    '-i',
    input,
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
    ...(avoidDark
      ? ['blackframe=amount=0:threshold=32', `metadata=mode=select:key=lavfi.blackframe.pblack:value=${DARK_PERCENT}:function=less`]
      : []),
    `thumbnail=n=${frames}`,
  ];
  return stillArgs(input, out, filters.join(','), seek);
}
