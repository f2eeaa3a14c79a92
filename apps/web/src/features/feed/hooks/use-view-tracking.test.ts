import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/render-app.tsx';
import { useViewTracking } from './use-view-tracking.ts';

function playTo(video: HTMLVideoElement, seconds: number) {
  for (let t = video.currentTime + 0.25; t <= seconds + 1e-9; t += 0.25) {
    Object.defineProperty(video, 'currentTime', { value: t, configurable: true, writable: true });
    video.dispatchEvent(new Event('timeupdate'));
  }
}

describe('views (viewer.md §7 POST /video-view)', () => {
  it('posts nothing for a video swiped away at once', async () => {
    const api = mockApi({ 'POST /v1/video-view': () => json({ counted: true }) });
    const video = document.createElement('video');
    const { unmount } = renderHook(() => useViewTracking(video, 4, () => {}));
    playTo(video, 0.5);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.calls).toHaveLength(0);
  });

  it('hears of the moment a video has played, and posts the seconds watched once it ends', async () => {
    const api = mockApi({ 'POST /v1/video-view': () => json({ counted: true }) });
    const video = document.createElement('video');
    const onMoment = vi.fn();
    const { unmount } = renderHook(() => useViewTracking(video, 4, onMoment));
    playTo(video, 3);
    expect(onMoment).toHaveBeenCalledWith(4);
    video.dispatchEvent(new Event('ended'));
    unmount();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ video_id: 4, watched_seconds: 3, completed: true, guest_id: expect.any(String) });
  });

  it('posts a partial view when the viewer moves on', async () => {
    const api = mockApi({ 'POST /v1/video-view': () => json({ counted: true }) });
    const video = document.createElement('video');
    const { unmount } = renderHook(() => useViewTracking(video, 9, () => {}));
    playTo(video, 1.5);
    unmount();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ video_id: 9, watched_seconds: 1.5, completed: false });
  });
});
