import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation, useNavigationType } from 'react-router';
import { paths } from '../../config/paths.ts';
import { MenuIcon } from '../../components/ui/shell-icons.tsx';
import { BottomTabs } from './bottom-tabs.tsx';
import { Wordmark } from '../../components/layout/wordmark.tsx';
import { t } from '../../lib/i18n.ts';

// Everything that waits for the server's configuration or a tap (side menu, Live Cams button, toasts,
// install hint) loads right after the first paint, outside the initial JavaScript.
const ShellOverlays = lazy(() => import('./shell-overlays.tsx').then((m) => ({ default: m.ShellOverlays })));

/**
 * A new screen starts at the top; going back is left to the browser, which restores the position.
 * (React Router's <ScrollRestoration> would cost about 1 KiB of initial JavaScript.)
 */
function useScrollToTopOnNewScreen() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** viewer.md §2 "App shell": top bar with the menu, the screen, and the main tabs. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigating = useNavigation().state !== 'idle';
  useScrollToTopOnNewScreen();

  return (
    <>
      {navigating && <div aria-hidden="true" className="nav-progress" />}
      <header className="app-header">
        <div className="app-header-bar">
          <button type="button" className="icon-btn" aria-label={t('Open menu')} aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </button>
          <Link to={paths.home} aria-label="Flick" className="flex h-11 items-center rounded-xl px-1.5">
            <Wordmark />
          </Link>
        </div>
      </header>
      <BottomTabs />
      <main className="app-main">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <ShellOverlays menuOpen={menuOpen} onMenuClose={() => setMenuOpen(false)} />
      </Suspense>
    </>
  );
}
