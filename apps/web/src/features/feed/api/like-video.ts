import { api } from '../../../lib/api-client.ts';
import { getSession } from '../../session/stores/session-store.ts';
import { visitorIds } from '../../session/visitor.ts';

/** viewer.md §7 POST /video-like: the token for users only, the guest id for guests. Failures are logged. */
export function likeVideo(videoId: number, type: 'add' | 'remove'): void {
  const signedIn = getSession() !== null;
  api.post('/video-like', { video_id: videoId, type, ...visitorIds() }, { auth: signedIn }).catch((error: unknown) => console.warn('The like was not recorded.', error));
}
