import { useEffect, useState } from 'react';
import { ApiError, toApiError } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/access-token.ts';

/**
 * GET /admin/verifications/{id}/files/{n}: an ID image, served to admins only. The bearer goes in the
 * header, never in the address, so the image is fetched here and shown from a blob: URL.
 */
export async function getVerificationImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getAccessToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal, cache: 'no-store' });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
  return response.blob();
}

export type VerificationImage = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed'; message: string };

/** The image as an object URL for as long as the component shows it; revoked when it goes. */
export function useVerificationImage(url: string): VerificationImage {
  const [image, setImage] = useState<{ url: string; value: VerificationImage }>({ url, value: { state: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    getVerificationImage(url, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ url, value: { state: 'ready', src: objectUrl } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setImage({ url, value: { state: 'failed', message: error instanceof ApiError ? error.message : 'The image could not load.' } });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return image.url === url ? image.value : { state: 'loading' };
}
