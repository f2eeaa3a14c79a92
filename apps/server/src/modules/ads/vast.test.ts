import { describe, expect, it, vi } from 'vitest';
import { parseVast, resolveVast } from './vast.ts';

const inline = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0"><Ad id="1"><InLine>
  <Impression id="a"><![CDATA[https://ads.example.com/imp?a=1&b=2]]></Impression>
  <Impression>javascript:alert(1)</Impression>
  <Creatives><Creative><Linear><MediaFiles>
    <MediaFile delivery="streaming" type="video/mp4" width="720" height="1280">https://cdn.example.com/stream.mp4</MediaFile>
    <MediaFile delivery="progressive" type="video/webm">https://cdn.example.com/a.webm</MediaFile>
    <MediaFile delivery="progressive" type="video/mp4" width="720" height="1280"> https://cdn.example.com/a.mp4?x=1&amp;y=2 </MediaFile>
  </MediaFiles></Linear></Creative></Creatives>
</InLine></Ad></VAST>`;

const wrapper = (next: string) => `<VAST version="3.0"><Ad><Wrapper>
  <Impression>https://wrapper.example.com/imp</Impression>
  <VASTAdTagURI><![CDATA[${next}]]></VASTAdTagURI>
</Wrapper></Ad></VAST>`;

describe('reading a VAST tag', () => {
  it('takes the first progressive MP4 and the http(s) impression pixels, entities read', () => {
    expect(parseVast(inline)).toEqual({
      media: 'https://cdn.example.com/a.mp4?x=1&y=2',
      impressions: ['https://ads.example.com/imp?a=1&b=2'],
      wrapped: null,
    });
  });

  it('follows a wrapper to the inline ad, keeping the pixels of both', async () => {
    const tags: Record<string, string> = { 'https://one.example.com/tag': wrapper('https://two.example.com/tag'), 'https://two.example.com/tag': inline };
    const readTag = vi.fn(async (url: string) => tags[url] ?? null);
    expect(await resolveVast('https://one.example.com/tag', readTag)).toEqual({
      media: 'https://cdn.example.com/a.mp4?x=1&y=2',
      impressions: ['https://wrapper.example.com/imp', 'https://ads.example.com/imp?a=1&b=2'],
    });
  });

  it('gives up on a loop of wrappers, an error, a tag without an MP4, or an answer too large', async () => {
    const loop = vi.fn(async () => wrapper('https://one.example.com/tag'));
    expect(await resolveVast('https://one.example.com/tag', loop)).toBeNull();
    expect(loop).toHaveBeenCalledTimes(4);
    expect(await resolveVast('https://x.example.com/', async () => null)).toBeNull();
    expect(await resolveVast('https://x.example.com/', async () => '<VAST><Ad><InLine></InLine></Ad></VAST>')).toBeNull();
    expect(await resolveVast('https://x.example.com/', async () => inline + ' '.repeat(300 * 1024))).toBeNull();
    expect(await resolveVast('file:///etc/passwd')).toBeNull();
  });

  it('never reads a tag from this machine or a private network, even by a redirect or a name that points there', async () => {
    for (const url of ['http://127.0.0.1:8080/v1/health', 'http://localhost/', 'http://10.1.2.3/tag', 'http://[::1]/tag', 'http://169.254.169.254/latest/meta-data/']) {
      await expect(resolveVast(url)).rejects.toThrow(/not a public address/);
    }
  });
});
