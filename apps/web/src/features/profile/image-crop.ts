import { PROFILE_IMAGE_MAX_BYTES, profileImages, profileImageTypes, profilePageMessages, type ProfileImageKind } from '@flick/contract';

/*
 * The crop of a profile image (viewer.md §2 "Image crop", §9), kept apart from the screen: the state is
 * a zoom and the crop's centre as fractions of the picture, so it holds whatever size the frame is drawn
 * at; the rectangle it stands for is in the picture's own pixels, which is what the canvas copies.
 */

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
/** A rectangle of the source picture, in its pixels. */
export interface CropRect extends Point, Size {}
/** `zoom` 1 shows the largest crop that fits; `center` is where the crop sits, 0..1 across and down the picture. */
export interface CropState {
  zoom: number;
  center: Point;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const initialCrop: CropState = { zoom: MIN_ZOOM, center: { x: 0.5, y: 0.5 } };
/** Close to lossless, since the server encodes the picture once more (WebP), at a tenth of a PNG's bytes. */
export const JPEG_QUALITY = 0.9;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Width over height of the crop: 1 for the avatar, 2 for the cover. */
export function cropAspect(kind: ProfileImageKind): number {
  return profileImages[kind].width / profileImages[kind].height;
}

/**
 * The canvas size sent for a kind: the largest copy the server makes (avatar 300x300, cover 1000x500).
 * viewer.md §9 names 150x150 for the avatar, and the server still stores that as its base size; it also
 * keeps a 300 px copy for 2x screens, which a 150 px upload could only fill by blurring it up.
 */
export function cropOutputSize(kind: ProfileImageKind): Size {
  const { width, height, widths } = profileImages[kind];
  const outputWidth = Math.max(...widths);
  return { width: outputWidth, height: Math.round((outputWidth * height) / width) };
}

/** The type the crop is encoded as: PNG stays PNG (it may be transparent), everything else is JPEG. */
export function cropOutputType(file: Pick<File, 'type' | 'name'>): 'image/png' | 'image/jpeg' {
  return file.type === 'image/png' || (!file.type && /\.png$/i.test(file.name)) ? 'image/png' : 'image/jpeg';
}

/**
 * viewer.md §5: png or jpeg, at most 16 MB; null when the file may be cropped. A file without a type
 * (some phone pickers) is judged by its name; one that is not an image after all fails to decode.
 */
export function profileImageProblem(file: Pick<File, 'type' | 'name' | 'size'>): string | null {
  const allowed = file.type ? (profileImageTypes as readonly string[]).includes(file.type) : /\.(png|jpe?g)$/i.test(file.name);
  if (!allowed) return profilePageMessages.imageType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return profilePageMessages.imageTooBig;
  return null;
}

/** The part of the picture the state shows, always inside the picture. */
export function cropRect(source: Size, aspect: number, { zoom, center }: CropState): CropRect {
  const width = Math.min(source.width, source.height * aspect) / zoom;
  const height = width / aspect;
  return {
    x: clamp(center.x * source.width - width / 2, 0, source.width - width),
    y: clamp(center.y * source.height - height / 2, 0, source.height - height),
    width,
    height,
  };
}

/** The zoom within bounds and the centre where the crop really is, so a drag past an edge builds up no slack. */
export function clampCrop(source: Size, aspect: number, state: CropState): CropState {
  const zoom = clamp(Number.isFinite(state.zoom) ? state.zoom : MIN_ZOOM, MIN_ZOOM, MAX_ZOOM);
  const rect = cropRect(source, aspect, { zoom, center: state.center });
  return { zoom, center: { x: (rect.x + rect.width / 2) / source.width, y: (rect.y + rect.height / 2) / source.height } };
}

/** The picture moved with a finger: `delta` screen pixels in a frame `frameWidth` pixels wide. */
export function panCrop(source: Size, aspect: number, state: CropState, delta: Point, frameWidth: number): CropState {
  if (!(frameWidth > 0)) return state;
  const perScreenPixel = cropRect(source, aspect, state).width / frameWidth;
  return clampCrop(source, aspect, {
    zoom: state.zoom,
    center: {
      x: state.center.x - (delta.x * perScreenPixel) / source.width,
      y: state.center.y - (delta.y * perScreenPixel) / source.height,
    },
  });
}

/**
 * A new zoom that keeps the point under `focus` (0..1 across and down the frame: a pinch's midpoint,
 * the mouse) where it is; the slider zooms about the middle.
 */
export function zoomCrop(source: Size, aspect: number, state: CropState, zoom: number, focus: Point = { x: 0.5, y: 0.5 }): CropState {
  const before = cropRect(source, aspect, state);
  const after = cropRect(source, aspect, { ...state, zoom: clamp(zoom, MIN_ZOOM, MAX_ZOOM) });
  const held = { x: before.x + focus.x * before.width, y: before.y + focus.y * before.height };
  return clampCrop(source, aspect, {
    zoom,
    center: {
      x: (held.x - focus.x * after.width + after.width / 2) / source.width,
      y: (held.y - focus.y * after.height + after.height / 2) / source.height,
    },
  });
}

/** The crop drawn at the output size and encoded; rejects when the browser cannot draw or encode it. */
export function renderCrop(image: CanvasImageSource, rect: CropRect, output: Size, type: 'image/png' | 'image/jpeg'): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw on a canvas.'));
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded.'))), type, JPEG_QUALITY);
  });
}
