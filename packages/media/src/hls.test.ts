import { describe, expect, it } from 'vitest';
import { hlsArgs, startFiles } from './hls.ts';
import { planLadder } from './ladder.ts';

const vertical = { displayWidth: 1080, displayHeight: 1920, fps: 30 };

function build(hasAudio = true, source = vertical, preset?: 'superfast') {
  const args = hlsArgs({ input: '/in/clip.mov', outDir: '/out/video', info: { hasAudio, durationSeconds: 12.5 }, rungs: planLadder(source), preset });
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at < 0 ? undefined : args[at + 1];
  };
  return { args, option };
}

describe('hlsArgs', () => {
  it('decodes once and splits one scaled picture into every rung', () => {
    const { args, option } = build();
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args.filter((a) => a === '-filter_complex')).toHaveLength(1);
    expect(option('-i')).toBe('file:/in/clip.mov');
    expect(option('-filter_complex')!.split(';')).toEqual([
      '[0:v:0]fps=30,scale=720:1280,setsar=1,format=yuv420p,split=3[v0][s1][s2]',
      '[s1]scale=480:854[v1]',
      '[s2]scale=360:640[v2]',
      '[0:a:0]aresample=48000,aformat=sample_rates=48000:channel_layouts=stereo,asplit=3[a0][a1][a2]',
    ]);
  });

  it('opens the upload only as a local file, in a container Flick accepts', () => {
    const { args } = build();
    const at = args.indexOf('-i');
    expect(args.slice(at - 4, at + 2)).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska,mpegts,flv,avi', '-i', 'file:/in/clip.mov']);
  });

  it('maps a video and an audio output per rung into the variant stream map', () => {
    const { args, option } = build();
    expect(args.join(' ')).toContain('-map [v0] -map [a0] -map [v1] -map [a1] -map [v2] -map [a2]');
    expect(option('-var_stream_map')).toBe('v:0,a:0 v:1,a:1 v:2,a:2');
    // The master playlist is written from the measured segments instead.
    expect(args).not.toContain('-master_pl_name');
    expect(option('-hls_segment_filename')).toBe('/out/video/v%v/seg%03d.ts');
    expect(args.at(-1)).toBe('/out/video/v%v/index.m3u8');
  });

  it('writes MPEG-TS segments into growing playlists, each file renamed into place when complete: two of 1 s, then 2 s, a keyframe starting each', () => {
    const { option } = build();
    expect(option('-f')).toBe('hls');
    // The muxer cuts at the first keyframe after every second: the keyframes decide the lengths.
    expect(option('-hls_time')).toBe('1');
    expect(option('-hls_playlist_type')).toBe('event');
    expect(option('-hls_segment_type')).toBe('mpegts');
    expect(option('-hls_flags')).toBe('independent_segments+temp_file');
    expect(option('-force_key_frames')).toBe('expr:if(lt(t,2),gte(t,n_forced*1),gte(t,2+(n_forced-2)*2))');
    expect(option('-g')).toBe('60');
    expect(option('-keyint_min')).toBe('60');
    expect(option('-sc_threshold')).toBe('0');
  });

  it('encodes H.264 high at the rung bitrates and AAC stereo 48 kHz', () => {
    const { args, option } = build();
    expect(option('-c:v')).toBe('libx264');
    expect(option('-profile:v')).toBe('high');
    expect(option('-pix_fmt')).toBe('yuv420p');
    expect(option('-preset')).toBe('veryfast');
    expect(option('-x264-params')).toBe('me=dia:subme=1');
    expect(args.join(' ')).toContain('-maxrate:v:0 2500k -bufsize:v:0 5000k -level:v:0 3.1 -maxrate:v:1 1200k -bufsize:v:1 2400k -level:v:1 3.1 -maxrate:v:2 700k');
    expect(option('-c:a')).toBe('aac');
    expect(option('-b:a:2')).toBe('128k');
    expect(option('-ac')).toBe('2');
    expect(option('-ar')).toBe('48000');
  });

  it('adds a silent track of the exact length when the source has no audio', () => {
    const { option } = build(false);
    expect(option('-filter_complex')!.split(';').at(-1)).toBe(
      'anullsrc=channel_layout=stereo:sample_rate=48000,atrim=duration=12.500,aformat=sample_rates=48000:channel_layouts=stereo,asplit=3[a0][a1][a2]',
    );
  });

  it('reports progress on stdout, strips metadata and takes another preset', () => {
    const { args, option } = build(true, vertical, 'superfast');
    expect(option('-progress')).toBe('pipe:1');
    expect(args).toContain('-nostats');
    expect(args).toContain('-nostdin');
    expect(option('-map_metadata')).toBe('-1');
    expect(option('-threads')).toBe('0');
    expect(option('-preset')).toBe('superfast');
  });

  it('needs no split for a single rung, and follows the source frame rate', () => {
    const { option } = build(true, { displayWidth: 400, displayHeight: 700, fps: 60 });
    expect(option('-filter_complex')!.split(';')[0]).toBe('[0:v:0]fps=60,scale=400:700,setsar=1,format=yuv420p[v0]');
    expect(option('-var_stream_map')).toBe('v:0,a:0');
    expect(option('-g')).toBe('120');
  });
});

describe('startFiles', () => {
  it('names the playlist and first segment of the rung the master playlist lists first', () => {
    expect(startFiles({ displayWidth: 1080, displayHeight: 1920 })).toEqual(['v1/index.m3u8', 'v1/seg000.ts']);
    expect(startFiles({ displayWidth: 1920, displayHeight: 1080 })).toEqual(['v1/index.m3u8', 'v1/seg000.ts']);
  });

  it('is the only rung of a source too small for a ladder', () => {
    expect(planLadder({ displayWidth: 400, displayHeight: 710, fps: 30 })).toHaveLength(1);
    expect(startFiles({ displayWidth: 400, displayHeight: 710 })).toEqual(['v0/index.m3u8', 'v0/seg000.ts']);
  });
});
