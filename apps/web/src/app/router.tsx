import { useLayoutEffect, useReducer } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from './layout/app-shell.tsx';
import { feedRoutePatterns, loginGuardedPaths, paths } from '../config/paths.ts';
import { AppError, Splash } from './app-error.tsx';
import type * as AccountScreens from './routes/account-screens.ts';
import type * as AuthScreens from './routes/auth-screens.ts';
import { HomeRoute } from './routes/home.tsx';

// Every feed route is the one feed screen; the lazy module maps each pattern to its source and title.
const feedRoute = (path: (typeof feedRoutePatterns)[number]) => () => import('./routes/feed-routes.tsx').then((m) => ({ Component: m.feedRouteScreens[path] }));

const notFound = () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute }));

// Screens that belong together share one download, and one entry in the initial JavaScript.
type AuthScreen = keyof typeof AuthScreens;
const authScreen = (name: AuthScreen) => () => import('./routes/auth-screens.ts').then((m) => ({ Component: m[name] }));
type AccountScreen = keyof typeof AccountScreens;
const accountScreen = (name: AccountScreen) => () => import('./routes/account-screens.ts').then((m) => ({ Component: m[name] }));

/** The built screens behind the login guard; its other paths keep the fallback until theirs exist. */
const guardedScreens: Partial<Record<(typeof loginGuardedPaths)[number], RouteObject['lazy']>> = {
  '/account': accountScreen('AccountRoute'),
  '/account/settings': accountScreen('AccountSettingsRoute'),
  '/account/settings/details': accountScreen('AccountDetailsRoute'),
  '/account/settings/gender': accountScreen('AccountGenderRoute'),
  '/account/settings/password': accountScreen('AccountPasswordRoute'),
  '/account/settings/channel-color': accountScreen('AccountChannelColorRoute'),
  '/account/settings/geo-blocking': accountScreen('AccountGeoBlockingRoute'),
  '/account/settings/studio': accountScreen('AccountStudioRoute'),
  '/join-studio': accountScreen('AccountStudioRoute'),
  '/studio': accountScreen('StudioConsoleRoute'),
  '/account/help': accountScreen('AccountHelpRoute'),
  '/account/stats': () => import('./routes/account-stats.tsx').then((m) => ({ Component: m.AccountStatsRoute })),
  '/account/settings/validation': () => import('./routes/account-validation.tsx').then((m) => ({ Component: m.AccountValidationRoute })),
  '/account/appearances': () => import('./routes/account-appearances.tsx').then((m) => ({ Component: m.AccountAppearancesRoute })),
  '/account/following': accountScreen('AccountFollowingRoute'),
  '/videos-rating/:type': () => import('./routes/video-grids.tsx').then((m) => ({ Component: m.RatingListsRoute })),
  '/videos-rating/feed': () => import('./routes/feed-routes.tsx').then((m) => ({ Component: m.RatingFeedRoute })),
  '/admin/*': () => import('./routes/admin.tsx').then((m) => ({ Component: m.AdminRoute })),
  '/account/settings/data-export': accountScreen('AccountDataExportRoute'),
  '/account/settings/delete-account': accountScreen('AccountDeleteRoute'),
};

/**
 * viewer.md §2: every route is an exact match and anything else is the fallback screen. Home is in
 * the initial JavaScript; every other screen is a lazy route. A screen added later replaces
 * the fallback at its path.
 */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: AppError,
    HydrateFallback: Splash,
    children: [
      { index: true, Component: HomeRoute },
      {
        lazy: () => import('./query-layout.tsx').then((m) => ({ Component: m.QueryLayout })),
        children: [
          {
            path: '/page/:slug',
            lazy: () => import('./routes/static-page.tsx').then((m) => ({ Component: m.StaticPageRoute })),
          },
          {
            path: '/support',
            lazy: () => import('./routes/support.tsx').then((m) => ({ Component: m.SupportRoute })),
          },
          { path: '/age-check', lazy: authScreen('AgeCheckRoute') },
          {
            path: '/removal-request',
            lazy: () => import('./routes/removal-request.tsx').then((m) => ({ Component: m.RemovalRequestRoute })),
          },
          { path: '/upload', lazy: () => import('./routes/upload.tsx').then((m) => ({ Component: m.UploadRoute })) },
          { path: '/login/:token?', lazy: authScreen('LoginRoute') },
          { path: '/register/:type?', lazy: authScreen('RegisterRoute') },
          { path: '/forgot-password', lazy: authScreen('ForgotPasswordRoute') },
          { path: '/reset-password/:token', lazy: authScreen('ResetPasswordRoute') },
          { path: '/verify-email/:token', lazy: authScreen('VerifyEmailRoute') },
          {
            lazy: () => import('../features/auth/components/login-guard.tsx').then((m) => ({ Component: m.LoginGuard })),
            children: loginGuardedPaths.map((path): RouteObject => ({ path, lazy: guardedScreens[path] ?? notFound })),
          },
          {
            path: paths.contentBlocked,
            lazy: () => import('./routes/content-blocked.tsx').then((m) => ({ Component: m.ContentBlockedRoute })),
          },
          ...feedRoutePatterns.map((path): RouteObject => ({ path, lazy: feedRoute(path) })),
          { path: '/tag/:id', lazy: () => import('./routes/video-grids.tsx').then((m) => ({ Component: m.TagGridRoute })) },
          { path: paths.discover, lazy: () => import('./routes/discover.tsx').then((m) => ({ Component: m.DiscoverRoute })) },
          { path: paths.channels, lazy: () => import('./routes/channels.tsx').then((m) => ({ Component: m.ChannelsRoute })) },
          { path: paths.live, lazy: () => import('./routes/live.tsx').then((m) => ({ Component: m.LiveRoute })) },
          // A creator's or channel's profile: any other one-segment path (the static routes above rank first).
          {
            path: '/:slug',
            lazy: () => import('./routes/profile.tsx').then((m) => ({ Component: m.ProfileRoute, loader: m.profileLoader })),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

/** The route the address opens (its pattern and parameters), for asking for its data as the app starts. */
export function openedRoute(pathname: string) {
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match?.route.path ? { pattern: match.route.path, params: match.params } : null;
}

/** Leaving "/" (from the tap, before the next screen has loaded) before the feed has adopted the boot player's video (ADR 0019) stops it. */
function discardBootVideoAway(pathname: string) {
  if (pathname !== '/' && document.getElementById('flick-boot')) void import('./boot-stream.ts').then((m) => m.discardBootVideo());
}

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router, made as the entry runs (main.tsx) rather than in the first render: it starts
 * loading the opened route's code at once, while React is still starting (ADR 0026).
 */
export function createAppRouter(): AppRouterInstance {
  const router = createBrowserRouter(routes);
  router.subscribe((state) => discardBootVideoAway((state.navigation.location ?? state.location).pathname));
  return router;
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  // RouterProvider reads the router's state as it renders and subscribes only as it commits: a router
  // that finished loading its first route in between (the first render is a transition, which yields,
  // and the route's code is often preloaded) would leave it on the splash for good. Rendered before
  // that, it is mounted again once; any later change it hears of itself.
  const ready = router.state.initialized;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    if (!ready && router.state.initialized) rerender();
  }, [ready, router]);
  return <RouterProvider key={String(ready)} router={router} />;
}
