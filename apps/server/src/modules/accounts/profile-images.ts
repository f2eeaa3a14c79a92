import { profileImages, type ImageSource, type ProfileImageKind } from '@flick/contract';

/**
 * Avatars and covers are stored as sized WebP copies named `<kind>-<hash>-<width>.webp`, the hash taken
 * from the uploaded bytes: a name never changes content, so browsers and CDNs may keep it for good.
 * The user row keeps the URL of the base copy (`avatar`, `cover`); the other sizes follow from its name.
 */
const FILE_NAME = /^(avatar|cover)-([0-9a-f]{16})-(\d{1,5})\.webp$/;

export function imageFileName(kind: ProfileImageKind, hash: string, width: number): string {
  return `${kind}-${hash}-${width}.webp`;
}

/** The height of a copy `width` wide, in the kind's aspect ratio (1:1 avatars, 2:1 covers). */
export function imageHeight(kind: ProfileImageKind, width: number): number {
  const { width: baseWidth, height: baseHeight } = profileImages[kind];
  return Math.round((width * baseHeight) / baseWidth);
}

/** Every file name one upload writes. */
export function imageFileNames(kind: ProfileImageKind, hash: string): string[] {
  return profileImages[kind].widths.map((width) => imageFileName(kind, hash, width));
}

/** The hash in a stored URL of one of our copies of `kind`; null for none, or another image (the demo's). */
export function imageHash(kind: ProfileImageKind, url: string | null): string | null {
  if (!url) return null;
  const match = FILE_NAME.exec(url.slice(url.lastIndexOf('/') + 1));
  return match && match[1] === kind ? match[2]! : null;
}

/** The sized copies for `srcset`, narrowest first; an image not made by us is one source at the base size. */
export function imageSources(kind: ProfileImageKind, url: string | null): ImageSource[] {
  if (!url) return [];
  const { width, height, widths } = profileImages[kind];
  const hash = imageHash(kind, url);
  if (!hash) return [{ url, width, height }];
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  return widths.map((w) => ({ url: folder + imageFileName(kind, hash, w), width: w, height: imageHeight(kind, w) }));
}
