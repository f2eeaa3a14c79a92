import { describe, expect, it } from 'vitest';
import { ACCEPTED_DEMUXERS, isAcceptedFormat, uploadInputArgs } from './input-guard.ts';

describe('uploadInputArgs', () => {
  it('opens an upload only as a local file, in a container Flick accepts', () => {
    expect(uploadInputArgs('/data/uploads/0b1c')).toEqual([
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'mov,matroska,mpegts,flv,avi',
      '-i',
      'file:/data/uploads/0b1c',
    ]);
  });

  it('names the input with file:, so a name that looks like a protocol is still a path', () => {
    expect(uploadInputArgs('concat:/a.mp4|/b.mp4').at(-1)).toBe('file:concat:/a.mp4|/b.mp4');
    expect(uploadInputArgs('http://example.test/x.mp4').at(-1)).toBe('file:http://example.test/x.mp4');
  });
});

describe('isAcceptedFormat', () => {
  it.each(['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'mpegts', 'flv', 'avi'])('accepts %s', (formatName) => {
    expect(isAcceptedFormat(formatName)).toBe(true);
  });

  it.each(['dash', 'hls', 'hls,applehttp', 'concat', 'image2', 'png_pipe', 'svg_pipe', 'mpegtsraw', 'live_flv', 'mp3', 'unknown', ''])('refuses %s', (formatName) => {
    expect(isAcceptedFormat(formatName)).toBe(false);
  });

  it('accepts what the whitelist lets ffmpeg open, and nothing else', () => {
    for (const demuxer of ACCEPTED_DEMUXERS) expect(isAcceptedFormat(demuxer)).toBe(true);
  });
});
