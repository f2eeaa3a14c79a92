import { expect, test } from '@playwright/test';
import { snap } from './support/screenshot.ts';

test.describe('static pages', () => {
  test('a deep link to /page/faq shows the page from the server', async ({ page }, testInfo) => {
    await page.goto('/page/faq');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await snap(page, testInfo, 'page-faq');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 })).toBeVisible();
  });

  test('an unknown page slug shows "Page not found"', async ({ page }, testInfo) => {
    await page.goto('/page/about-us');
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'page-unknown');
  });

  test('the back button goes home when there is no history', async ({ page }) => {
    await page.goto('/page/terms');
    await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
