import { adRules } from '@flick/contract';
import { api } from '../../lib/api-client.ts';
import { getCategories } from '../preferences/stores/feed-preferences.ts';
import { getGuestId } from '../session/stores/session-store.ts';
import type { AdDecision, AdRuntime } from './runtime/flick-ads.ts';

let runtime: Promise<AdRuntime | null> | null = null;

/** After the page's load event, in the browser's first idle moment, and at most 5 s after it (viewer.md §4). */
function afterPageLoad(): Promise<void> {
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: adRules.scriptDelayMs });
        else setTimeout(resolve, 1);
      }),
  );
}

const isDecision = (value: unknown): value is AdDecision =>
  typeof value === 'object' && value !== null && typeof (value as AdDecision).token === 'string' && typeof (value as AdDecision).src === 'string';

/**
 * The ad control script, loaded once (a second call gets the same), never before the page has loaded;
 * null when it failed to load, which is only logged (viewer.md §8). Callers check the no-ads flag first.
 */
export function loadAds(): Promise<AdRuntime | null> {
  runtime ??= afterPageLoad()
    .then(() => import('./runtime/flick-ads.ts'))
    .then(({ createAdRuntime }) =>
      createAdRuntime(
        {
          async decide(placements, signal) {
            const query = new URLSearchParams({ placements: placements.join(','), guest_id: getGuestId() });
            const categories = getCategories();
            if (categories.length) query.set('categories', categories.join(','));
            const answer = await api.get<{ data?: unknown }>(`/ads?${query}`, { signal });
            return Array.isArray(answer.data) ? answer.data.map((item) => (isDecision(item) ? item : null)) : [];
          },
          impressions: (tokens) => api.post('/ads/impressions', { tokens }, { keepalive: true }),
          async vast(token, signal) {
            const ad = await api.get<{ src?: unknown; pixels?: unknown }>(`/ads/vast/${encodeURIComponent(token)}`, { signal });
            return typeof ad.src === 'string' && Array.isArray(ad.pixels)
              ? { src: ad.src, pixels: ad.pixels.filter((pixel): pixel is string => typeof pixel === 'string') }
              : null;
          },
        },
        { decisionTimeoutMs: adRules.decisionTimeoutMs, visibleMs: adRules.impressionVisibleMs },
      ),
    )
    .catch((error: unknown) => {
      console.warn('Ads: the ad script did not load.', error);
      return null;
    });
  return runtime;
}
