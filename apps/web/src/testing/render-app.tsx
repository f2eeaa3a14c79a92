import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../app/router.tsx';

export { initializeApp } from '../app/provider.tsx';
import { queryClient } from '../lib/query-client.ts';

export interface FetchCall {
  url: string;
  method: string;
  /** The parsed JSON body, or the FormData of a multipart request. */
  body: unknown;
  headers: Record<string, string>;
}

type Responder = (call: FetchCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch with a routed fake; unknown paths answer 404 like the API would. */
export function mockApi(handlers: Record<string, Responder> = {}) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    const call: FetchCall = {
      url,
      method,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined),
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = handlers[`${method} ${new URL(url, 'http://flick.test').pathname}`];
    return handler ? handler(call) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const fullConfig = {
  livecamsUrl: 'https://cams.example/live',
  webcamReviewsUrl: 'https://reviews.example/',
  socialUrl: 'https://social.example/flick',
  supportEmail: 'support@flick.test',
  discordUrl: 'https://discord.example/flick',
  whatsappUrl: 'https://wa.example/15550001111',
  ads: false,
  quickExitUrl: 'https://neutral.example/',
};

/** Renders the real route tree at a path, as a visitor landing there would see it. */
export function renderApp(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

export function withQueryClient(children: ReactNode) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
