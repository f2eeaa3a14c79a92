/**
 * The ad control script (ADR 0016, viewer.md §4): built as its own file under /ads/ and loaded once,
 * after the page, by ads-loader.ts. It asks GET /v1/ads for the slots on the page in one call, renders
 * each decision at its own size, reports an impression when a slot is at least half visible for a
 * second, and sends clicks through our redirect. Nothing here may break the page: a slow or empty
 * decision, or a creative that fails to load, leaves its slot empty and collapsed; failures are logged.
 * It imports nothing, so it stays a few KiB.
 */

export type AdKind = 'image' | 'video' | 'vast';

export interface AdDecision {
  placement: string;
  token: string;
  kind: AdKind;
  width: number;
  height: number;
  src: string;
  clickUrl: string;
  durationSeconds: number | null;
}

/** A video to play instream: ours, or resolved from an outside server's VAST tag. */
export interface PlayableAd {
  src: string;
  clickUrl: string;
  /** The outside server's impression pixels (VAST), fired with ours. */
  pixels: string[];
}

export interface AdTransport {
  /** GET /v1/ads for these placement keys; one decision (or null) per key, in order. */
  decide: (placements: readonly string[], signal: AbortSignal) => Promise<(AdDecision | null)[]>;
  /** POST /v1/ads/impressions; may outlive the page. */
  impressions: (tokens: readonly string[]) => Promise<unknown>;
  /** GET /v1/ads/vast/{token}: a VAST decision's MP4 and pixels, read by our server; null for none. */
  vast: (token: string, signal: AbortSignal) => Promise<{ src: string; pixels: string[] } | null>;
}

export interface AdRuntimeOptions {
  /** A decision slower than this leaves its slot empty. */
  decisionTimeoutMs: number;
  /** How long a slot must be half visible to count. */
  visibleMs: number;
  log?: (message: string, error?: unknown) => void;
}

interface Waiting {
  placement: string;
  resolve: (decision: AdDecision | null) => void;
}

export function createAdRuntime(transport: AdTransport, { decisionTimeoutMs, visibleMs, log = (message, error) => console.warn(message, error) }: AdRuntimeOptions) {
  let waiting: Waiting[] = [];
  let batch: ReturnType<typeof setTimeout> | null = null;
  const seen: string[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const counted = new Set<string>();
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const tokenOf = new WeakMap<Element, string>();
  const filled = new WeakMap<HTMLElement, string>();

  /** Every slot asked for in the same task goes out as one request. */
  function decideBatch() {
    const asked = waiting;
    waiting = [];
    batch = null;
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), decisionTimeoutMs);
    transport
      .decide(
        asked.map((item) => item.placement),
        controller.signal,
      )
      .then(
        (decisions) => asked.forEach((item, index) => item.resolve(decisions[index] ?? null)),
        (error: unknown) => {
          if (!controller.signal.aborted) log('Ads: no decision.', error);
          asked.forEach((item) => item.resolve(null));
        },
      )
      .finally(() => clearTimeout(timeout));
  }

  function decide(placement: string): Promise<AdDecision | null> {
    return new Promise((resolve) => {
      waiting.push({ placement, resolve });
      batch ??= setTimeout(decideBatch, 0);
    });
  }

  function flushSeen() {
    flushTimer = null;
    const tokens = seen.splice(0, 20);
    if (tokens.length) transport.impressions(tokens).catch((error: unknown) => log('Ads: impressions not sent.', error));
    if (seen.length) flushTimer = setTimeout(flushSeen, 0);
  }

  function impression(token: string) {
    if (counted.has(token)) return;
    counted.add(token);
    seen.push(token);
    flushTimer ??= setTimeout(flushSeen, 1000);
  }

  // At least half of a slot in view for a second is an impression (ADR 0016), once per decision.
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const token = tokenOf.get(entry.target);
              if (!token) continue;
              if (entry.isIntersecting && entry.intersectionRatio >= 0.5) {
                if (!timers.has(entry.target))
                  timers.set(
                    entry.target,
                    setTimeout(() => impression(token), visibleMs),
                  );
              } else {
                clearTimeout(timers.get(entry.target));
                timers.delete(entry.target);
              }
            }
          },
          { threshold: [0, 0.5, 1] },
        );

  /** Counts `element` as the decision's impression once it has been half visible for a second. */
  function watch(element: Element, token: string) {
    tokenOf.set(element, token);
    observer?.observe(element);
  }

  function unwatch(element: Element) {
    observer?.unobserve(element);
    clearTimeout(timers.get(element));
    timers.delete(element);
    tokenOf.delete(element);
  }

  /**
   * Fills a display slot: the picture at its own size in a link through our redirect, shown only once
   * it has loaded, so an empty or broken ad never leaves a gap.
   */
  async function fill(slot: HTMLElement, placement: string) {
    filled.set(slot, placement);
    const decision = await decide(placement);
    if (!decision || decision.kind !== 'image' || filled.get(slot) !== placement || !slot.isConnected) return;
    const link = document.createElement('a');
    link.href = decision.clickUrl;
    link.target = '_blank';
    link.rel = 'sponsored noopener';
    link.className = 'ad-link';
    link.setAttribute('aria-label', 'Advertisement (opens in a new tab)');
    const image = new Image(decision.width, decision.height);
    image.alt = 'Advertisement';
    image.decoding = 'async';
    image.className = 'ad-creative';
    image.style.aspectRatio = `${decision.width} / ${decision.height}`;
    image.src = decision.src;
    try {
      await image.decode();
    } catch (error) {
      log('Ads: a creative did not load.', error);
      return;
    }
    if (filled.get(slot) !== placement || !slot.isConnected) return;
    const label = document.createElement('span');
    label.className = 'ad-label';
    label.textContent = 'Ad';
    link.append(image, label);
    slot.replaceChildren(link);
    slot.dataset.filled = '';
    slot.style.setProperty('--ad-width', `${decision.width}px`);
    watch(slot, decision.token);
  }

  /** Empties a slot that leaves the page. */
  function release(slot: HTMLElement) {
    filled.delete(slot);
    unwatch(slot);
    slot.replaceChildren();
    delete slot.dataset.filled;
  }

  return {
    decide,
    fill,
    release,
    watch,
    unwatch,
    impression,

    /** The video an instream decision plays, or null when there is none to play. */
    async playable(decision: AdDecision): Promise<PlayableAd | null> {
      if (decision.kind === 'video') return { src: decision.src, clickUrl: decision.clickUrl, pixels: [] };
      if (decision.kind !== 'vast') return null;
      // Our server reads the outside tag (and its wrappers), so the page talks only to us.
      const controller = new AbortController();
      const timeout = setTimeout(() => controller.abort(), 5000);
      try {
        const ad = await transport.vast(decision.token, controller.signal);
        return ad && /^https?:\/\//.test(ad.src) ? { src: ad.src, clickUrl: decision.clickUrl, pixels: ad.pixels.filter((pixel) => /^https?:\/\//.test(pixel)) } : null;
      } catch (error) {
        log('Ads: the VAST tag did not resolve.', error);
        return null;
      } finally {
        clearTimeout(timeout);
      }
    },

    /** Impression pixels of an outside ad server, fired once the ad is seen. */
    firePixels(pixels: readonly string[]) {
      for (const pixel of pixels) new Image().src = pixel;
    },

    /** Sends what is waiting now (the page is going away). */
    flush: flushSeen,
  };
}

export type AdRuntime = ReturnType<typeof createAdRuntime>;
