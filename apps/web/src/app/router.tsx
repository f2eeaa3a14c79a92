import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from '../components/layout/app-shell.tsx';
import { loginGuardedPaths } from '../config/paths.ts';
import { AppError, Splash } from './app-error.tsx';
import { HomeRoute } from './routes/home.tsx';

const notFound = () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute }));

/**
 * viewer.md §2: every route is an exact match and anything else is the fallback screen. Home is in
 * the initial JavaScript; every other screen is a lazy route. A screen of a later issue replaces
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
          {
            lazy: () =>
              import('../features/auth/components/login-guard.tsx').then((m) => ({ Component: m.LoginGuard })),
            children: loginGuardedPaths.map((path): RouteObject => ({ path, lazy: notFound })),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
