import { expect, test } from '@playwright/test';
import { snap } from './support/screenshot.ts';

test.describe('app shell', () => {
  test('shows the home screen with the bottom tabs', async ({ page }, testInfo) => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Discover', 'Upload', 'Channels', 'Account']) {
      await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await snap(page, testInfo, 'home');
  });

  test('opens the main menu with the guest items and the footer', async ({ page }, testInfo) => {
    // Not over the feed: a clip that ends moves on, and every second unrated one asks for a rating on top.
    await page.goto('/discover');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Are you a content creator? Promote your videos')).toBeVisible();
    for (const item of ['Get started', 'Login', 'Discover', 'Channels', 'Live Cams', 'Rate videos', 'Webcam Reviews']) {
      await expect(menu.getByRole('link', { name: item, exact: true }).or(menu.getByRole('button', { name: item, exact: true }))).toBeVisible();
    }
    for (const item of ['FAQ', 'Privacy Policy', 'DMCA', '2257 Compliance', 'Support', 'Terms and Conditions']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeAttached();
    }
    await expect(menu.getByRole('link', { name: 'My account' })).toHaveCount(0);
    await snap(page, testInfo, 'menu-guest');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('shows the signed-in items in the main menu', async ({ page }, testInfo) => {
    // Signed in once, as a remembered session; after logging out the reload must find it gone.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      localStorage.setItem('flick.accessToken', 'a-token');
      localStorage.setItem('flick.userId', '7');
      localStorage.setItem('flick.userType', 'model');
    });
    await page.goto('/discover');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main menu' });
    for (const item of ['My account', 'Upload video', 'Discover', 'Channels', 'Live Cams', 'Rate videos', 'Webcam Reviews']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await snap(page, testInfo, 'menu-user');

    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Logging out reloads the page; a read that lands mid-reload is simply tried again.
    const token = () => page.evaluate(() => localStorage.getItem('flick.accessToken')).catch(() => 'reloading');
    await expect.poll(token).toBeNull();
  });

  test('a menu footer link opens its static page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'DMCA', exact: true }).click();
    await expect(page).toHaveURL(/\/page\/dmca$/);
    await expect(page.getByRole('heading', { name: 'DMCA Policy' })).toBeVisible();
  });

  test('shows "Page Not Found" for an unknown path', async ({ page }, testInfo) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    await snap(page, testInfo, 'not-found');
  });

  test('redirects an account route to /login without a token and user id', async ({ page }) => {
    await page.goto('/account/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('keeps one guest id across reloads', async ({ page }) => {
    await page.goto('/');
    const read = () => page.evaluate(() => localStorage.getItem('flick.guestId'));
    await expect.poll(read).toMatch(/^[0-9a-f-]{36}$/);
    const first = await read();
    await page.reload();
    expect(await read()).toBe(first);
  });
});
