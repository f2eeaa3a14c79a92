import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerAccount, signInOnPage } from './support/feed-seed.ts';

/**
 * No dead ends (viewer.md §2 app shell): every internal link of the bottom tabs, the side menu (guest and
 * signed in), its footer and a viewer's own profile leads to a real screen, never the not-found one.
 */
const baseURL = () => test.info().project.use.baseURL!;

async function internalLinks(scope: Locator): Promise<string[]> {
  const hrefs = await scope.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

async function expectRealScreen(page: Page, href: string) {
  await page.goto(href);
  const heading = page.locator('h1').first();
  await expect(heading, `${href} shows a screen`).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /page not found/i }), `${href} is not a dead end`).toHaveCount(0);
}

async function menuLinks(page: Page): Promise<string[]> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Channels', exact: true })).toBeVisible();
  const links = await internalLinks(menu);
  await page.keyboard.press('Escape');
  return links;
}

test('a guest: every link of the tabs, the menu and its footer leads to a screen', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Main' });
  await expect(tabs.getByRole('link', { name: 'Channels', exact: true })).toBeVisible();
  const links = [...(await internalLinks(tabs)), ...(await menuLinks(page))];
  expect(links).toEqual(expect.arrayContaining(['/discover', '/channels', '/upload', '/account', '/register', '/login', '/support']));
  for (const href of new Set(links)) await expectRealScreen(page, href);
});

test("a signed-in viewer: the menu's links and the own profile's buttons lead to screens", async ({ page }) => {
  // One screen per link, each loaded and checked: more links than the default 30 s allows on a busy machine.
  test.setTimeout(90_000);
  const viewer = await registerAccount(baseURL(), 'user');
  await signInOnPage(page, viewer);
  const links = await menuLinks(page);
  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'Discover models' })).toBeVisible();
  links.push(...(await internalLinks(page.locator('main'))));
  expect(links).toEqual(expect.arrayContaining(['/account', '/discover', '/channels']));
  for (const href of new Set(links)) await expectRealScreen(page, href);
});
