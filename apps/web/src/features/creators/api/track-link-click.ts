import type { Link, linkLocations } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { visitorIds } from '../../session/visitor.ts';

/** viewer.md §7 POST /link-click: fire and forget, a failure is only logged. */
export function trackLinkClick(link: Pick<Link, 'id' | 'isLive'>, location: (typeof linkLocations)[number]): void {
  const body = { link_id: link.id, ...visitorIds(), is_live: link.isLive, link_location: location };
  api.post('/link-click', body).catch((error: unknown) => console.warn('The link click was not recorded.', error));
}
