import { PROFILE_IMAGE_MAX_BYTES, profilePageMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { clampCrop, cropAspect, cropOutputSize, cropOutputType, cropRect, initialCrop, MAX_ZOOM, panCrop, profileImageProblem, zoomCrop } from './image-crop.ts';

const landscape = { width: 1200, height: 800 };
const portrait = { width: 600, height: 900 };
const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('profile image files (viewer.md §5)', () => {
  it('takes png and jpeg up to 16 MB', () => {
    expect(profileImageProblem(file('me.png', 'image/png'))).toBeNull();
    expect(profileImageProblem(file('me.jpg', 'image/jpeg', PROFILE_IMAGE_MAX_BYTES))).toBeNull();
  });

  it('rejects other types: "Only png, jpeg and jpg images are allowed."', () => {
    expect(profileImageProblem(file('me.gif', 'image/gif'))).toBe(profilePageMessages.imageType);
    expect(profileImageProblem(file('me.webp', 'image/webp'))).toBe(profilePageMessages.imageType);
  });

  it('rejects a file over 16 MB: "Image size cannot be bigger than 16MB"', () => {
    expect(profileImageProblem(file('me.jpg', 'image/jpeg', PROFILE_IMAGE_MAX_BYTES + 1))).toBe('Image size cannot be bigger than 16MB');
  });

  it('judges a file without a type by its name', () => {
    expect(profileImageProblem(file('me.JPEG', ''))).toBeNull();
    expect(profileImageProblem(file('me.heic', ''))).toBe(profilePageMessages.imageType);
  });

  it('encodes a png crop as png and everything else as jpeg', () => {
    expect(cropOutputType(file('me.png', 'image/png'))).toBe('image/png');
    expect(cropOutputType(file('me.jpg', 'image/jpeg'))).toBe('image/jpeg');
  });
});

describe('crop sizes (viewer.md §9)', () => {
  it('crops the avatar 1:1 and the cover 2:1', () => {
    expect(cropAspect('avatar')).toBe(1);
    expect(cropAspect('cover')).toBe(2);
  });

  it('sends the largest copy the server keeps: avatar 300x300 (for its 150 and 300 sizes), cover 1000x500', () => {
    expect(cropOutputSize('avatar')).toEqual({ width: 300, height: 300 });
    expect(cropOutputSize('cover')).toEqual({ width: 1000, height: 500 });
  });
});

describe('the crop', () => {
  it('starts with the largest centred crop that fits', () => {
    expect(cropRect(landscape, 1, initialCrop)).toEqual({ x: 200, y: 0, width: 800, height: 800 });
    expect(cropRect(landscape, 2, initialCrop)).toEqual({ x: 0, y: 100, width: 1200, height: 600 });
    expect(cropRect(portrait, 1, initialCrop)).toEqual({ x: 0, y: 150, width: 600, height: 600 });
  });

  it('zooms about the middle, within 1x and the maximum', () => {
    const zoomed = zoomCrop(landscape, 1, initialCrop, 2);
    expect(cropRect(landscape, 1, zoomed)).toEqual({ x: 400, y: 200, width: 400, height: 400 });
    expect(zoomCrop(landscape, 1, initialCrop, 100).zoom).toBe(MAX_ZOOM);
    expect(zoomCrop(landscape, 1, initialCrop, 0.2).zoom).toBe(1);
  });

  it('keeps the point under the fingers in place when zooming about it', () => {
    const zoomed = zoomCrop(landscape, 1, initialCrop, 2, { x: 0.25, y: 0.5 });
    // The frame's quarter mark showed source x 400 before and still does: 400 - 0.25 * 400 = 300.
    expect(cropRect(landscape, 1, zoomed)).toEqual({ x: 300, y: 200, width: 400, height: 400 });
  });

  it('moves the picture with the finger, scaled from the frame to the picture', () => {
    // 800 source pixels across a 400 px frame: a 50 px drag to the right shows 100 px further left.
    const moved = panCrop(landscape, 1, initialCrop, { x: 50, y: 0 }, 400);
    expect(cropRect(landscape, 1, moved)).toEqual({ x: 100, y: 0, width: 800, height: 800 });
  });

  it('never moves past an edge, and keeps no slack from trying', () => {
    const pushed = panCrop(landscape, 1, initialCrop, { x: 5000, y: 5000 }, 400);
    expect(cropRect(landscape, 1, pushed)).toEqual({ x: 0, y: 0, width: 800, height: 800 });
    const back = panCrop(landscape, 1, pushed, { x: -50, y: 0 }, 400);
    expect(cropRect(landscape, 1, back).x).toBeCloseTo(100);
  });

  it('ignores a frame that has no width yet', () => {
    expect(panCrop(landscape, 1, initialCrop, { x: 50, y: 0 }, 0)).toBe(initialCrop);
  });

  it('repairs a zoom that is not a number', () => {
    expect(clampCrop(landscape, 1, { zoom: Number.NaN, center: { x: 0.5, y: 0.5 } }).zoom).toBe(1);
  });
});
