import { api } from '../../../lib/api-client.ts';
import { visitorIds } from '../../session/visitor.ts';

export interface ViewReport {
  videoId: number;
  watchedSeconds: number;
  completed: boolean;
}

/**
 * viewer.md §7 POST /video-view, sent once per visit to a video that played a moment: when it ends or
 * the viewer moves on. keepalive lets it finish when the tab closes. A failure is only logged.
 */
export function trackView({ videoId, watchedSeconds, completed }: ViewReport): void {
  const body = { video_id: videoId, ...visitorIds(), watched_seconds: Math.round(watchedSeconds * 10) / 10, completed };
  api.post('/video-view', body, { keepalive: true }).catch((error: unknown) => console.warn('The view was not recorded.', error));
}
