import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';

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
