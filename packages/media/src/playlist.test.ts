import { describe, expect, it } from 'vitest';
import { planLadder } from './ladder.ts';
import { asVodPlaylist, averageBitrate, masterPlaylist, parseMediaPlaylist, peakBitrate, playlistSeconds, variantCodecs } from './playlist.ts';

const media = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:2
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-INDEPENDENT-SEGMENTS
#EXTINF:2.000000,
seg000.ts
#EXTINF:2.000000,
seg001.ts
#EXTINF:0.466667,
seg002.ts
#EXT-X-ENDLIST
`;

describe('parseMediaPlaylist', () => {
  it('lists segments with their durations, and adds them up', () => {
    expect(parseMediaPlaylist(media)).toEqual([
      { uri: 'seg000.ts', seconds: 2 },
      { uri: 'seg001.ts', seconds: 2 },
      { uri: 'seg002.ts', seconds: 0.466667 },
    ]);
    expect(playlistSeconds(media)).toBe(4.467);
  });
});

describe('bitrates', () => {
  const segments = [
    { seconds: 2, bytes: 500_000 },
    { seconds: 2, bytes: 250_000 },
    { seconds: 0.5, bytes: 100_000 },
  ];

  it('averages over the whole rendition', () => {
    expect(averageBitrate(segments)).toBe(Math.round((850_000 * 8) / 4.5));
  });

  it('takes the peak over runs of 1 to 3 s, so a short last segment counts with the one before', () => {
    expect(peakBitrate(segments)).toBe(2_000_000);
    expect(
      peakBitrate([
        { seconds: 2, bytes: 100_000 },
        { seconds: 0.5, bytes: 200_000 },
      ]),
    ).toBe(Math.ceil((300_000 * 8) / 2.5));
  });

  it('falls back to the average for a clip shorter than any run', () => {
    expect(peakBitrate([{ seconds: 0.4, bytes: 50_000 }])).toBe(1_000_000);
  });
});

describe('masterPlaylist', () => {
  const rungs = planLadder({ displayWidth: 1080, displayHeight: 1920, fps: 30 });
  const variants = rungs.map((rung, i) => ({ rung, uri: `v${i}/index.m3u8`, peakBitrate: 3_000_000 - i * 1_000_000, averageBitrate: 2_000_000 - i * 500_000 }));

  it('lists every rung with measured bandwidths, the second-largest first for a quick start, and starts players at the beginning', () => {
    expect(masterPlaylist(variants)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-START:TIME-OFFSET=0',
        '#EXT-X-STREAM-INF:BANDWIDTH=2000000,AVERAGE-BANDWIDTH=1500000,RESOLUTION=480x854,FRAME-RATE=30.000,CODECS="avc1.64001f,mp4a.40.2"',
        'v1/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=720x1280,FRAME-RATE=30.000,CODECS="avc1.64001f,mp4a.40.2"',
        'v0/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1000000,AVERAGE-BANDWIDTH=1000000,RESOLUTION=360x640,FRAME-RATE=30.000,CODECS="avc1.64001e,mp4a.40.2"',
        'v2/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('lists a single rung alone', () => {
    expect(masterPlaylist(variants.slice(0, 1)).match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
  });

  it('names H.264 high at the rung level, and AAC-LC', () => {
    expect(variantCodecs({ h264Level: 32 })).toBe('avc1.640020,mp4a.40.2');
  });
});

describe('asVodPlaylist', () => {
  const growing = ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXT-X-PLAYLIST-TYPE:EVENT', '#EXTINF:2.000000,', 'seg000.ts', ''].join('\n');

  it('marks a finished event playlist as VOD and keeps every segment', () => {
    const finished = `${growing}#EXT-X-ENDLIST\n`;
    expect(asVodPlaylist(finished)).toBe(finished.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD'));
  });

  it('leaves a playlist that is still growing as it is', () => {
    expect(asVodPlaylist(growing)).toBe(growing);
  });
});
