import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import PgBoss from 'pg-boss';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { sql } from './support/db.ts';
import { snap } from './support/screenshot.ts';

/**
 * A person's data is theirs (issue 31, ADR 0031), at 390x844: a viewer downloads their data, deletes their
 * account, is signed out, and from then on a sign-in with their password only offers to keep the
 * account; once the grace period is over and the purge has run, the sign-in fails like any unknown address.
 */
const PASSWORD = 'velvet-night-42';
const clientHeaders = () => ({ 'x-forwarded-for': `2001:db8:e2e:de1::${randomBytes(2).toString('hex')}` });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(clientHeaders());
});

/** The screen as a phone shows it, and as a desktop window does (for a person to look at). */
async function look(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, name);
  await page.screenshot({ path: `.screenshots/e2e/${testInfo.project.name}-${name}-whole.png`, fullPage: true });
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, testInfo, `${name}-1440`);
  await page.setViewportSize(phone);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Runs the purge job now, as the scheduled one does once the grace period is over. */
async function purgeNow(userId: number) {
  const boss = new PgBoss({ connectionString: (await runningEmbeddedPostgresUrl(process.env.E2E_DATA_DIR!, Number(process.env.E2E_PG_PORT)))!, schema: 'pgboss' });
  await boss.start();
  try {
    await boss.send('purge-personal-data', { userId });
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

test('a viewer downloads their data, deletes their account, and then cannot sign in', async ({ page }, testInfo) => {
  const id = randomBytes(4).toString('hex');
  const email = `leaving-${id}@example.com`;
  const registered = await page.request.post('/v1/register', {
    data: { type: 'user', name: `Leaving ${id}`, email, password: PASSWORD, password_confirmation: PASSWORD, preference: ['f'] },
  });
  expect(registered.status()).toBe(201);
  const userId = Number(((await registered.json()) as { user: { id: number } }).user.id);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account$/);

  // Settings lists both entries for a viewer.
  await page.goto('/account/settings');
  await expect(page.getByRole('link', { name: /Download my data/ })).toBeVisible();
  await look(page, testInfo, 'personal-data-settings');

  // Download my data: prepared by a job, then ready until a date, and downloaded as a zip.
  await page.getByRole('link', { name: /Download my data/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Download my data' })).toBeVisible();
  await look(page, testInfo, 'personal-data-export-none');
  await page.getByRole('button', { name: 'Prepare my archive' }).click();
  await expect(page.getByRole('heading', { name: /^Ready until \d{1,2} \w+ \d{4}/ })).toBeVisible({ timeout: 20_000 });
  await look(page, testInfo, 'personal-data-export-ready');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('flick-data.zip');

  // Delete account: what goes and what the law keeps, then the password.
  await page.goto('/account/settings/delete-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Delete account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What the law obliges us to keep' })).toBeVisible();
  await expect(page.getByText(/§2257/)).toBeVisible();
  await look(page, testInfo, 'personal-data-delete');
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('That password is not right.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
  await look(page, testInfo, 'personal-data-delete-confirm');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();

  // Signed out, here and everywhere: the sign-in screen, with the date.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
  expect(await sql('select 1 from auth_tokens where user_id = $1 and revoked_at is null', [userId])).toHaveLength(0);

  // Signing in with the right password only tells the date and offers to keep the account; it signs nobody in.
  await signIn(page, email);
  await expect(page.getByText(/^Your account is scheduled for deletion on \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep my account' })).toBeVisible();
  await look(page, testInfo, 'personal-data-sign-in-scheduled');
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);

  // After the grace period the purge removes the account: the same sign-in is now refused outright.
  await sql(`update account_deletions set due_at = now() - interval '1 second' where user_id = $1`, [userId]);
  await purgeNow(userId);
  await expect.poll(async () => (await sql('select 1 from users where id = $1', [userId])).length, { timeout: 20_000 }).toBe(0);
  await signIn(page, email);
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep my account' })).toHaveCount(0);
});
