import { describe, expect, it } from 'vitest';
import { AD_VIDEO_MAX_SECONDS, adVideoArgs } from './ad-video.ts';
import { uploadInputArgs } from './input-guard.ts';

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
