import { useCallback, useMemo, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { PANEL_FRACTION, TAP_MAX_PX } from './swipe.ts';

/** From this width the panel sits beside the video instead of over it (viewer.md §2 "right side, collapsible"). */
export const PANEL_BESIDE_QUERY = '(min-width: 1024px)';

const isPanelState = (state: unknown) => typeof state === 'object' && state !== null && (state as { profilePanel?: unknown }).profilePanel === true;

export interface ProfilePanelControl {
  isOpen: boolean;
  /** Wide screens: beside the video and collapsible; phones: over it, opened by a swipe left. */
  beside: boolean;
  open: () => void;
  close: () => void;
}

/** viewer.md §4: opening the panel on a phone pushes a history entry, so Back closes it. */
export function useProfilePanel(): ProfilePanelControl {
  const beside = useMediaQuery(PANEL_BESIDE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const overOpen = isPanelState(location.state);
  const state: unknown = location.state;

  const open = useCallback(() => {
    if (beside) setCollapsed(false);
    else if (!overOpen) void navigate({ pathname: location.pathname, search: location.search }, { state: { ...(state as object | null), profilePanel: true } });
  }, [beside, overOpen, navigate, location.pathname, location.search, state]);

  const close = useCallback(() => {
    if (beside) setCollapsed(true);
    else if (overOpen) void navigate(-1);
  }, [beside, overOpen, navigate]);

  return useMemo(() => ({ isOpen: beside ? !collapsed : overOpen, beside, open, close }), [beside, collapsed, overOpen, open, close]);
}

/**
 * viewer.md §4 "Profile panel open or closed by swipe", §9: the panel over the video closes when
 * dragged right over one fifteenth of its width, as it opens with a drag left over one fifteenth.
 */
export function closesPanel(dx: number, dy: number, width: number): boolean {
  return dx > Math.abs(dy) && dx > width * PANEL_FRACTION;
}

/**
 * The swipe that closes the panel over the video: a drag right follows the finger and closes it when
 * let go past the threshold, else slides back. A vertical drag is the browser's (the panel scrolls:
 * its `touch-action` is pan-y, so a sideways move reaches us as pointer events).
 */
export function usePanelSwipeClose(onClose: () => void) {
  const drag = useRef<{ id: number; x: number; y: number; axis: 'x' | 'y' | null } | null>(null);
  const [offset, setOffset] = useState<number | null>(null);

  const handlers = useMemo(() => {
    const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
      const current = drag.current;
      if (!current || current.id !== event.pointerId) return;
      drag.current = null;
      setOffset(null);
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (!cancelled && current.axis !== 'y' && closesPanel(dx, current.axis === 'x' ? 0 : dy, event.currentTarget.clientWidth)) onClose();
    };
    return {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (!event.isPrimary || event.button > 0) return;
        drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, axis: null };
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const current = drag.current;
        if (!current || current.id !== event.pointerId) return;
        const dx = event.clientX - current.x;
        const dy = event.clientY - current.y;
        if (!current.axis && Math.max(Math.abs(dx), Math.abs(dy)) >= TAP_MAX_PX) {
          current.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
          if (current.axis === 'x') event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        if (current.axis === 'x') setOffset(Math.max(0, dx));
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    };
  }, [onClose]);

  // `translate`, not `transform`: the panel's slide-in animation holds its transform.
  const style: CSSProperties = offset === null ? { transition: 'translate 200ms ease-out' } : { translate: `${offset}px 0`, transition: 'none' };
  return { style, handlers, dragging: offset !== null };
}
