import { copyFile, stat } from 'node:fs/promises';
import { MediaError } from './errors.ts';
import type { MediaInfo } from './probe.ts';
import { type RunOptions, runFfmpeg } from './run-ffmpeg.ts';
import { firstFrameArgs, thumbnailArgs } from './thumbnail.ts';

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
  await runFfmpeg(firstFrameArgs(input, out), options);
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
  await runFfmpeg(thumbnailArgs(input, out, info), options);
  if (!(await exists(out))) await runFfmpeg(thumbnailArgs(input, out, info, { avoidDark: false }), options);
  if (!(await exists(out)) && options.firstFrame) await copyFile(options.firstFrame, out);
  if (!(await exists(out))) throw new MediaError('not-a-video', { detail: 'no thumbnail frame could be decoded' });
}
