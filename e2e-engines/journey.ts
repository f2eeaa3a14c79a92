import path from 'node:path';
import { waitFor, type EnginePage } from './engine-page.ts';

export interface JourneyData {
  base: string;
  /** The seeded creator: shown in the feed, found in Discover. */
  creator: { slug: string; name: string };
  /** A seeded viewer who signs in. */
  viewer: { email: string; password: string };
  /** Where a failing step leaves its screenshot. */
  outputDir: string;
  /** Checks of the engine's own after each step (Firefox: no CSP violation reported). */
  afterStep?: (step: string) => Promise<void>;
}

export interface StepTime {
  step: string;
  ms: number;
}

/** The video on screen: the feed's slot, or the boot player's before the feed adopts it (ADR 0019). */
export const ACTIVE_VIDEO = `(document.querySelector('.feed-stage [data-video-id]:not([aria-hidden=true]) video') ?? document.querySelector('#flick-boot video'))`;
const ACTIVE_ID = `(document.querySelector('.feed-stage [data-video-id]:not([aria-hidden=true])')?.dataset.videoId ?? null)`;
const RATING_PROMPT = `Array.from(document.querySelectorAll('[role="dialog"]')).some((node) => node.textContent.includes('How was this video?'))`;

/** Text of the page's first heading of level 1, or null. */
const H1 = `(document.querySelector('h1')?.textContent?.trim() ?? null)`;

/**
 * The smoke journey of issue 32, as a guest and then a viewer make it at a desktop size (the wheel
 * and the keys move the feed there): open /, see the first frame, move to the next video, open the
 * creator's profile, find the creator in Discover, sign in. Each step fails with its name and what it saw.
 */
export async function runJourney(page: EnginePage, data: JourneyData): Promise<StepTime[]> {
  const times: StepTime[] = [];
  const step = async (name: string, run: () => Promise<void>) => {
    const started = performance.now();
    try {
      await run();
      await data.afterStep?.(name);
    } catch (error) {
      const file = path.join(data.outputDir, `${page.engine.split(' ')[0]!.toLowerCase()}-${name.replace(/\W+/g, '-')}.png`);
      await page.screenshot(file).catch(() => undefined);
      throw new Error(`${page.engine} ${page.version}: step "${name}" failed: ${error instanceof Error ? error.message : String(error)} (screenshot: ${file})`, {
        cause: error,
      });
    }
    times.push({ step: name, ms: performance.now() - started });
  };

  await step('open /', () => page.goto(`${data.base}/`));

  await step('first frame', async () => {
    await waitFor(
      page,
      'the video on screen plays (currentTime > 0, a frame decoded)',
      `(() => { const v = ${ACTIVE_VIDEO}; return Boolean(v && !v.error && v.currentTime > 0 && v.readyState >= 2); })()`,
      20_000,
    );
    const error = await page.evaluate<string | null>(`${ACTIVE_VIDEO}?.error?.message ?? null`);
    if (error) throw new Error(`the video reports an error: ${error}`);
  });

  await step('swipe to the next video', async () => {
    const first = await waitFor<string>(page, 'the feed adopts the first video', ACTIVE_ID, 15_000);
    // A wheel turn over the stage, as a desktop viewer moves on; the arrow key where the wheel was not heard.
    const moved = `${ACTIVE_ID} !== ${JSON.stringify(first)}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await page.evaluate<boolean>(RATING_PROMPT)) await page.press('Escape');
      const { x, y } = await page.evaluate<{ x: number; y: number }>(
        `(() => { const r = document.querySelector('.feed-stage').getBoundingClientRect(); return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) }; })()`,
      );
      if (attempt === 0) await page.wheel(x, y, 120);
      else await page.press('ArrowDown');
      const went = await waitFor(page, 'the feed moves', moved, 3000).then(
        () => true,
        () => false,
      );
      if (went) {
        if (attempt > 0) console.warn(`  (${page.engine}: the wheel did not move the feed; ArrowDown did)`);
        break;
      }
      if (attempt === 2) throw new Error(`the feed stayed on video ${first} after a wheel turn and two ArrowDown presses`);
    }
    await waitFor(
      page,
      'the next video plays',
      `(() => { const v = ${ACTIVE_VIDEO}; return Boolean(v && !v.error && v.currentTime > 0.2 && v.readyState >= 2); })()`,
      15_000,
    );
  });

  await step('open the creator profile', async () => {
    if (await page.evaluate<boolean>(RATING_PROMPT)) await page.press('Escape');
    await page.click(`a[aria-label="Open ${data.creator.name}'s channel"]`);
    await waitFor(page, `the URL becomes /${data.creator.slug}`, `location.pathname === ${JSON.stringify(`/${data.creator.slug}`)}`);
    await waitFor(page, `the profile's heading names ${data.creator.name}`, `${H1} === ${JSON.stringify(data.creator.name)}`);
  });

  await step('Discover search', async () => {
    await page.click('nav[aria-label="Main"] a[href="/discover"]');
    await waitFor(page, 'the Discover screen', `${H1} === 'Discover'`);
    await page.type('input[type="search"]', data.creator.slug);
    await waitFor(
      page,
      `a result for "${data.creator.slug}" under Users`,
      `Array.from(document.querySelectorAll('[aria-label="Users"] a')).some((a) => a.textContent.includes(${JSON.stringify(data.creator.slug)}))`,
    );
  });

  await step('sign in', async () => {
    await page.goto(`${data.base}/login`);
    await page.type('form input[type="email"]', data.viewer.email);
    await page.type('form input[name="password"]', data.viewer.password);
    await page.click('form button[type="submit"]');
    await waitFor(page, 'signed in: the URL becomes /account', `location.pathname === '/account'`);
    await waitFor(page, 'a session is stored', `Boolean(sessionStorage.getItem('flick.accessToken') ?? localStorage.getItem('flick.accessToken'))`);
  });

  return times;
}
