import { expect, test, type Locator, type Page } from '@playwright/test';
import { verticalClip } from './support/clips.ts';
import { activeVideo, quietFeed, waitUntilPlaying } from './support/feed-page.ts';
import { seedFeed, signInOnPage, type SeededFeed } from './support/feed-seed.ts';

/**
 * Issue 32, every ability: a person with only a keyboard goes through the feed (arrow keys, Space),
 * the creator's profile, the report dialog and the upload form with Tab, Enter, Space, Escape and
 * typing. Every stop shows its focus ring; dialogs keep the focus inside and give it back on Escape.
 */
let seeded: SeededFeed;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 4);
});

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** The focused element shows the ring (:focus-visible with an outline or a shadow). */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return {
      element: element.outerHTML.slice(0, 120),
      focusVisible: element.matches(':focus-visible'),
      drawn: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
    };
  });
  expect(ring, `focus ring on ${ring.element}`).toMatchObject({ focusVisible: true, drawn: true });
}

/** Tabs (forwards or back) until `target` has the focus, checking the ring at the stop. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 80) {
  const stops: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) {
      await expectFocusRing(page);
      return;
    }
    stops.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.slice(0, 30) ?? ''));
  }
  throw new Error(`${limit} presses of ${key} never reached ${target.toString()}; they went to ${stops.join(' | ')}`);
}

/** Tabs round a dialog once over: the focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const stops = await dialog.evaluate((element) => element.querySelectorAll('a[href],button:not([disabled]),input,textarea,select,[tabindex="0"]').length);
  for (let presses = 0; presses <= stops + 1; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test('a keyboard alone moves through the feed, opens the profile and sends a report', async ({ page }) => {
  test.setTimeout(90_000);
  await quietFeed(page);
  await page.goto(`/video/${seeded.videoIds[1]}`);
  const first = await waitUntilPlaying(page);

  // The arrow keys move between videos, Space pauses and plays (viewer.md §9).
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await activeVideo(page)).id).not.toBe(first);
  // The second unrated video may ask for a rating (viewer.md §4): Escape closes the prompt.
  const rating = page.getByRole('dialog', { name: 'How was this video?' });
  await rating.waitFor({ timeout: 2000 }).then(
    async () => {
      await page.keyboard.press('Escape');
      await expect(rating).toBeHidden();
    },
    () => undefined,
  );
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await activeVideo(page)).id).toBe(first);
  await waitUntilPlaying(page);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await activeVideo(page)).paused).toBe(true);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await activeVideo(page)).paused).toBe(false);
  // The prompt may come a moment after the move; it traps Tab until closed (what a dialog should do).
  await rating.waitFor({ timeout: 3000 }).then(
    async () => {
      await page.keyboard.press('Escape');
      await expect(rating).toBeHidden();
    },
    () => undefined,
  );

  const profileButton = page.locator('.feed-actions').getByRole('button', { name: /'s profile$/ });
  await tabTo(page, profileButton);
  await page.keyboard.press('Enter');
  if (test.info().project.use.hasTouch) {
    // On a phone the panel slides over the video as a dialog.
    const panel = page.getByRole('dialog', { name: 'Creator profile' });
    await expect(panel.getByRole('heading', { name: /^Ava / })).toBeVisible();
    await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement)), { timeout: 2000 }).toBe(true);
    await expectFocusTrapped(page, panel);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect.poll(() => isFocused(profileButton), { timeout: 2000 }).toBe(true);
  } else {
    // Beside the video on a wide screen: its links and buttons are the next Tab stops.
    const panel = page.getByRole('complementary', { name: 'Creator' });
    await expect(panel.getByRole('heading', { name: /^Ava / })).toBeVisible();
    await tabTo(page, panel.getByRole('button', { name: 'Follow' }));
    await tabTo(page, profileButton, 'Shift+Tab');
  }

  const more = page.getByRole('button', { name: 'More actions' });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  const actions = page.getByRole('dialog', { name: 'More actions' });
  await expect(actions).toBeVisible();
  await tabTo(page, actions.getByRole('button', { name: 'Report' }));
  await page.keyboard.press('Enter');

  const report = page.getByRole('dialog', { name: 'Report video' });
  await expect(report).toBeVisible();
  // The sheet swaps its content in place: the focus goes with it, it does not drop to the page.
  await expect.poll(() => report.evaluate((element) => element.contains(document.activeElement)), { timeout: 2000 }).toBe(true);
  await expectFocusTrapped(page, report);
  // Escape closes it and gives the focus back where the person was.
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(actions).toBeHidden();
  await expect.poll(() => isFocused(more), { timeout: 2000 }).toBe(true);

  await page.keyboard.press('Enter');
  await tabTo(page, actions.getByRole('button', { name: 'Report' }));
  await page.keyboard.press('Enter');
  await tabTo(page, report.getByLabel('Email'));
  await page.keyboard.type('keyboard@example.com');
  await tabTo(page, report.getByRole('radio').first());
  // A radio group is one Tab stop; the arrow keys choose within it, as in every browser.
  await page.keyboard.press('Space');
  await expect(report.getByRole('radio').first()).toBeChecked();
  await tabTo(page, report.getByLabel('Description'));
  await page.keyboard.type('Sent with the keyboard alone.');
  await tabTo(page, report.getByRole('button', { name: 'Send report' }));
  await page.keyboard.press('Enter');
  const sent = page.getByRole('dialog', { name: 'Report sent' });
  await expect(sent).toContainText('Thank you. Our team will review this video.');
  await page.keyboard.press('Escape');
  await expect(sent).toBeHidden();
});

test('a creator fills in and publishes the upload form with the keyboard alone', async ({ page }) => {
  test.skip(!test.info().project.use.hasTouch, 'the upload form is phone-first; one size is enough for the keys');
  test.setTimeout(90_000);
  await signInOnPage(page, seeded.model);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload video' })).toBeVisible();

  // Enter on the file field opens the system's file picker, as a click would.
  const picker = page.waitForEvent('filechooser');
  await tabTo(page, page.getByLabel('Video file'));
  await page.keyboard.press('Enter');
  await (await picker).setFiles(verticalClip({ name: 'flick-e2e-keyboard-clip.mp4', seconds: 3, source: 'testsrc=s=540x960:r=30:d={seconds}' }));

  const title = page.getByLabel('Title');
  await expect(title).toBeVisible({ timeout: 20_000 });
  await tabTo(page, title);
  await page.keyboard.type('Typed, not clicked');
  await tabTo(page, page.getByLabel('Tags'));
  await page.keyboard.type('keys');
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Publish' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText('Video uploaded successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/account$/);
});
