import { api } from '../../../lib/api-client.ts';
import { visitorIds } from '../../session/visitor.ts';

/** viewer.md §7 POST /profile-view: once per visit to someone else's profile; a failure is only logged. */
export function trackProfileView(profileId: number): void {
  api.post('/profile-view', { profile_id: profileId, ...visitorIds() }).catch((error: unknown) => console.warn('The profile view was not recorded.', error));
}
