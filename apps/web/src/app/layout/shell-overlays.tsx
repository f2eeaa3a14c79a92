import { SIDEBAR_MIN_VIEWPORT } from '@flick/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useClientConfig } from '../../features/client-config/api/get-client-config.ts';
import { useSession } from '../../features/session/hooks/use-session.ts';
import { logOut } from '../../features/auth/log-out.ts';
import { DiscretionShell } from '../../features/preferences/components/discretion-shell.tsx';
import { getActing } from '../../features/session/stores/session-changes.ts';
import { getGuestId } from '../../features/session/stores/session-store.ts';
import { ActingBanner } from '../../features/studios/components/acting-banner.tsx';
import { RateVideosSignUpPrompt } from '../../features/videos-rating/components/rate-videos-sign-up-prompt.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { useMediaQuery } from '../../hooks/use-media-query.ts';
import { EdgeSwipeBack } from './edge-swipe-back.tsx';
import { FloatingLiveCams } from './floating-live-cams.tsx';
import { InstallHint } from './install-hint.tsx';
import { SideMenu } from './side-menu.tsx';

// viewer.md §9: the left sidebar appears at 1400 px; narrower windows never download it. It comes
// with these overlays, right after the first paint, so it adds nothing to the initial JavaScript.
const LeftSidebarSlot = lazy(() => import('./left-sidebar-slot.tsx').then((m) => ({ default: m.LeftSidebarSlot })));
const SIDEBAR_QUERY = `(min-width: ${SIDEBAR_MIN_VIEWPORT}px)`;

export interface ShellOverlaysProps {
  menuOpen: boolean;
  onMenuClose: () => void;
}

/** The parts of the shell that float above the screens; loaded lazily by the app shell. */
export function ShellOverlays(props: ShellOverlaysProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Overlays {...props} />
    </QueryClientProvider>
  );
}

function Overlays({ menuOpen, onMenuClose }: ShellOverlaysProps) {
  const config = useClientConfig();
  const session = useSession();
  const [signUpPromptOpen, setSignUpPromptOpen] = useState(false);
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const visitor = { guestId: getGuestId(), userId: session?.userId ?? null };
  const acting = session ? getActing() : null;

  return (
    <>
      {wide && (
        <Suspense fallback={null}>
          <LeftSidebarSlot />
        </Suspense>
      )}
      <FloatingLiveCams url={config.livecamsUrl} visitor={visitor} />
      {menuOpen && (
        <SideMenu
          session={session}
          config={config}
          visitor={visitor}
          onClose={onMenuClose}
          onGuestRateVideos={() => {
            onMenuClose();
            setSignUpPromptOpen(true);
          }}
          // logOut never rejects: the server not answering still logs the person out here.
          onLogOut={() => void logOut()}
        />
      )}
      <RateVideosSignUpPrompt open={signUpPromptOpen} onClose={() => setSignUpPromptOpen(false)} />
      {acting && <ActingBanner acting={acting} />}
      <InstallHint />
      <EdgeSwipeBack />
      <ToastProvider />
      <DiscretionShell exitUrl={config.quickExitUrl} />
    </>
  );
}
