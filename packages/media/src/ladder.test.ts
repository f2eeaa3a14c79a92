import { describe, expect, it } from 'vitest';
import { h264LevelFor, outputFps, planLadder } from './ladder.ts';

const sizes = (width: number, height: number, fps = 30) => planLadder({ displayWidth: width, displayHeight: height, fps }).map((rung) => `${rung.width}x${rung.height}`);

describe('planLadder', () => {
  it('gives a 1080x1920 phone clip 720p, 480p and 360p rungs', () => {
    expect(sizes(1080, 1920)).toEqual(['720x1280', '480x854', '360x640']);
  });

  it('keeps a 720x1280 source at its size on top', () => {
    expect(sizes(720, 1280)).toEqual(['720x1280', '480x854', '360x640']);
  });

  it('gives a 480x854 source two rungs, never upscaling', () => {
    expect(sizes(480, 854)).toEqual(['480x854', '360x640']);
  });

  it('gives a 400x700 source one rung at its own size', () => {
    expect(sizes(400, 700)).toEqual(['400x700']);
  });

  it('gives a tiny source exactly one rung, rounded down to even', () => {
    expect(sizes(161, 285)).toEqual(['160x284']);
  });

  it('keeps a landscape source landscape', () => {
    expect(sizes(1920, 1080)).toEqual(['1280x720', '854x480', '640x360']);
  });

  it('makes odd dimensions even', () => {
    expect(sizes(721, 1281)).toEqual(['720x1280', '480x852', '360x640']);
    expect(sizes(541, 963)).toEqual(['540x962', '360x640']);
  });

  it('keeps an odd aspect ratio instead of forcing 9:16', () => {
    expect(sizes(1080, 1080)).toEqual(['720x720', '480x480', '360x360']);
    expect(sizes(1440, 1920)).toEqual(['720x960', '480x640', '360x480']);
  });

  it('sets peak bitrates per rung, half again more above 30 fps', () => {
    const at30 = planLadder({ displayWidth: 1080, displayHeight: 1920, fps: 30 });
    expect(at30.map((r) => [r.label, r.maxBitrate, r.bufferSize, r.audioBitrate])).toEqual([
      ['720p', 2_500_000, 5_000_000, 128_000],
      ['480p', 1_200_000, 2_400_000, 128_000],
      ['360p', 700_000, 1_400_000, 128_000],
    ]);
    const at60 = planLadder({ displayWidth: 1080, displayHeight: 1920, fps: 59.94 });
    expect(at60.map((r) => [r.fps, r.maxBitrate])).toEqual([
      [60, 3_750_000],
      [60, 1_800_000],
      [60, 1_050_000],
    ]);
  });

  it('gives a small rung a smaller bitrate, with a floor', () => {
    const [small] = planLadder({ displayWidth: 160, displayHeight: 284, fps: 30 });
    expect(small!.maxBitrate).toBe(150_000);
    const [square] = planLadder({ displayWidth: 720, displayHeight: 720, fps: 30 });
    expect(square!.maxBitrate).toBeGreaterThan(1_200_000);
    expect(square!.maxBitrate).toBeLessThan(2_500_000);
  });
});

describe('h264LevelFor', () => {
  it('picks the smallest level that holds the frame size, macroblock rate and bitrate', () => {
    expect(planLadder({ displayWidth: 1080, displayHeight: 1920, fps: 30 }).map((r) => r.h264Level)).toEqual([31, 31, 30]);
    expect(planLadder({ displayWidth: 1080, displayHeight: 1920, fps: 60 }).map((r) => r.h264Level)).toEqual([32, 31, 31]);
    expect(h264LevelFor(160, 284, 30, 150_000)).toBe(30);
    expect(h264LevelFor(720, 2560, 30, 2_500_000)).toBe(40);
    expect(h264LevelFor(720, 1280, 30, 20_000_000)).toBe(32);
  });
});

describe('outputFps', () => {
  it('rounds the source rate and caps it at 60', () => {
    expect([outputFps(29.97), outputFps(23.976), outputFps(59.94), outputFps(120), outputFps(19.14), outputFps(0.2)]).toEqual([30, 24, 60, 60, 19, 1]);
  });
});
