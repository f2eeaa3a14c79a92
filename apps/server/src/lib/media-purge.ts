/**
 * Tells a CDN to forget a video's files (ADR 0027): a POST of JSON `{ "prefixes": ["/media/videos/12/"] }`
 * to MEDIA_PURGE_URL with `authorization: Bearer MEDIA_PURGE_TOKEN`, as a small adapter at the edge (or the
 * CDN's own purge API behind one) expects. Any answer but 2xx, a timeout or a network error throws, and
 * the job that called it (modules/videos/media-decisions.ts) tries again later: a decision never waits on
 * the CDN, nor fails because of it.
 */
export interface MediaPurger {
  purge(prefixes: readonly string[]): Promise<void>;
}

export interface MediaPurgeSettings {
  url: string;
  token?: string;
  timeoutMs?: number;
}

/** How long one purge call may take before it counts as failed (the job retries it). */
export const MEDIA_PURGE_TIMEOUT_MS = 10_000;

export function httpMediaPurger({ url, token, timeoutMs = MEDIA_PURGE_TIMEOUT_MS }: MediaPurgeSettings): MediaPurger {
  return {
    async purge(prefixes) {
      if (prefixes.length === 0) return;
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ prefixes }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      // The body is not needed, but read so the connection can be reused.
      await answer.arrayBuffer().catch(() => undefined);
      if (!answer.ok) throw new Error(`the CDN purge answered ${answer.status}`);
    },
  };
}

/** The prefixes of a video's files as viewers address them (and as a CDN caches them). */
export function videoPurgePrefixes(videoId: number): string[] {
  return [`/media/videos/${videoId}/`];
}
