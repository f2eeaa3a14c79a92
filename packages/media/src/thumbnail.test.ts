import { describe, expect, it } from 'vitest';
import { firstFrameArgs, scaledStillArgs, thumbnailArgs, thumbnailSizes } from './thumbnail.ts';

const option = (args: string[], name: string) => args[args.indexOf(name) + 1];
const info = { durationSeconds: 60, displayWidth: 1080, displayHeight: 1920, fps: 30 };

describe('firstFrameArgs', () => {
  it('writes one JPEG of the first frame, at most 720 on its short side', () => {
    const args = firstFrameArgs('/in/clip.mov', '/out/first-frame.jpg');
    expect(args).not.toContain('-ss');
    expect(option(args, '-frames:v')).toBe('1');
    expect(option(args, '-vf')).toBe("scale=w='if(gte(ih,iw),min(720,iw),-2)':h='if(gte(ih,iw),-2,min(720,ih))',setsar=1");
    expect(args.at(-1)).toBe('/out/first-frame.jpg');
  });
});

/** The six arguments that open the input: the guard's options and `-i`. */
const inputOf = (args: string[]) => args.slice(args.indexOf('-i') - 4, args.indexOf('-i') + 2);
const guarded = (file: string) => ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska,mpegts,flv,avi', '-i', `file:${file}`];

describe('stills of an upload', () => {
  it('open it only as a local file, in a container Flick accepts', () => {
    expect(inputOf(firstFrameArgs('/in/clip.mov', '/out/first-frame.jpg'))).toEqual(guarded('/in/clip.mov'));
    expect(inputOf(thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', info))).toEqual(guarded('/in/clip.mov'));
    expect(inputOf(thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', info, { avoidDark: false }))).toEqual(guarded('/in/clip.mov'));
  });
});

describe('thumbnailArgs', () => {
  it('looks 3 s into a long clip, skipping dark frames, over a 2 s window', () => {
    const args = thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', info);
    expect(option(args, '-ss')).toBe('3.000');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.indexOf('-noaccurate_seek')).toBeLessThan(args.indexOf('-i'));
    expect(option(args, '-vsync')).toBe('passthrough');
    expect(option(args, '-vf')).toBe(
      'scale=720:1280,setsar=1,blackframe=amount=0:threshold=32,' + 'metadata=mode=select:key=lavfi.blackframe.pblack:value=90:function=less,thumbnail=n=60',
    );
    expect(option(args, '-frames:v')).toBe('1');
  });

  it('looks 10% into a short clip and stays inside it', () => {
    const args = thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', { ...info, durationSeconds: 1 });
    expect(option(args, '-ss')).toBe('0.100');
    expect(option(args, '-vf')).toContain('thumbnail=n=27');
  });

  it('looks at no more than 60 frames', () => {
    const args = thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', { ...info, fps: 60 });
    expect(option(args, '-vf')).toContain('thumbnail=n=60');
  });

  it('can keep dark frames, for a clip that is dark throughout', () => {
    const args = thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', info, { avoidDark: false });
    expect(option(args, '-vf')).toBe('scale=720:1280,setsar=1,thumbnail=n=60');
  });
});

describe('thumbnailSizes', () => {
  it("lists the 360 copy before the thumbnail, in the video's orientation", () => {
    expect(thumbnailSizes({ displayWidth: 1080, displayHeight: 1920 })).toEqual([
      { name: 'thumbnail-360.jpg', width: 360, height: 640 },
      { name: 'thumbnail.jpg', width: 720, height: 1280 },
    ]);
    expect(thumbnailSizes({ displayWidth: 1920, displayHeight: 1080 })).toEqual([
      { name: 'thumbnail-360.jpg', width: 640, height: 360 },
      { name: 'thumbnail.jpg', width: 1280, height: 720 },
    ]);
  });

  it("gives the thumbnail the top rendition's size, with even sides", () => {
    expect(thumbnailSizes({ displayWidth: 541, displayHeight: 963 })).toEqual([
      { name: 'thumbnail-360.jpg', width: 360, height: 640 },
      { name: 'thumbnail.jpg', width: 540, height: 962 },
    ]);
  });

  it('never upscales: a video 360 or less on its short side has only the thumbnail', () => {
    expect(thumbnailSizes({ displayWidth: 360, displayHeight: 640 })).toEqual([{ name: 'thumbnail.jpg', width: 360, height: 640 }]);
    expect(thumbnailSizes({ displayWidth: 240, displayHeight: 426 })).toEqual([{ name: 'thumbnail.jpg', width: 240, height: 426 }]);
    expect(thumbnailSizes({ displayWidth: 400, displayHeight: 712 }).map((s) => s.name)).toEqual(['thumbnail-360.jpg', 'thumbnail.jpg']);
  });

  it('lists none for a video whose size is not known', () => {
    expect(thumbnailSizes({ displayWidth: 0, displayHeight: 0 })).toEqual([]);
  });

  it('lists only the thumbnail for a folder of stills version 0 (published before the copy existed)', () => {
    expect(thumbnailSizes({ displayWidth: 1080, displayHeight: 1920 }, 0)).toEqual([{ name: 'thumbnail.jpg', width: 720, height: 1280 }]);
  });
});

describe('scaledStillArgs', () => {
  it('scales one picture to the exact size as a JPEG, whatever the output is called', () => {
    const args = scaledStillArgs('/s/thumbnail.jpg', '/s/thumbnail-360.jpg.tmp-1', { width: 360, height: 640 });
    expect(option(args, '-i')).toBe('/s/thumbnail.jpg');
    expect(option(args, '-vf')).toBe('scale=360:640:flags=area,setsar=1');
    expect(option(args, '-frames:v')).toBe('1');
    expect(option(args, '-c:v')).toBe('mjpeg');
    expect(option(args, '-f')).toBe('image2');
    expect(args.at(-1)).toBe('/s/thumbnail-360.jpg.tmp-1');
  });
});
