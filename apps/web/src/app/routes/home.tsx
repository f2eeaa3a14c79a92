import { lazy, Suspense } from 'react';

// The feed (and TanStack Query) is a chunk of its own that "/" requests at once: the initial JavaScript
// stays the shell, and the player arrives while the first page of videos is on its way.
const HomeFeed = lazy(() => import('./feed-routes.tsx').then((m) => ({ default: m.HomeFeed })));

/** viewer.md §2 "/": the home feed. */
export function HomeRoute() {
  return (
    <Suspense fallback={<div aria-busy="true" className="feed-screen" />}>
      <title>Flick</title>
      <HomeFeed />
    </Suspense>
  );
}
