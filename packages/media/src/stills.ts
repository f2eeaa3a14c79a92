import { randomBytes } from 'node:crypto';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MediaError, asInputError } from './errors.ts';
import type { DisplaySize } from './ladder.ts';
import type { MediaInfo } from './probe.ts';
import { type RunOptions, runFfmpeg } from './run-ffmpeg.ts';
import { STILLS_VERSION, type StillSize, THUMBNAIL_NAME, firstFrameArgs, scaledStillArgs, thumbnailArgs, thumbnailSizes } from './thumbnail.ts';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes the first frame to `out` (JPEG), e.g. for the upload answer before any probe. ffmpeg exits
 * cleanly without a picture when no frame decodes: that is a MediaError `not-a-video`.
 */
export async function captureFirstFrame(input: string, out: string, options: RunOptions = {}): Promise<void> {
  await runFfmpeg(firstFrameArgs(input, out), options).catch((error: unknown) => {
    throw asInputError(error);
  });
  if (!(await exists(out))) throw new MediaError('not-a-video', { detail: 'no frame could be decoded' });
}

/**
 * Writes a representative frame to `out` (JPEG): the `thumbnailArgs` pick, else the same window with
 * dark frames allowed (a clip dark throughout), else a copy of `firstFrame` when one is given.
 */
export async function captureThumbnail(
  input: string,
  out: string,
  info: Pick<MediaInfo, 'durationSeconds' | 'displayWidth' | 'displayHeight' | 'fps'>,
  options: RunOptions & { firstFrame?: string } = {},
): Promise<void> {
  const run = (args: string[]) =>
    runFfmpeg(args, options).catch((error: unknown) => {
      throw asInputError(error);
    });
  await run(thumbnailArgs(input, out, info));
  if (!(await exists(out))) await run(thumbnailArgs(input, out, info, { avoidDark: false }));
  if (!(await exists(out)) && options.firstFrame) await copyFile(options.firstFrame, out);
  if (!(await exists(out))) throw new MediaError('not-a-video', { detail: 'no thumbnail frame could be decoded' });
}

/**
 * Writes the smaller copies of `<dir>/thumbnail.jpg` that stills version STILLS_VERSION lists for a
 * video of this display size (`thumbnailSizes`), scaled from that file, so from the same frame. Each is
 * written under a temporary name and renamed into place: a reader sees no file or a whole one, in a
 * folder that is already published too. Returns every thumbnail now in `dir`, narrowest first, or
 * null when `dir` has no thumbnail (nothing is written then).
 */
export async function writeThumbnailCopies(dir: string, size: DisplaySize, options: RunOptions = {}): Promise<StillSize[] | null> {
  const thumbnail = path.join(dir, THUMBNAIL_NAME);
  if (!(await exists(thumbnail))) return null;
  const sizes = thumbnailSizes(size, STILLS_VERSION);
  for (const still of sizes) {
    if (still.name === THUMBNAIL_NAME) continue;
    const out = path.join(dir, still.name);
    const temp = `${out}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await runFfmpeg(scaledStillArgs(thumbnail, temp, still), options);
      await rename(temp, out);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
  return sizes;
}
