import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_VIDEO_MAX_SECONDS, adVideoArgs, makeAdVideo } from './ad-video.ts';
import { MediaError } from './errors.ts';
import { uploadInputArgs } from './input-guard.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

describe('adVideoArgs', () => {
  it('reads the upload through the input guard, cut to 60 s and fit to 720x1280, as an H.264/AAC MP4 that starts at once', () => {
    expect(adVideoArgs('/work/ad-1/input', '/work/ad-1/output.mp4', { hasAudio: true })).toEqual([
      '-y',
      ...uploadInputArgs('/work/ad-1/input'),
      '-t',
      '60',
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
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '/work/ad-1/output.mp4',
    ]);
    expect(AD_VIDEO_MAX_SECONDS).toBe(60);
  });

  it('writes no audio track for a silent video', () => {
    const args = adVideoArgs('/in', '/out.mp4', { hasAudio: false });
    expect(args).toContain('-an');
    expect(args).not.toContain('-c:a');
  });

  it('names the input with file:, so a name that looks like a protocol is still a path', () => {
    const args = adVideoArgs('concat:/a.mp4|/b.mp4', '/out.mp4', { hasAudio: true });
    expect(args[args.indexOf('-i') + 1]).toBe('file:concat:/a.mp4|/b.mp4');
  });
});

describe('makeAdVideo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ad-video-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('makes a tall clip an MP4 that fits 720x1280, and answers what it made', async () => {
    const input = path.join(dir, 'tall.mp4');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=1080x1920:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', input]);
    const made = await makeAdVideo(input, path.join(dir, 'made.mp4'));
    expect([made.displayWidth, made.displayHeight, made.hasAudio]).toEqual([720, 1280, false]);
    expect(made.durationSeconds).toBeCloseTo(1, 0);
  });

  it('calls a file that is no video not-a-video, which no retry mends', async () => {
    const input = path.join(dir, 'noise.mp4');
    await fs.writeFile(input, Buffer.alloc(4096, 7));
    const error = await makeAdVideo(input, path.join(dir, 'noise-made.mp4')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect([(error as MediaError).kind, (error as MediaError).retryable]).toEqual(['not-a-video', false]);
  });
});
