import { expect, test } from '@playwright/test';
import { sql } from './support/db.ts';
import { activeVideo, nextVideo, quietFeed, swipe, swipeLeft, swipeUp, waitUntilPlaying } from './support/feed-page.ts';
import { registerAccount, seedFeed, signInOnPage, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

let seeded: SeededFeed;

const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 24);
});

test.describe('swipe feed on a phone', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'swipes need a touch screen');

  test('swipes through 15 videos: each plays, none repeats, and a second page loads', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await quietFeed(page);
    const secondPage = page.waitForRequest((request) => request.url().includes('/v1/videos?') && request.url().includes('cursor='));
    await page.goto('/');
    const seen: number[] = [];
    for (let index = 0; index < 15; index += 1) {
      const id = await waitUntilPlaying(page);
      expect(seen, `video ${id} came back at swipe ${index}`).not.toContain(id);
      seen.push(id);
      if (index === 0) await snap(page, testInfo, 'feed-playing');
      await nextVideo(page);
    }
    await secondPage;
    expect(new Set(seen).size).toBe(15);
  });

  test('shows the hints once: swipe up, then swipe left', async ({ page }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem('flick.preferenceAutoscroll', 'false'));
    await page.goto(`/video/${seeded.videoIds[1]}`);
    const hint = page.getByRole('status').filter({ hasText: /^Swipe/ });
    await expect(hint).toContainText('Swipe up for next video');
    await snap(page, testInfo, 'feed-hint');
    await swipeUp(page);
    await expect(hint).toContainText('Swipe left to open profile');
    const { width, height } = page.viewportSize()!;
    await page.touchscreen.tap(width / 2, height / 2);
    await expect(hint).toHaveCount(0);
    await page.reload();
    await waitUntilPlaying(page);
    await expect(hint).toHaveCount(0);
  });

  test('a like survives a reload', async ({ page }) => {
    // The server buffers like counts for a few seconds (ADR 0007): the count after the reload is its own.
    await quietFeed(page);
    const id = seeded.videoIds[2]!;
    await page.goto(`/video/${id}`);
    await waitUntilPlaying(page);
    expect((await activeVideo(page)).id).toBe(id);
    const like = page.getByRole('button', { name: /^Like, / });
    const before = Number(await like.textContent());
    await like.click();
    await expect(page.getByRole('button', { name: 'Unlike' })).toHaveText(String(before + 1));
    await page.reload();
    await waitUntilPlaying(page);
    await expect(page.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('flick.likedVideos'))).toBe(`[${id}]`);
  });

  test('reports a video: each rule, each failure, then the confirmation', async ({ page }, testInfo) => {
    await quietFeed(page);
    await page.goto(`/video/${seeded.videoIds[3]}`);
    await waitUntilPlaying(page);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('dialog', { name: 'More actions' }).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report video' });
    const send = dialog.getByRole('button', { name: 'Send report' });
    const alert = dialog.getByRole('alert');
    await send.click();
    await expect(alert).toHaveText('Missing email.');
    await dialog.getByLabel('Email').fill('viewer@example');
    await send.click();
    await expect(alert).toHaveText('Invalid email.');
    await dialog.getByLabel('Email').fill('viewer@example.com');
    await send.click();
    await expect(alert).toHaveText('Please choose a reason.');
    await dialog.getByLabel('Spam or misleading').check();
    await send.click();
    await expect(alert).toHaveText('Description is required.');
    await dialog.getByLabel('Description').fill('The title promises something else.');
    await snap(page, testInfo, 'feed-report');

    await page.route('**/v1/report-video', (route) => route.abort('internetdisconnected'));
    await send.click();
    await expect(alert).toHaveText('Network error.');
    await page.unroute('**/v1/report-video');
    await page.route('**/v1/report-video', (route) => route.fulfill({ status: 500, body: '' }));
    await send.click();
    await expect(alert).toHaveText('Request failed.');
    await page.unroute('**/v1/report-video');

    await send.click();
    await expect(page.getByRole('dialog', { name: 'Report sent' })).toContainText('Thank you. Our team will review this video.');
    const [report] = await sql('select reason, email from video_reports where video_id = $1', [seeded.videoIds[3]]);
    expect(report).toMatchObject({ reason: 'spam', email: 'viewer@example.com' });
  });

  test('preferences change the feed: a category and a tag', async ({ page }, testInfo) => {
    await quietFeed(page);
    await page.goto('/');
    await waitUntilPlaying(page);
    await page.getByRole('button', { name: 'Preferences' }).click();
    const sheet = page.getByRole('dialog', { name: 'Preferences' });
    const refetch = page.waitForRequest((request) => request.url().includes('/v1/videos?gender=f,c,m'));
    await sheet.getByText('Guys', { exact: true }).click();
    await refetch;
    const search = page.waitForRequest((request) => request.url().includes(`/v1/tags?search=${seeded.tag.name.slice(0, 6)}`));
    await sheet.getByLabel('Search tags').fill(seeded.tag.name.slice(0, 6));
    await search;
    const tagged = page.waitForRequest((request) => request.url().includes(`tags=${seeded.tag.id}`));
    await sheet.getByRole('button', { name: `#${seeded.tag.name}` }).click();
    await tagged;
    await snap(page, testInfo, 'feed-preferences');
    await page.keyboard.press('Escape');
    await waitUntilPlaying(page);
    expect(seeded.videoIds).toContain((await activeVideo(page)).id);
    expect(await page.evaluate(() => localStorage.getItem('flick.preferenceSelectedTags'))).toBe(`[${seeded.tag.id}]`);
  });

  test('the profile panel opens with a swipe left, Back closes it, and Follow sends a guest to /register', async ({ page }, testInfo) => {
    await quietFeed(page);
    await page.goto(`/video/${seeded.videoIds[4]}`);
    await waitUntilPlaying(page);
    await swipeLeft(page);
    const panel = page.getByRole('dialog', { name: 'Creator profile' });
    await expect(panel.getByRole('heading', { name: /^Ava / })).toBeVisible();
    await expect(panel.getByText('No links available.')).toBeVisible();
    await snap(page, testInfo, 'feed-panel');
    await page.goBack();
    await expect(panel).toBeHidden();
    await swipeLeft(page);
    await panel.getByRole('button', { name: 'Follow' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the profile panel closes with a swipe right, as it opened with a swipe left (viewer.md §4); a drag up and down scrolls it', async ({ page }, testInfo) => {
    await quietFeed(page);
    const id = seeded.videoIds[7]!;
    await page.goto(`/video/${id}`);
    await waitUntilPlaying(page);
    await swipeLeft(page);
    const panel = page.getByRole('dialog', { name: 'Creator profile' });
    await expect(panel.getByRole('heading', { name: /^Ava / })).toBeVisible();
    const { width, height } = page.viewportSize()!;
    await swipe(page, { x: width * 0.5, y: height * 0.7 }, { x: width * 0.5, y: height * 0.4 });
    await swipe(page, { x: width * 0.5, y: height * 0.4 }, { x: width * 0.52, y: height * 0.7 });
    await expect(panel).toBeVisible();
    // A short drag right (under one fifteenth of the width) slides back.
    await swipe(page, { x: width * 0.4, y: height * 0.5 }, { x: width * 0.4 + 20, y: height * 0.5 });
    await expect(panel).toBeVisible();
    await snap(page, testInfo, 'feed-panel-before-swipe-close');
    await swipe(page, { x: width * 0.3, y: height * 0.5 }, { x: width * 0.85, y: height * 0.52 });
    await expect(panel).toBeHidden();
    // Closed as Back closes it: its history entry is gone, and the same video plays on.
    expect(await page.evaluate(() => (history.state as { usr?: { profilePanel?: boolean } } | null)?.usr?.profilePanel ?? false)).toBe(false);
    expect((await activeVideo(page)).id).toBe(id);
    await swipeLeft(page);
    await expect(panel).toBeVisible();
  });

  test('a signed-in viewer follows from the panel', async ({ page }) => {
    const viewer = await registerAccount(baseURL(), 'user');
    await signInOnPage(page, viewer);
    await quietFeed(page);
    await page.goto(`/video/${seeded.videoIds[5]}`);
    await waitUntilPlaying(page);
    await swipeLeft(page);
    const panel = page.getByRole('dialog', { name: 'Creator profile' });
    await panel.getByRole('button', { name: 'Follow' }).click();
    await expect(panel.getByRole('button', { name: 'Following' })).toBeVisible();
    expect(await sql('select 1 from follows where follower_id = $1 and model_id = $2', [viewer.id, seeded.model.id])).toHaveLength(1);
  });

  test('the rating prompt comes on the second unrated video; a rating shows "Video Rated"', async ({ page }, testInfo) => {
    const viewer = await registerAccount(baseURL(), 'user');
    await signInOnPage(page, viewer);
    await quietFeed(page);
    await page.goto(`/video/${seeded.videoIds[6]}`);
    await waitUntilPlaying(page, 1.2);
    await expect(page.getByRole('dialog', { name: 'How was this video?' })).toHaveCount(0);
    await swipeUp(page);
    const prompt = page.getByRole('dialog', { name: 'How was this video?' });
    await expect(prompt).toBeVisible({ timeout: 10_000 });
    await snap(page, testInfo, 'feed-rating');
    await prompt.getByRole('button', { name: 'Hot' }).click();
    await expect(page.getByRole('status').getByText('Video rated')).toBeVisible();
    await expect(prompt).toBeHidden();
    await expect(page.getByText('Video Rated', { exact: true })).toBeVisible();
  });

  test('a guest who rates is asked to sign up', async ({ page }) => {
    await quietFeed(page);
    await page.goto(`/video/${seeded.videoIds[8]}`);
    await waitUntilPlaying(page, 1.2);
    await swipeUp(page);
    await page.getByRole('dialog', { name: 'How was this video?' }).getByRole('button', { name: 'Love it' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign up to rate videos' })).toBeVisible();
  });
});

test.describe('feed on a wide screen', () => {
  test.skip(({ hasTouch }) => hasTouch, 'the wide layout');

  test('shows the creator panel beside the video and moves with the wheel and keys', async ({ page }, testInfo) => {
    await quietFeed(page);
    await page.goto('/');
    const first = await waitUntilPlaying(page);
    await expect(page.getByRole('complementary', { name: 'Creator' })).toBeVisible();
    await snap(page, testInfo, 'feed');
    await page.mouse.move(720, 450);
    await page.mouse.wheel(0, 120);
    await expect.poll(async () => (await activeVideo(page)).id).not.toBe(first);
    await page.waitForTimeout(600);
    // The second unrated video may open the rating prompt meanwhile (viewer.md §4), which holds the keys.
    const prompt = page.getByRole('dialog', { name: 'How was this video?' });
    await expect(async () => {
      if (await prompt.isVisible()) {
        await page.keyboard.press('Escape');
        await expect(prompt).toBeHidden();
      }
      if ((await activeVideo(page)).id !== first) await page.keyboard.press('ArrowUp');
      await expect.poll(async () => (await activeVideo(page)).id, { timeout: 1500 }).toBe(first);
    }).toPass({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Collapse profile' }).click();
    await expect(page.getByRole('complementary', { name: 'Creator' })).toBeHidden();
    await page.getByRole('button', { name: 'Next video' }).click();
    await expect.poll(async () => (await activeVideo(page)).id).not.toBe(first);
    await waitUntilPlaying(page);
    await snap(page, testInfo, 'feed-collapsed');
  });
});
