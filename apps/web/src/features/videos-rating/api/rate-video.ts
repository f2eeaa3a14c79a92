import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { RATING_LISTS_KEY } from '../../videos/api/grid-paths.ts';

/** viewer.md §7 POST /video-rating/rate (logged in only; §6). */
export function rateVideo(videoId: number, rating: number): Promise<unknown> {
  return api.post('/video-rating/rate', { video_id: videoId, rating });
}

/**
 * Rates a video, then marks both rating lists stale (viewer.md §2, §4): a rated video leaves "Unrated
 * videos" and joins "Rated videos" the next time either is shown, not when its cached pages lapse.
 */
export function useRateVideo(): (videoId: number, rating: number) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (videoId: number, rating: number) => {
      await rateVideo(videoId, rating);
      void client.invalidateQueries({ queryKey: RATING_LISTS_KEY });
    },
    [client],
  );
}
