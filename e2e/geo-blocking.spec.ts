import { expect, test, type Locator } from '@playwright/test';
import { registerAccount, signInOnPage } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/** accounts.md §2, §4, §5 (ADR 0013): a creator blocks countries and regions in Settings → Geo blocking. */
const baseURL = () => test.info().project.use.baseURL!;

/** A flag drawn from our own assets, not a broken image. */
async function expectFlag(entry: Locator) {
  const flag = entry.locator('img');
  await expect(flag).toHaveAttribute('src', /^\/assets\/[a-z]{2}-[\w-]+\.svg$/);
  await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Waits for a sheet's entrance or a screen's view transition to end: a screenshot mid-animation shows half of each. */
async function settled(element: Locator) {
  await element.evaluate((node) =>
    Promise.all(
      node
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

test('a creator blocks a country and a region, a duplicate does nothing, a removal stays after a reload', async ({ page }, testInfo) => {
  const model = await registerAccount(baseURL(), 'model');
  await signInOnPage(page, model);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(baseURL()).origin) elsewhere.push(request.url());
  });
  const adds: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/profile/add-geo-blocked-country')) adds.push(request.postDataJSON());
  });

  await page.goto('/account');
  await page.getByRole('link', { name: 'Settings' }).click();
  const settings = page.getByRole('navigation', { name: 'Settings' });
  await expect(settings.getByRole('link', { name: 'Geo blocking' })).toBeVisible();
  await settled(page.locator('html'));
  await snap(page, testInfo, 'geo-blocking-settings');
  await settings.getByRole('link', { name: 'Geo blocking' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/geo-blocking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Geo blocking' })).toBeVisible();
  await expect(page.getByText('Add to the list any countries or specific regions where you do not want your content to be shown.')).toBeVisible();
  await expect(page.getByText('Nothing blocked: your content is shown in every country.')).toBeVisible();
  await snap(page, testInfo, 'geo-blocking-empty');

  await page.getByRole('button', { name: 'Add Country' }).click();
  const countrySheet = page.getByRole('dialog', { name: 'Add Country' });
  await expect(countrySheet.getByLabel('Country')).toHaveValue('');
  await expect(countrySheet.getByRole('button', { name: 'Add' })).toBeDisabled();
  await countrySheet.getByLabel('Country').selectOption({ label: 'Germany' });
  await settled(countrySheet);
  await snap(page, testInfo, 'geo-blocking-add-country');
  await countrySheet.getByRole('button', { name: 'Add' }).click();
  await expect(countrySheet).toBeHidden();

  await page.getByRole('button', { name: 'Add Region' }).click();
  const regionSheet = page.getByRole('dialog', { name: 'Add Region' });
  await regionSheet.getByLabel('Country').selectOption({ label: 'United States of America' });
  await regionSheet.getByLabel('Region').selectOption({ label: 'California' });
  await settled(regionSheet);
  await snap(page, testInfo, 'geo-blocking-add-region');
  await regionSheet.getByRole('button', { name: 'Add' }).click();
  await expect(regionSheet).toBeHidden();
  expect(adds).toEqual([
    { country_code: 'DE', region_code: null },
    { country_code: 'US', region_code: 'CA' },
  ]);

  const list = page.getByRole('list', { name: 'Blocked places' });
  const germany = list.getByRole('listitem').filter({ hasText: 'Germany' });
  const california = list.getByRole('listitem').filter({ hasText: 'Region: California' });
  await expect(germany).toContainText('Entire country');
  await expect(california).toContainText('United States of America');
  await expectFlag(germany);
  await expectFlag(california);
  await snap(page, testInfo, 'geo-blocking-list');

  // accounts.md §5: the same country again does nothing.
  await page.getByRole('button', { name: 'Add Country' }).click();
  await countrySheet.getByLabel('Country').selectOption({ label: 'Germany' });
  await countrySheet.getByRole('button', { name: 'Add' }).click();
  await expect(countrySheet).toBeHidden();
  expect(adds).toHaveLength(2);
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await germany.getByRole('button', { name: 'Remove Germany' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(california).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Germany')).toHaveCount(0);
  await expectFlag(california);
  expect(elsewhere).toEqual([]);
});
