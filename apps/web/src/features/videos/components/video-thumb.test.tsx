import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { videoOf } from '../../../testing/videos.ts';
import { reveal, setDiscretion } from '../../preferences/stores/discretion.ts';
import { GRID_THUMB_SIZES, VideoThumb } from './video-thumb.tsx';

const imageOf = (container: HTMLElement) => container.querySelector('img')!;

describe('VideoThumb', () => {
  it('offers the thumbnail sizes to the browser, sized for a grid tile, the small copy first', () => {
    const { container } = render(<VideoThumb video={videoOf({ id: 9 })} />);
    const image = imageOf(container);
    expect(image.getAttribute('src')).toBe('/media/videos/9/thumbnail.jpg');
    expect(image.getAttribute('srcset')).toBe('/media/videos/9/thumbnail-360.jpg 360w, /media/videos/9/thumbnail.jpg 720w');
    expect(image.getAttribute('sizes')).toBe(GRID_THUMB_SIZES);
    expect(GRID_THUMB_SIZES).toBe('(min-width: 1024px) 186px, (min-width: 640px) 33vw, calc((100vw - 40px) / 3)');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('shows a video processed before the small copy, or a first frame, as one picture without srcset', () => {
    const old = videoOf({ id: 3, thumbnailSources: [{ url: '/media/videos/3/thumbnail.jpg', width: 720, height: 1280 }] });
    expect(imageOf(render(<VideoThumb video={old} />).container).hasAttribute('srcset')).toBe(false);

    const unprocessed = videoOf({ id: 4, status: 'processing', thumbnailUrl: null, thumbnailSources: [], firstFrameUrl: '/media/videos/4/first-frame.jpg' });
    const image = imageOf(render(<VideoThumb video={unprocessed} />).container);
    expect(image.getAttribute('src')).toBe('/media/videos/4/first-frame.jpg');
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
  });

  it('shows the drawn frame, without a spinner, when the picture is refused (a quarantined upload), not a broken image', () => {
    const held = videoOf({ id: 5, status: 'processing' });
    const { container } = render(<VideoThumb video={held} />);
    fireEvent.error(imageOf(container));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[role="status"], .animate-spin')).toBeNull();
  });

  describe('with "Blur sensitive thumbnails" on', () => {
    afterEach(() => setDiscretion({ blurSensitive: false }));
    const veilOf = (container: HTMLElement) => container.querySelector('[data-sensitive-veil]');

    it('veils an NSFW video\'s picture with a strong blur and "Sensitive, tap to show", keeping its duration and counts', () => {
      setDiscretion({ blurSensitive: true });
      const { container, getByText } = render(<VideoThumb video={videoOf({ id: 21, isNsfw: true })} />);
      const veil = veilOf(container);
      expect(imageOf(container).className).toContain('blur-2xl');
      expect(veil?.getAttribute('aria-hidden')).toBe('true');
      expect(veil?.textContent).toBe('SensitiveTap to show');
      expect(getByText('0:42')).toBeTruthy();
    });

    it('leaves a video that is not NSFW, and every video while the option is off, unveiled', () => {
      setDiscretion({ blurSensitive: true });
      const safe = render(<VideoThumb video={videoOf({ id: 22, isNsfw: false })} />).container;
      expect(veilOf(safe)).toBeNull();
      expect(imageOf(safe).className).not.toContain('blur');
      setDiscretion({ blurSensitive: false });
      const off = render(<VideoThumb video={videoOf({ id: 23, isNsfw: true })} />).container;
      expect(veilOf(off)).toBeNull();
      expect(imageOf(off).className).not.toContain('blur');
    });

    it('lifts the veil once the video is shown', () => {
      setDiscretion({ blurSensitive: true });
      const { container } = render(<VideoThumb video={videoOf({ id: 24, isNsfw: true })} />);
      act(() => reveal(24));
      expect(veilOf(container)).toBeNull();
      expect(imageOf(container).className).not.toContain('blur');
    });
  });
});
