import { expect, test, type Locator } from '@playwright/test';
import { createAdmin } from './support/admin-console.ts';
import { signInOnPage, type Account } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/**
 * The age rules in the admin console (issue 31, ADR 0030): an admin gives a US state a rule, a guest there
 * meets the gate at once, the admin removes the rule and the guest sees videos again; both changes are in
 * the audit log. Each project takes its own state, which no other test places a viewer in.
 */
const baseURL = () => test.info().project.use.baseURL!;
let root: Account;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  root = await createAdmin(baseURL());
});

/** Choice cards hide their input behind the card, as people tap the card: so do we. */
async function choose(scope: Locator, name: string) {
  const card = scope.locator('label').filter({ has: scope.page().getByRole('radio', { name }) });
  await card.click({ position: { x: 12, y: 12 } });
  await expect(card.getByRole('radio')).toBeChecked();
}

test('an admin sets a US state’s rule, which a guest there meets at once, and removes it again', async ({ page }, testInfo) => {
  const state = testInfo.project.name === 'phone' ? { code: 'VT', name: 'Vermont' } : { code: 'NH', name: 'New Hampshire' };
  const place = `${state.name}, United States of America`;
  const there = { 'x-e2e-country': 'US', 'x-e2e-region': state.code };
  const guestThere = async () => (await page.request.get('/v1/videos', { headers: there })).status();
  expect(await guestThere()).toBe(200);

  await signInOnPage(page, root);
  await page.goto('/admin/age-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Age rules' })).toBeVisible();
  await expect(page.getByText(/a change takes effect on every instance within 5 seconds\.$/)).toBeVisible();
  // The seeded laws: the fallback first, the UK among the countries, Texas with the other US states.
  const table = page.getByRole('table', { name: 'Age rules by place, the fallback first' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /^(Unknown places|United Kingdom)/ })
      .first(),
  ).toContainText('Unknown places');
  await expect(table.getByRole('row', { name: /United Kingdom/ })).toContainText('Online Safety Act 2023');
  await expect(table.getByRole('row', { name: /^Texas/ })).toContainText('HB 1181');
  await snap(page, testInfo, 'admin-age-rules');

  const form = page.getByRole('form', { name: 'Add a place' });
  await form.getByLabel('Country').selectOption({ label: 'United States of America' });
  await form.getByLabel('Region').selectOption({ label: state.name });
  await choose(form, '18+ confirmation');
  await form.getByLabel('Law').fill('A test law');
  await form.getByLabel('In force since').fill('2026-01-01');
  await snap(page, testInfo, 'admin-age-rules-add');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText(`Rule for ${place} saved.`)).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(`^${state.name}`) });
  await expect(row).toContainText('18+ confirmation');
  await expect(row).toContainText('Jan 1, 2026');
  // The instance that saved the rule applies it at once.
  expect(await guestThere()).toBe(451);

  await page.getByRole('button', { name: `Edit the rule for ${place}` }).click();
  const editor = page.getByRole('form', { name: `Edit the rule for ${place}` });
  await choose(editor, 'Age check required');
  await snap(page, testInfo, 'admin-age-rules-edit');
  await editor.getByRole('button', { name: 'Save rule' }).click();
  await expect(row).toContainText('Age check required');
  expect(((await (await page.request.get('/v1/videos', { headers: there })).json()) as { reason: string }).reason).toBe('age-assurance-required');

  await page.getByRole('button', { name: `Edit the rule for ${place}` }).click();
  await editor.getByRole('button', { name: `Remove the rule for ${place}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Remove the rule for ${place}?` });
  await expect(dialog).toContainText('Viewers there then get no check.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`Rule for ${place} removed.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await guestThere()).toBe(200);

  await page.getByRole('link', { name: 'Every change to the rules in the audit log' }).click();
  const log = page.getByRole('list', { name: 'Audit log' });
  await expect(log.getByText(new RegExp(`^${root.email} removed an age rule`)).first()).toBeVisible();
  await expect(log.getByText(new RegExp(`^${root.email} set an age rule`))).toHaveCount(2);
  await expect(page.getByRole('search', { name: 'Filter the audit log' }).getByLabel('Target', { exact: true })).toHaveValue('age-rule');
});
