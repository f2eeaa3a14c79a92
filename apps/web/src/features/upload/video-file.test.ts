import { VIDEO_MAX_BYTES, videoMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { formatFileSize, videoFileProblem, videoLimitsText } from './video-file.ts';

describe('formatFileSize', () => {
  it('reads like a file manager', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(840 * 1024)).toBe('840 KB');
    expect(formatFileSize(24.34 * 1024 ** 2)).toBe('24.3 MB');
    expect(formatFileSize(VIDEO_MAX_BYTES)).toBe('2 GB');
  });
});

describe('videoFileProblem (accounts.md §9)', () => {
  it('accepts any video up to 2 GB, and a file whose type the browser does not know', () => {
    expect(videoFileProblem({ size: VIDEO_MAX_BYTES, type: 'video/quicktime' })).toBeNull();
    expect(videoFileProblem({ size: 1000, type: '' })).toBeNull();
  });

  it('refuses more than 2 GB before sending anything', () => {
    expect(videoFileProblem({ size: VIDEO_MAX_BYTES + 1, type: 'video/mp4' })).toBe(videoMessages.tooBig);
  });

  it('refuses a file that says it is not a video', () => {
    expect(videoFileProblem({ size: 1000, type: 'image/png' })).toBe(videoMessages.notAVideo);
  });

  it('states the limits', () => {
    expect(videoLimitsText()).toBe('Up to 30 minutes and 2 GB');
  });
});
