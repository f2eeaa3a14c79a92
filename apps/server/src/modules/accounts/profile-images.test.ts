import { describe, expect, it } from 'vitest';
import { imageFileNames, imageHash, imageHeight, imageSources } from './profile-images.ts';

const hash = '0123456789abcdef';

describe('profile image copies', () => {
  it("are named by kind, content hash and width, in the kind's aspect ratio", () => {
    expect(imageFileNames('avatar', hash)).toEqual([`avatar-${hash}-150.webp`, `avatar-${hash}-300.webp`]);
    expect(imageFileNames('cover', hash)).toEqual([`cover-${hash}-500.webp`, `cover-${hash}-1000.webp`]);
    expect(imageHeight('avatar', 300)).toBe(300);
    expect(imageHeight('cover', 500)).toBe(250);
  });

  it('give srcset sources from the stored URL of the base copy', () => {
    expect(imageSources('avatar', `https://cdn.example/media/users/7/avatar-${hash}-150.webp`)).toEqual([
      { url: `https://cdn.example/media/users/7/avatar-${hash}-150.webp`, width: 150, height: 150 },
      { url: `https://cdn.example/media/users/7/avatar-${hash}-300.webp`, width: 300, height: 300 },
    ]);
    expect(imageSources('cover', `/media/users/7/cover-${hash}-1000.webp`).map((s) => [s.width, s.height])).toEqual([
      [500, 250],
      [1000, 500],
    ]);
  });

  it('treat any other image as one source at the base size, and no image as none', () => {
    expect(imageSources('cover', '/media/users/7/cover.jpg')).toEqual([{ url: '/media/users/7/cover.jpg', width: 1000, height: 500 }]);
    expect(imageSources('avatar', null)).toEqual([]);
  });

  it('find the hash only in a copy of the same kind', () => {
    expect(imageHash('avatar', `/media/users/7/avatar-${hash}-150.webp`)).toBe(hash);
    expect(imageHash('cover', `/media/users/7/avatar-${hash}-150.webp`)).toBeNull();
    expect(imageHash('avatar', '/media/users/7/avatar.jpg')).toBeNull();
    expect(imageHash('avatar', null)).toBeNull();
  });
});
