import { expect, test } from '@playwright/test';
import { swipe } from './support/feed-page.ts';
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

  test('the floating Live Cams button is on every screen, not only the feeds, and records event 7 (viewer.md §2 App shell, §7)', async ({ page, context }, testInfo) => {
    await context.route('https://livecams.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }));
    const floating = page.getByRole('link', { name: 'Live Cams', exact: true });
    for (const path of ['/discover', '/channels', '/support', '/page/faq', '/login', '/this/does/not/exist']) {
      await page.goto(path);
      await expect(floating, `on ${path}`).toBeVisible();
    }
    if (testInfo.project.name === 'phone') {
      // Above the tab bar: the tabs stay tappable.
      // Measured once the screen has settled (a lazily loaded screen can replace the button as it arrives).
      await expect(async () => {
        const [button, tabs] = await Promise.all([floating.boundingBox(), page.getByRole('navigation', { name: 'Main' }).boundingBox()]);
        expect(button!.y + button!.height).toBeLessThanOrEqual(tabs!.y);
      }).toPass({ timeout: 5000 });
    }
    await snap(page, testInfo, 'floating-live-cams');
    const event = page.waitForRequest((request) => request.url().endsWith('/v1/event') && request.method() === 'POST');
    const popup = page.waitForEvent('popup');
    await floating.click();
    expect((await event).postDataJSON()).toMatchObject({ event_id: 7 });
    expect((await popup).url()).toBe('https://livecams.example.com/?ref=flick');
  });

  test('in the app installed on the home screen, a swipe from the left edge goes back (viewer.md §2 App shell)', async ({ page, hasTouch }, testInfo) => {
    test.skip(!hasTouch, 'a swipe needs a touch screen');
    // What iOS says in a home-screen app (Chromium cannot emulate display-mode: standalone).
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => true }));
    // The gesture comes with the shell's overlays, as the floating Live Cams button does.
    const overlays = page.getByRole('link', { name: 'Live Cams', exact: true });
    await page.goto('/discover');
    await expect(overlays).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/channels$/);
    const { height } = page.viewportSize()!;
    // Away from the edge, or too short: the screen's own.
    await swipe(page, { x: 120, y: height / 2 }, { x: 330, y: height / 2 });
    await swipe(page, { x: 4, y: height / 2 }, { x: 60, y: height / 2 });
    await expect(page).toHaveURL(/\/channels$/);

    // The arrow follows the finger; letting go past 80 px goes back.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 4, y: height / 2 }] });
    for (const x of [20, 40, 60, 80, 100]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: height / 2 + 4 }] });
    await expect(page.getByTestId('swipe-back')).toBeVisible();
    await snap(page, testInfo, 'swipe-back');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByTestId('swipe-back')).toHaveCount(0);

    // A screen opened directly goes home, as its Back button does.
    await page.goto('/support');
    await expect(overlays).toBeVisible();
    await swipe(page, { x: 4, y: height / 2 }, { x: 200, y: height / 2 + 10 });
    await expect(page).toHaveURL(/\/$/);
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
