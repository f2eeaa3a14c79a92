import { api } from '../../../lib/api-client.ts';

/** viewer.md §7 POST /video-rating/rate (logged in only; §6). */
export function rateVideo(videoId: number, rating: number): Promise<unknown> {
  return api.post('/video-rating/rate', { video_id: videoId, rating });
}
