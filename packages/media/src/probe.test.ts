import { VIDEO_MAX_SECONDS, videoMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { type MediaInfo, type ProbeProblem, isProbeProblem, parseProbe, parseRate, probeArgs } from './probe.ts';
import audioOnly from './probe-samples/audio-only.json' with { type: 'json' };
import coverArt from './probe-samples/cover-art.json' with { type: 'json' };
import imageRenamed from './probe-samples/image-renamed.json' with { type: 'json' };
import landscape from './probe-samples/landscape.json' with { type: 'json' };
import noAudio from './probe-samples/no-audio.json' with { type: 'json' };
import phonePortrait from './probe-samples/phone-portrait.json' with { type: 'json' };
import truncatedFaststart from './probe-samples/truncated-faststart.json' with { type: 'json' };
import vfr from './probe-samples/vfr.json' with { type: 'json' };

function info(sample: unknown): MediaInfo {
  const result = parseProbe(sample);
  if (isProbeProblem(result)) throw new Error(`expected a video, got ${result.reason}`);
  return result;
}

function problem(sample: unknown): ProbeProblem {
  const result = parseProbe(sample);
  if (!isProbeProblem(result)) throw new Error('expected a problem, got a video');
  return result;
}

/** A copy of `sample` with its first stream changed by `edit`. */
function withVideo(sample: typeof phonePortrait, edit: (stream: Record<string, unknown>) => void) {
  const copy = structuredClone(sample) as unknown as { streams: Record<string, unknown>[]; format: Record<string, unknown> };
  edit(copy.streams[0]!);
  return copy;
}

describe('probeArgs', () => {
  it('asks ffprobe for format and streams as JSON, opening the upload only as a local file in a container Flick accepts', () => {
    expect(probeArgs('/in/clip.mov')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'mov,matroska,mpegts,flv,avi',
      '-i',
      'file:/in/clip.mov',
    ]);
  });
});

describe('parseProbe', () => {
  it('turns a phone .mov coded landscape with a -90 display matrix into a vertical video', () => {
    expect(info(phonePortrait)).toEqual({
      durationSeconds: 3,
      videoDurationSeconds: 3,
      width: 1920,
      height: 1080,
      rotation: 90,
      displayWidth: 1080,
      displayHeight: 1920,
      isVertical: true,
      fps: 30,
      isVariableFrameRate: false,
      hasAudio: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      sizeBytes: 5822005,
    });
  });

  it('reads the clockwise rotate tag of older files the same way', () => {
    const tagged = withVideo(phonePortrait, (video) => {
      delete video.side_data_list;
      video.tags = { rotate: '90' };
    });
    expect(info(tagged)).toMatchObject({ rotation: 90, displayWidth: 1080, displayHeight: 1920, isVertical: true });
  });

  it('normalizes rotations to 0, 90, 180 or 270', () => {
    const rotated = (rotation: number) => info(withVideo(phonePortrait, (video) => (video.side_data_list = [{ side_data_type: 'Display Matrix', rotation }]))).rotation;
    expect([rotated(90), rotated(-180), rotated(180), rotated(-270), rotated(0), rotated(-89.9)]).toEqual([270, 180, 180, 270, 0, 90]);
  });

  it('reads a landscape clip as landscape, with its frame rate and mono audio', () => {
    expect(info(landscape)).toMatchObject({
      width: 1280,
      height: 720,
      rotation: 0,
      displayWidth: 1280,
      displayHeight: 720,
      isVertical: false,
      fps: 25,
      hasAudio: true,
      audioCodec: 'aac',
    });
  });

  it('reports a clip without sound', () => {
    expect(info(noAudio)).toMatchObject({ hasAudio: false, audioCodec: null, isVertical: true, durationSeconds: 3 });
  });

  it('flags a variable frame rate and uses the average', () => {
    const result = info(vfr);
    expect(result.isVariableFrameRate).toBe(true);
    expect(result.fps).toBeCloseTo(555 / 29, 5);
    expect(result.videoDurationSeconds).toBeCloseTo(3.867, 3);
    expect(result.durationSeconds).toBe(3.971);
  });

  it('does not flag 29.97 fps as variable', () => {
    const ntsc = withVideo(phonePortrait, (video) => {
      video.avg_frame_rate = '30000/1001';
      video.r_frame_rate = '30/1';
    });
    expect(info(ntsc)).toMatchObject({ isVariableFrameRate: false });
    expect(info(ntsc).fps).toBeCloseTo(29.97, 2);
  });

  it('falls back to the frame count, then to 30 fps, when the rates are missing', () => {
    const counted = withVideo(phonePortrait, (video) => {
      video.avg_frame_rate = '0/0';
      video.r_frame_rate = '0/0';
    });
    expect(info(counted).fps).toBe(30);
    const unknown = withVideo(phonePortrait, (video) => {
      video.avg_frame_rate = '0/0';
      video.r_frame_rate = 'x';
      delete video.nb_frames;
    });
    expect(info(unknown).fps).toBe(30);
  });

  it('applies a non-square pixel aspect ratio to the display size', () => {
    const anamorphic = withVideo(landscape as unknown as typeof phonePortrait, (video) => {
      video.width = 1440;
      video.height = 1080;
      video.sample_aspect_ratio = '4:3';
    });
    expect(info(anamorphic)).toMatchObject({ width: 1440, displayWidth: 1920, displayHeight: 1080 });
  });

  it('accepts ffprobe text as well as parsed JSON', () => {
    expect(info(JSON.stringify(landscape)).width).toBe(1280);
  });

  it(`rejects a PNG renamed .mp4: "${videoMessages.notAVideo}"`, () => {
    expect(problem(imageRenamed)).toEqual({ kind: 'not-a-video', message: videoMessages.notAVideo, reason: 'still image (png_pipe)' });
  });

  it.each(['dash', 'hls', 'concat', 'image2', 'mpegtsraw'])(
    `rejects a video that ffprobe read through a %s demuxer, not a container Flick accepts: "${videoMessages.notAVideo}"`,
    (formatName) => {
      const manifest = structuredClone(phonePortrait);
      manifest.format.format_name = formatName;
      expect(problem(manifest)).toMatchObject({ kind: 'not-a-video', message: videoMessages.notAVideo });
    },
  );

  it('rejects a single-frame image in a video container', () => {
    const still = withVideo(phonePortrait, (video) => {
      video.codec_name = 'mjpeg';
      video.nb_frames = '1';
    });
    expect(problem(still)).toMatchObject({ kind: 'not-a-video', reason: 'still image (mjpeg)' });
  });

  it('rejects an audio file, with or without cover art', () => {
    expect(problem(audioOnly)).toMatchObject({ kind: 'not-a-video', reason: 'no video stream' });
    expect(problem(coverArt)).toMatchObject({ kind: 'not-a-video', reason: 'no video stream' });
  });

  it('rejects a file without streams, and output that is not JSON', () => {
    expect(problem({ streams: [], format: { format_name: 'mpegts', duration: '0.000000' } })).toMatchObject({ kind: 'not-a-video' });
    expect(problem({})).toMatchObject({ kind: 'not-a-video' });
    expect(problem('{ not json')).toMatchObject({ kind: 'not-a-video', reason: 'ffprobe output is not JSON' });
  });

  it('rejects an MP4 cut off after its index: the file holds a third of the bytes its streams need', () => {
    expect(problem(truncatedFaststart)).toMatchObject({ kind: 'not-a-video', reason: 'truncated: 240654 of 797930 indexed bytes' });
  });

  it('rejects a zero or missing duration', () => {
    const zero = structuredClone(phonePortrait);
    zero.format.duration = '0.000000';
    zero.streams[0]!.duration = '0.000000';
    expect(problem(zero)).toMatchObject({ kind: 'not-a-video' });
    const missing = structuredClone(phonePortrait) as { format: Record<string, unknown>; streams: Record<string, unknown>[] };
    delete missing.format.duration;
    delete missing.streams[0]!.duration;
    expect(problem(missing)).toMatchObject({ kind: 'not-a-video' });
  });

  it(`rejects a video over ${VIDEO_MAX_SECONDS / 60} minutes: "${videoMessages.tooLong}"`, () => {
    const long = structuredClone(phonePortrait);
    long.format.duration = String(VIDEO_MAX_SECONDS + 0.5);
    expect(problem(long)).toMatchObject({ kind: 'too-long', message: videoMessages.tooLong });
    long.format.duration = String(VIDEO_MAX_SECONDS);
    expect(isProbeProblem(parseProbe(long))).toBe(false);
    expect(parseProbe(phonePortrait, { maxSeconds: 2 })).toMatchObject({ kind: 'too-long' });
  });
});

describe('parseRate', () => {
  it('reads fractions and plain numbers, and refuses nonsense', () => {
    expect(parseRate('30000/1001')).toBeCloseTo(29.97, 2);
    expect(parseRate('25')).toBe(25);
    expect([parseRate('0/0'), parseRate('1/0'), parseRate(''), parseRate(undefined), parseRate('90000/1')]).toEqual([null, null, null, null, null]);
  });
});
