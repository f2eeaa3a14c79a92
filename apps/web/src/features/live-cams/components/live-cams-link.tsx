import type { AnchorHTMLAttributes } from 'react';
import { trackLiveCamsEvent, type Visitor } from '../api/track-live-cams-event.ts';

export interface LiveCamsLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  url: string;
  eventId: number;
  visitor: Visitor;
}

/**
 * Opens the live-cams partner page in a new tab and records where the click came from. A real link
 * (not window.open after a request) so the new tab opens within the tap itself and no popup blocker
 * stands in the way; the event is posted alongside.
 */
export function LiveCamsLink({ url, eventId, visitor, onClick, ...props }: LiveCamsLinkProps) {
  return (
    <a
      {...props}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        trackLiveCamsEvent(eventId, visitor);
        onClick?.(event);
      }}
    />
  );
}
