import { describe, expect, it } from 'vitest';
import { mediaUrls } from './media-urls.ts';

const media = { url: (id: number, file: string) => `/media/videos/${id}/${file}`, signedUrl: (folder: string, file: string) => `/media/${folder}/${file}` };
const signer = { videoFolder: (id: number) => `signed/7200-sig/videos/${id}` };

describe('public or signed addresses, per video (ADR 0027)', () => {
  const urls = mediaUrls(media, signer);
  const file = 'stream/master.m3u8';

  it('gives everyone the public address of a video published for everyone', () => {
    for (const audience of ['viewer', 'owner', 'admin'] as const)
      expect(urls.of({ mediaPublic: true }, audience)?.url(3, file)).toBe('/media/videos/3/stream/master.m3u8');
  });

  it('signs the addresses of a video that is not public, for whoever the caller shows it to', () => {
    for (const audience of ['viewer', 'owner', 'admin'] as const) {
      expect(urls.of({ mediaPublic: false }, audience)?.url(3, file)).toBe('/media/signed/7200-sig/videos/3/stream/master.m3u8');
    }
  });

  it('signs a quarantined video for admins only: anyone else, its creator included, gets no address', () => {
    expect(urls.of({ mediaPublic: false, quarantined: true }, 'admin')?.url(4, 'first-frame.jpg')).toBe('/media/signed/7200-sig/videos/4/first-frame.jpg');
    expect(urls.of({ mediaPublic: false, quarantined: true }, 'owner')).toBeNull();
    expect(urls.of({ mediaPublic: false, quarantined: true }, 'viewer')).toBeNull();
  });
});
