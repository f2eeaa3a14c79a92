import { expect, test } from '@playwright/test';
import { admin } from './support/admin.ts';
import { sql } from './support/db.ts';
import { snap } from './support/screenshot.ts';

/** Two channels an operator created, the first more followed and with a colour of its own. */
const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const studio = { username: `studio_${id}`, name: `Studio ${id}` };
const network = { username: `network_${id}`, name: `Network ${id}` };

test.beforeAll(() => {
  for (const channel of [studio, network]) {
    admin('channel:create', `${channel.username}@channels.test`, channel.name, channel.username, 'correct-horse-1');
  }
});

test('the Channels tab shows the channel cards, most followed first, and a card opens the channel', async ({ page }, testInfo) => {
  await sql(`update users set followers_count = 1000000 + floor(random() * 1000), color = '#2ec4ff' where slug = $1`, [studio.username]);
  await sql(`update users set followers_count = 999999 where slug = $1`, [network.username]);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels', exact: true }).click();
  await expect(page).toHaveURL(/\/channels$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Channels' }).getByRole('link');
  // allInnerTexts does not wait: read the names once this run's channels are drawn.
  await expect(cards.filter({ hasText: network.name })).toBeVisible();
  const names = await cards.locator('h2').allInnerTexts();
  expect(names.indexOf(studio.name)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(studio.name)).toBeLessThan(names.indexOf(network.name));
  await expect(cards.filter({ hasText: studio.name })).toContainText('0 videos');
  await snap(page, testInfo, 'channels');

  await cards.filter({ hasText: studio.name }).click();
  await expect(page).toHaveURL(new RegExp(`/${studio.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: studio.name })).toBeVisible();
});
