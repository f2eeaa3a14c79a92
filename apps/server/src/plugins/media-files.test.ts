import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaCacheControl } from '../lib/media-storage.ts';
import { cacheControl, mediaAddressOf } from './media-files.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flick-media-cache-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function ladder(videoId: number, encoding: boolean): string {
  const video = path.join(root, 'videos', String(videoId));
  const staging = path.join(video, '.staging');
  fs.mkdirSync(path.join(staging, 'v1'), { recursive: true });
  if (encoding) fs.symlinkSync(staging, path.join(video, 'stream'));
  else fs.renameSync(staging, path.join(video, 'stream'));
  return path.join(video, 'stream');
}

describe('cache headers of public media', () => {
  it('keeps a segment an hour in a browser and a day in a shared cache, never a year (ADR 0027)', () => {
    expect(cacheControl(path.join(ladder(1, false), 'v1', 'seg000.ts'))).toBe('public, max-age=3600, s-maxage=86400');
    expect(cacheControl(path.join(ladder(6, false), 'v1', 'seg000.m4s'))).toBe('public, max-age=3600, s-maxage=86400');
  });

  it('keeps content-named profile images for a year: they never change, and no decision withdraws them', () => {
    expect(cacheControl(path.join(root, 'users', '4', 'avatar-0123456789abcdef-150.webp'))).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the playlists of a video still encoding, and caches a finished ladder’s like its segments', () => {
    const encoding = ladder(2, true);
    expect(cacheControl(path.join(encoding, 'master.m3u8'))).toBe('public, no-cache');
    expect(cacheControl(path.join(encoding, 'v1', 'index.m3u8'))).toBe('public, no-cache');
    const finished = ladder(3, false);
    expect(cacheControl(path.join(finished, 'master.m3u8'))).toBe('public, max-age=3600, s-maxage=86400');
    expect(cacheControl(path.join(finished, 'v1', 'index.m3u8'))).toBe('public, max-age=3600, s-maxage=86400');
  });

  it('gives stills a short lifetime (a re-run may replace them)', () => {
    expect(cacheControl(path.join(ladder(5, false), 'thumbnail.jpg'))).toBe('public, max-age=60');
  });

  it('is the same rule the bucket’s objects are stored with', () => {
    for (const key of ['videos/7/stream/v0/seg000.ts', 'videos/7/stream/master.m3u8', 'videos/7/first-frame.jpg', 'users/4/avatar-0123456789abcdef-150.webp']) {
      expect(cacheControl(path.join(root, key))).toBe(mediaCacheControl(key));
    }
    expect(mediaCacheControl('videos/7/stream/master.m3u8', true)).toBe('public, no-cache');
  });
});

describe('what a media address is', () => {
  const video = (videoId: number) => ({ kind: 'video', videoId });
  it('reads the video the file server will resolve, whatever the spelling', () => {
    expect(mediaAddressOf('/media/videos/12/stream/master.m3u8')).toEqual(video(12));
    expect(mediaAddressOf('/media/videos/12/stream/v0/seg000.ts?x=1')).toEqual(video(12));
    expect(mediaAddressOf('/media//videos/12/thumbnail.jpg')).toEqual(video(12));
    expect(mediaAddressOf('/media/users/../videos/12/thumbnail.jpg')).toEqual(video(12));
    expect(mediaAddressOf('/media/users/%2e%2e/videos/12/thumbnail.jpg')).toEqual(video(12));
    expect(mediaAddressOf('/media/%76ideos/12/thumbnail.jpg')).toEqual(video(12));
    expect(mediaAddressOf('/media/videos/012/thumbnail.jpg')).toEqual(video(12));
  });

  it('reads a signed address’s token, video and file, after normalising', () => {
    expect(mediaAddressOf('/media/signed/7200-abc/videos/12/stream/v0/seg000.ts')).toEqual({
      kind: 'signed',
      token: '7200-abc',
      videoId: 12,
      file: 'stream/v0/seg000.ts',
    });
    // The token is then checked against video 13, which it was not made for.
    expect(mediaAddressOf('/media/signed/7200-abc/videos/12/stream/../../13/x.ts')).toEqual({ kind: 'signed', token: '7200-abc', videoId: 13, file: 'x.ts' });
    expect(mediaAddressOf('/media/signed/7200-abc/../videos/12/x.ts')).toEqual({ kind: 'invalid' });
    expect(mediaAddressOf('/media/signed/7200-abc/videos/x/a.ts')).toEqual({ kind: 'invalid' });
    expect(mediaAddressOf('/media/signed')).toEqual({ kind: 'invalid' });
  });

  it('marks a videos/ address without a plain id as never served, and leaves other media alone', () => {
    expect(mediaAddressOf('/media/videos/abc/thumbnail.jpg')).toEqual({ kind: 'invalid' });
    expect(mediaAddressOf('/media/videos')).toEqual({ kind: 'invalid' });
    expect(mediaAddressOf('/media/videos/')).toEqual({ kind: 'invalid' });
    expect(mediaAddressOf('/media/videos/%E0%A4%A/a.ts')).toEqual({ kind: 'invalid' });
    expect(mediaAddressOf('/media/users/4/avatar-0123456789abcdef-150.webp')).toEqual({ kind: 'other' });
    expect(mediaAddressOf('/media/sites/chaturbate.png')).toEqual({ kind: 'other' });
    expect(mediaAddressOf('/media/videosX/12/a.ts')).toEqual({ kind: 'other' });
  });
});
