import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

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
