import { expect, test } from '@playwright/test';
import { sql } from './support/db.ts';
import { registerAccount, signInOnPage } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/** A viewer in England, as the CDN in front of Flick names the place (GEO_COUNTRY_HEADER, GEO_REGION_HEADER). */
const inEngland = { 'x-e2e-country': 'GB', 'x-e2e-region': 'ENG' };

test.describe('the age gate where the law asks for an age check (ADR 0030)', () => {
  test('a guest in the UK meets the gate instead of videos, passes the age check at the provider, and comes back to the app', async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders(inEngland);
    await page.goto('/discover');

    // Discover's first call answers 451: the app goes to the gate, keeping where the viewer was.
    await expect(page).toHaveURL(/\/age-check\?returnTo=%2Fdiscover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your age' })).toBeVisible();
    await expect(page.getByText('The law in the United Kingdom asks us to check that you are 18 or older', { exact: false })).toBeVisible();
    await expect(page.getByText(/^Online Safety Act 2023/)).toBeVisible();
    await expect(page.getByTestId('development-provider')).toContainText('not a real age check');
    // Nothing of the content is reachable meanwhile, media included.
    expect((await page.request.get('/v1/videos', { headers: inEngland })).status()).toBe(451);
    await snap(page, testInfo, 'age-gate');

    await page.getByRole('button', { name: 'Check my age' }).click();
    await expect(page.getByRole('heading', { name: 'Are you 18 or older?' })).toBeVisible();
    await expect(page.getByText('Development age provider')).toBeVisible();
    await snap(page, testInfo, 'age-gate-development-provider');
    await page.getByRole('button', { name: 'Yes, I am 18 or older' }).click();

    // Back where the viewer started, with a pass in this browser and nothing else.
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your age' })).toBeHidden();
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name === 'flick_age').map((cookie) => ({ httpOnly: cookie.httpOnly, sameSite: cookie.sameSite }))).toEqual([
      { httpOnly: true, sameSite: 'Lax' },
    ]);
    expect((await page.request.get('/v1/videos', { headers: inEngland })).status()).toBe(200);
    await snap(page, testInfo, 'age-gate-passed');
  });

  test('a provider answer of "under 18" keeps the gate closed and says why', async ({ page }) => {
    await page.setExtraHTTPHeaders(inEngland);
    await page.goto('/age-check');
    await page.getByRole('button', { name: 'Check my age' }).click();
    await page.getByRole('button', { name: 'No, I am under 18' }).click();
    await expect(page.getByRole('alert')).toHaveText('The age check did not confirm that you are 18 or older.');
    expect((await page.request.get('/v1/videos', { headers: inEngland })).status()).toBe(451);
  });

  test('a verified creator signed in passes by their account: Discover, Channels, the sidebar and a page carry the bearer (viewer.md §7)', async ({ page }) => {
    const creator = await registerAccount(test.info().project.use.baseURL!, 'model');
    await sql(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
    await signInOnPage(page, creator);
    await page.setExtraHTTPHeaders(inEngland);
    await page.setViewportSize({ width: 1440, height: 900 });
    const bearers = new Map<string, string | undefined>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/v1\/(discover|users|sidebar\/left|page\/faq)$/.test(pathname)) bearers.set(pathname, request.headers().authorization);
    });

    // No pass in this browser: without the bearer, Discover's first call would answer 451 and send them to the gate.
    const discover = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/discover');
    await page.goto('/discover');
    expect((await discover).status()).toBe(200);
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(page).toHaveURL(/\/discover$/);
    const channels = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/users');
    await page.goto('/channels');
    expect((await channels).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
    await expect(page).toHaveURL(/\/channels$/);
    await page.goto('/page/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/page\/faq$/);
    await expect.poll(() => [...bearers.keys()].sort()).toEqual(['/v1/discover', '/v1/page/faq', '/v1/sidebar/left', '/v1/users']);
    expect(new Set(bearers.values())).toEqual(new Set([`Bearer ${creator.token}`]));
  });

  test('where no law applies, there is no gate at all', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-e2e-country': 'US', 'x-e2e-region': 'CA' });
    await page.goto('/discover');
    await expect(page).toHaveURL(/\/discover$/);
    expect((await page.request.get('/v1/videos', { headers: { 'x-e2e-country': 'US', 'x-e2e-region': 'CA' } })).status()).toBe(200);
  });
});
