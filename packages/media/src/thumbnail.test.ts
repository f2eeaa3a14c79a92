import { describe, expect, it } from 'vitest';
import { firstFrameArgs, thumbnailArgs } from './thumbnail.ts';

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

describe('thumbnailArgs', () => {
  it('looks 3 s into a long clip, skipping dark frames, over a 2 s window', () => {
    const args = thumbnailArgs('/in/clip.mov', '/out/thumbnail.jpg', info);
    expect(option(args, '-ss')).toBe('3.000');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.indexOf('-noaccurate_seek')).toBeLessThan(args.indexOf('-i'));
    expect(option(args, '-vsync')).toBe('passthrough');
    expect(option(args, '-vf')).toBe(
      'scale=720:1280,setsar=1,blackframe=amount=0:threshold=32,' +
        'metadata=mode=select:key=lavfi.blackframe.pblack:value=90:function=less,thumbnail=n=60',
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
