import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { admin } from './support/admin.ts';
import { sql } from './support/db.ts';
import { registerAccount, seedFeed, signInOnPage, type Account, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/** accounts.md §2 Studio, ADR 0014: a creator joins and leaves; the studio's manager acts for a member, on the record. */
const baseURL = () => test.info().project.use.baseURL!;
let studio: { name: string; key: string };
let manager: Account;
let seeded: SeededFeed;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 2);
  const suffix = randomBytes(3).toString('hex');
  const email = `manager-${suffix}@studio.example.com`;
  const printed = admin('studio:create', `Velvet ${suffix}`, email, 'studio-pass-1');
  studio = { name: `Velvet ${suffix}`, key: /Join key .*: ([A-Z0-9-]+)/.exec(printed)![1]! };
  const login = await fetch(new URL('/v1/login', baseURL()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:fd::${suffix.slice(0, 4)}` },
    body: JSON.stringify({ email, password: 'studio-pass-1' }),
  });
  const body = (await login.json()) as { access_token: string; user: { id: number } };
  manager = { id: body.user.id, type: 'user', token: body.access_token, slug: '', email, password: 'studio-pass-1' };
});

test('a creator joins a studio from its link, sees who manages them, and leaves', async ({ page }, testInfo) => {
  const creator = await registerAccount(baseURL(), 'model');
  await signInOnPage(page, creator);
  await page.goto('/account/settings');
  await page.getByRole('link', { name: /Studio/ }).click();
  await expect(page).toHaveURL(/\/account\/settings\/studio$/);
  await expect(page.getByLabel('Studio Key')).toBeVisible();
  await page.getByRole('button', { name: 'Join Studio' }).click();
  await expect(page.getByText('Invalid key')).toBeVisible();
  await snap(page, testInfo, 'studio-join');

  await page.goto(`/join-studio?key=${studio.key}`);
  await expect(page.getByLabel('Studio Key')).toHaveValue(studio.key);
  await page.getByRole('button', { name: 'Join Studio' }).click();
  await expect(page.getByText(`Your account is managed by ${studio.name}`)).toBeVisible();
  await snap(page, testInfo, 'studio-managed');

  await page.getByRole('button', { name: 'Leave studio' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure you want to leave the studio?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByLabel('Studio Key')).toBeVisible();
  expect(await sql('select studio_id from users where id = $1', [creator.id])).toEqual([{ studio_id: null }]);
});

test("a studio manager opens the console, manages a member's profile, and finds it on the record", async ({ page }, testInfo) => {
  const join = await fetch(new URL('/v1/profile/join-studio', baseURL()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded.model.token}`, 'x-forwarded-for': '2001:db8:fc::1' },
    body: JSON.stringify({ key: studio.key }),
  });
  expect([200]).toContain(join.status);
  const [member] = await sql('select name from users where id = $1', [seeded.model.id]);
  const memberName = String(member!.name);

  await signInOnPage(page, manager);
  await page.goto('/account');
  await page.getByRole('link', { name: /Studio console/ }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByRole('heading', { name: studio.name })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: memberName });
  await expect(
    card
      .locator('div')
      .filter({ hasText: /^Videos/ })
      .locator('dd'),
  ).toHaveText('2');
  await snap(page, testInfo, 'studio-console');

  await card.getByRole('button', { name: `Manage ${memberName}` }).click();
  await expect(page).toHaveURL(/\/account$/);
  const banner = page.getByRole('status').filter({ hasText: `Managing ${memberName}` });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: memberName, level: 1 })).toBeVisible();
  await snap(page, testInfo, 'studio-acting');

  await page.goto('/account/settings/details');
  const renamed = `${memberName} Studio`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('User details updated')).toBeVisible();
  expect(await sql('select name from users where id = $1', [seeded.model.id])).toEqual([{ name: renamed }]);

  await banner.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByText(new RegExp(`edited the profile for ${renamed}`)).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Managing' })).toHaveCount(0);
  // The manager's own account again.
  await page.goto('/account');
  await expect(page.getByRole('link', { name: /Studio console/ })).toBeVisible();
  await sql('update users set name = $2, studio_id = null where id = $1', [seeded.model.id, memberName]);
});
