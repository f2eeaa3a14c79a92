import { asInputError } from './errors.ts';
import { uploadInputArgs } from './input-guard.ts';
import { probe, type MediaInfo } from './probe.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

/** A video ad is cut to this many seconds. */
export const AD_VIDEO_MAX_SECONDS = 60;

/**
 * The ffmpeg arguments that make an advertiser's video our own instream ad: read through the upload
 * guard, cut to 60 s, scaled to fit 720x1280, H.264 and AAC (or no audio track) in an MP4 that starts
 * at once (faststart).
 */
export function adVideoArgs(input: string, output: string, info: Pick<MediaInfo, 'hasAudio'>): string[] {
  return [
    '-y',
    ...uploadInputArgs(input),
    '-t',
    String(AD_VIDEO_MAX_SECONDS),
    '-vf',
    "scale=w='min(720,iw)':h='min(1280,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '26',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'main',
    ...(info.hasAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : ['-an']),
    '-movflags',
    '+faststart',
    output,
  ];
}

/**
 * Makes an advertiser's file our instream ad (adVideoArgs) and measures what it made. A file ffprobe or
 * ffmpeg cannot decode is a `not-a-video` MediaError, which no retry mends; a timeout or a crash is not.
 */
export async function makeAdVideo(input: string, output: string, options: { timeoutMs?: number } = {}): Promise<MediaInfo> {
  const info = await probe(input);
  try {
    await runFfmpeg(adVideoArgs(input, output, info), { timeoutMs: options.timeoutMs ?? 300_000 });
  } catch (error) {
    throw asInputError(error);
  }
  return probe(output);
}
