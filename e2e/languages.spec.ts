import { expect, test } from '@playwright/test';
import { seedFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/**
 * Issue 32, every language: the app speaks the browser's language where Flick has it (Accept-Language,
 * answered with index.html's `<html lang>`), and the side menu picks another one, remembered.
 */
test.use({ locale: 'de-DE' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await seedFeed(test.info().project.use.baseURL!, 2);
});

test('a German browser gets Flick in German: the page’s language, the shell, the feed’s hint', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Entdecken' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Video/ })).toContainText(
    testInfo.project.name === 'phone' ? 'Nach oben wischen für nächstes Video' : 'nächstes Video',
    {
      timeout: 20_000,
    },
  );
  await snap(page, testInfo, 'languages-german-feed');
});

test('the side menu picks another language, and the app keeps it', async ({ page }, testInfo) => {
  await page.goto('/discover');
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const menu = page.getByRole('dialog', { name: 'Hauptmenü' });
  await expect(menu.getByLabel('Sprache')).toHaveValue('de');
  await snap(page, testInfo, 'languages-menu');
  await menu.getByLabel('Sprache').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/discover$/);
  // A new visit, as the German browser still asks for German: the picked language stays.
  await page.goto('/channels');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Chaînes' })).toBeVisible();
  // And back to English, the source.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('dialog', { name: 'Menu principal' }).getByLabel('Langue').selectOption('en');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('a language Flick does not have', () => {
  test.use({ locale: 'ja-JP' });

  test('falls back to English', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });
});
