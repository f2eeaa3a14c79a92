import type { OwnProfileUser } from '@flick/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { profileUser } from '../../../testing/accounts.ts';
import { withQueryClient } from '../../../testing/render-app.tsx';

/*
 * jsdom decodes and draws nothing: pictures get a size without pixels, the canvas records what it was
 * asked to draw, and object URLs are only names.
 */

export const picture = (name = 'me.jpg', type = 'image/jpeg') => new File([new Uint8Array(64)], name, { type });

export function stubPictures({ width = 1200, height = 800, readable = true, encodes = true } = {}) {
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
  class DecodedImage {
    src = '';
    naturalWidth = width;
    naturalHeight = height;
    decode() {
      return readable ? Promise.resolve() : Promise.reject(new Error('The source image cannot be decoded.'));
    }
  }
  vi.stubGlobal('Image', DecodedImage);

  const drawImage = vi.fn();
  const canvases: HTMLCanvasElement[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    canvases.push(this);
    return { drawImage, imageSmoothingEnabled: false, imageSmoothingQuality: 'low' } as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
    callback(encodes ? new Blob(['crop'], { type: type ?? 'image/png' }) : null);
  });
  return { drawImage, canvases };
}

/** The account as POST /v1/profile answers it. */
export function ownProfileUser(overrides: Partial<OwnProfileUser> = {}): OwnProfileUser {
  return { ...profileUser(), avatarSources: [], coverSources: [], links: [], totalProfileViews: 0, managesStudio: null, ...overrides };
}

/** Renders on a profile route beside a stand-in /login, with the app's query client and toasts. */
export function renderOnProfile(element: ReactNode) {
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: '/:slug', element },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/mia_rose'] },
  );
  const view = render(
    withQueryClient(
      <>
        <RouterProvider router={router} />
        <ToastProvider />
      </>,
    ),
  );
  return { router, ...view };
}
