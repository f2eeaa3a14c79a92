import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/index.css';
import { KEYS } from '../features/session/stores/session-store.ts';
import { activateLocale, preferredLocale } from '../lib/i18n.ts';
import { readItem } from '../lib/storage.ts';
import { AppProvider, initializeApp } from './provider.tsx';
import { AppRouter, createAppRouter, openedRoute } from './router.tsx';

// Before initializeApp makes one: a guest without an id yet can take the first page the shell of "/" carries.
const newGuest = readItem('local', KEYS.guestId) === null;
initializeApp();
// "/" asks for its first page of videos while React renders the shell (index.html preloads the module).
void import('../features/feed/api/early-feed.ts').then((m) => m.requestHomeFeedEarly({ newGuest }));
// A grid screen (a profile, a tag, a rating list) asks for its first calls now too, not once its code is here.
const opened = openedRoute(location.pathname);
if (opened) void import('./early-route-data.ts').then((m) => m.requestRouteDataEarly(opened));
// Made now, not in the first render: the router starts loading the opened screen's code at once.
// Not while the boot player's video is starting (below): that code would take the main thread it needs.
const bootVideo = document.querySelector<HTMLVideoElement>('#flick-boot video');
const router = bootVideo ? null : createAppRouter();

/**
 * The boot player's video (ADR 0019) loads through the main thread: the app's first render (the feed's
 * code evaluated, the screen built) waits until it shows its first frame, an error, or BOOT_WAIT_MS.
 * Where the shell kept this script back until then (ADR 0021), the frame is there already.
 */
const BOOT_WAIT_MS = 1200;
function bootVideoShown(video: HTMLVideoElement | null): Promise<void> {
  if (!video || video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA || video.error) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    // Firefox before 132 has no requestVideoFrameCallback: its first decoded frame is 'loadeddata'.
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(done);
    else video.addEventListener('loadeddata', done, { once: true });
    video.addEventListener('error', done, { once: true });
    setTimeout(done, BOOT_WAIT_MS);
  });
}

// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread, so that request goes out as soon as its module is ready, not after the whole render.
// A reader of another language than English gets the app in it from its first render: that locale's
// catalogue comes beside the rest (English has none to wait for).
const locale = preferredLocale();
const localeReady = locale === 'en' ? null : activateLocale(locale);
void Promise.all([bootVideoShown(bootVideo), localeReady]).then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <AppProvider>
        <AppRouter router={router ?? createAppRouter()} />
      </AppProvider>,
    ),
  ),
);
