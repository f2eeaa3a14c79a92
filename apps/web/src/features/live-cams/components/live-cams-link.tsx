import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { trackLiveCamsEvent, type Visitor } from '../api/track-live-cams-event.ts';

export interface LiveCamsLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  /** The partner page (LIVECAMS_URL), or null for our own /live page. */
  url: string | null;
  eventId: number;
  visitor: Visitor;
}

/** Where Live Cams leads without a partner page: the creators live now. */
const OWN_LIVE_PAGE = '/live';

/**
 * Opens the live-cams partner page in a new tab and records where the click came from. A real link
 * (not window.open after a request) so the new tab opens within the tap itself and no popup blocker
 * stands in the way; the event is posted alongside. Without a partner page it opens /live in the app.
 */
export function LiveCamsLink({ url, eventId, visitor, onClick, ...props }: LiveCamsLinkProps) {
  const track: AnchorHTMLAttributes<HTMLAnchorElement>['onClick'] = (event) => {
    trackLiveCamsEvent(eventId, visitor);
    onClick?.(event);
  };
  if (url === null) return <Link {...props} to={OWN_LIVE_PAGE} onClick={track} />;
  return <a {...props} href={url} target="_blank" rel="noopener noreferrer" onClick={track} />;
}
