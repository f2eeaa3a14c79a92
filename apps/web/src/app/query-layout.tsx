import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { actingId } from '../features/session/stores/session-changes.ts';
import { setActingSource } from '../lib/access-token.ts';
import { queryClient } from '../lib/query-client.ts';

// A studio manager acting for a member (ADR 0014) names them on the calls a studio may make. Wired here,
// with the first screen that reads from the server, so the initial JavaScript carries none of it.
setActingSource(actingId);

/**
 * Wraps every screen that reads from the server. It is a lazy route, so TanStack Query downloads with
 * the first such screen and stays out of the initial JavaScript of the home route.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
