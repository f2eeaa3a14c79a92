import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { admin } from './support/admin.ts';
import { sql } from './support/db.ts';
import { registerAccount, signInOnPage } from './support/feed-seed.ts';
import { linkFromMail } from './support/mail.ts';
import { snap } from './support/screenshot.ts';

/** Every test signs up its own people; addresses are unique per run. */
const unique = () => randomBytes(4).toString('hex');
const PASSWORD = 'velvet-night-42';

/** A real 1x1 PNG, enough for the image pickers and the server's type check. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a0b5a1e10000000049454e44ae426082',
  'hex',
);

test.describe.configure({ mode: 'serial' });

/**
 * Sign-up and sign-in are rate-limited per client. The e2e server trusts X-Forwarded-For, so each
 * test is its own client (documentation addresses) and the suite can run twice in an hour.
 */
const clientHeaders = () => ({ 'x-forwarded-for': `2001:db8:e2e::${randomBytes(2).toString('hex')}` });
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(clientHeaders());
});

/** Choice cards hide their input behind the card, as people tap the card: so do we. */
async function choose(page: Page, role: 'radio' | 'checkbox', name: string | RegExp) {
  const input = page.getByRole(role, { name });
  await page
    .locator('label')
    .filter({ has: input })
    .click({ position: { x: 12, y: 12 } });
  await expect(input).toBeChecked();
}

async function continueTo(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function registerModel(page: Page, testInfo: Parameters<Parameters<typeof test>[2]>[1], shots = false) {
  const id = unique();
  const model = { name: `Luna ${id}`, username: `luna_${id}`, email: `luna-${id}@example.com` };
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  if (shots) await snap(page, testInfo, 'register-1-type');
  await choose(page, 'radio', /Post videos/);
  await expect(page).toHaveURL(/\/register\/model$/);
  await continueTo(page, 'Choose a username');

  // Characters outside letters, digits, - and _ never reach the field.
  await page.getByLabel('Username').fill(`${model.username}!#`);
  await expect(page.getByLabel('Username')).toHaveValue(model.username);
  await expect(page.getByText('Username is available.')).toBeVisible();
  if (shots) await snap(page, testInfo, 'register-2-username');
  await continueTo(page, 'Who is on camera?');
  await choose(page, 'radio', 'Couple');
  if (shots) await snap(page, testInfo, 'register-3-sex');
  await continueTo(page, 'Your details');

  await page.getByLabel('Name').fill(model.name);
  await page.getByLabel('Email').fill(model.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill('something-else');
  await page.getByLabel('Phone number').fill('+15550001111');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please confirm you agree to the Terms & Conditions to continue.');
  await choose(page, 'checkbox', /I agree to the Terms & Conditions/);
  if (shots) await snap(page, testInfo, 'register-4-final');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend email in \d+s/ })).toBeDisabled();
  if (shots) await snap(page, testInfo, 'register-5-verify');
  return model;
}

async function signIn(page: Page, email: string, password: string, remember: boolean) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await choose(page, 'checkbox', 'Remember me');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test.describe('accounts', () => {
  test('a model registers through every step and verifies the e-mail from the mailed link', async ({ page }, testInfo) => {
    const model = await registerModel(page, testInfo, true);
    const link = await linkFromMail(model.email, 'verify-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
    await snap(page, testInfo, 'register-6-email-verified');

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Verification failed' })).toBeVisible();
  });

  test('a viewer registers with their categories', async ({ page }, testInfo) => {
    const id = unique();
    // A browser set to Austrian German: the registration names Austria as the country.
    await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['de-AT', 'de', 'en'] }));
    await page.goto('/register/user');
    await choose(page, 'radio', /Watch videos/);
    await continueTo(page, 'What do you like to watch?');
    await choose(page, 'checkbox', 'Guys');
    await snap(page, testInfo, 'register-user-preference');
    await continueTo(page, 'Your details');
    await expect(page.getByLabel('Phone number')).toHaveCount(0);
    await page.getByLabel('Name').fill(`Viewer ${id}`);
    await page.getByLabel('Email').fill(`viewer-${id}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    const registration = page.waitForRequest((request) => request.url().endsWith('/v1/register'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    // accounts.md §3: the payload names a country, the region of the browser's first language that has one.
    expect((await registration).postDataJSON()).toMatchObject({ country: 'AT' });
    expect(await sql('select country from users where email = $1', [`viewer-${id}@example.com`])).toEqual([{ country: 'AT' }]);

    await signIn(page, `viewer-${id}@example.com`, PASSWORD, false);
    await expect(page.getByRole('heading', { level: 1, name: `Viewer ${id}` })).toBeVisible();
    await expect(page.getByText('Viewer', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'account-viewer');
  });

  test('remember me survives a browser restart; a plain sign-in does not', async ({ browser, page }, testInfo) => {
    // The whole registration, then two sign-ins each followed by a browser restart: six page loads,
    // about 30 s on a 2-core CI machine (the fresh-clone run of 16bfc66 timed out at 32 s).
    test.slow();
    const model = await registerModel(page, testInfo);
    const restart = async (remember: boolean) => {
      const context = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: clientHeaders() });
      const tab = await context.newPage();
      await signIn(tab, model.email, PASSWORD, remember);
      // A restart keeps local storage and drops session storage.
      const state = await context.storageState();
      await context.close();
      const restarted = await browser.newContext({ ...testInfo.project.use, storageState: state, extraHTTPHeaders: clientHeaders() });
      const again = await restarted.newPage();
      await again.goto('/account');
      return { again, restarted };
    };

    const remembered = await restart(true);
    await expect(remembered.again.getByRole('heading', { level: 1, name: model.name })).toBeVisible();
    await remembered.restarted.close();

    const forgotten = await restart(false);
    await expect(forgotten.again).toHaveURL(/\/login$/);
    await forgotten.restarted.close();
  });

  test('a signed-in person is sent from /login to /account, and logging out ends the session', async ({ page }, testInfo) => {
    const model = await registerModel(page, testInfo);
    await signIn(page, model.email, PASSWORD, true);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(model.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await snap(page, testInfo, 'login-invalid');
  });

  test('a model changes details, sex and password in settings', async ({ page }, testInfo) => {
    const model = await registerModel(page, testInfo);
    await signIn(page, model.email, PASSWORD, false);
    await page.getByRole('link', { name: 'Settings' }).click();
    const entries = page.getByRole('navigation', { name: 'Settings' });
    for (const name of ['Details', 'Gender', 'Password', 'Account validation']) {
      await expect(entries.getByRole('link', { name })).toBeVisible();
    }
    await expect(entries.getByRole('link', { name: 'Channel color' })).toHaveCount(0);
    await snap(page, testInfo, 'settings-model');

    await entries.getByRole('link', { name: 'Details' }).click();
    await page.getByLabel('Description').fill('x'.repeat(200));
    await expect(page.getByLabel('Description')).toHaveValue('x'.repeat(200));
    await page.getByLabel('Description').fill('Evening shows, Thursday to Sunday.');
    await page.getByLabel('Name', { exact: true }).fill(`${model.name} Star`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').getByText('User details updated')).toBeVisible();
    await snap(page, testInfo, 'settings-details');

    await page.goto('/account/settings/gender');
    await choose(page, 'radio', 'Trans');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').getByText('Sex changed')).toBeVisible();

    await page.goto('/account/settings/password');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('brand-new-pass-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect.')).toBeVisible();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').getByText('Password changed successfully')).toBeVisible();
    await snap(page, testInfo, 'settings-password');

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: `${model.name} Star` })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, model.email, 'brand-new-pass-1', false);
  });

  test('Back on an account screen opened directly goes home; opened from the account, back to it (accounts.md §2)', async ({ page }) => {
    const viewer = await registerAccount(test.info().project.use.baseURL!, 'user');
    await signInOnPage(page, viewer);
    for (const path of ['/account/settings/password', '/account/settings', '/account/following']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page, `Back from ${path}`).toHaveURL(/\/$/);
    }

    await page.goto('/account');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('password recovery works end to end from the mailed link', async ({ page }, testInfo) => {
    const model = await registerModel(page, testInfo);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please fill in the email.')).toBeVisible();
    await page.getByLabel('Email').fill(model.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email sent, check your inbox to change the password.')).toBeVisible();
    await snap(page, testInfo, 'forgot-password-sent');

    await page.goto(await linkFromMail(model.email, 'reset-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password').fill('recovered-pass-9');
    await page.getByLabel('Confirm password', { exact: true }).fill('recovered-pass-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await snap(page, testInfo, 'reset-password-done');
    await signIn(page, model.email, 'recovered-pass-9', false);
  });

  test('a model submits identity verification with documents and a drawn signature; an admin approves it', async ({ page }, testInfo) => {
    // Registration, four steps of the form and two runs of the admin command: about 25 s on an idle
    // machine, and over 30 s on a busy one, which failed its first try in CI and passed on the retry.
    test.setTimeout(90_000);
    const model = await registerModel(page, testInfo);
    await signIn(page, model.email, PASSWORD, false);
    await page.goto('/account/settings/validation');
    await expect(page.getByRole('heading', { level: 1, name: 'Account validation' })).toBeVisible();

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Full Name is required.')).toBeVisible();
    await page.getByLabel('Full Name').fill('Anna Maria Example');
    await page.getByLabel('Gender').selectOption({ label: 'Female' });
    await page.getByLabel('Address').fill('1 Main Street, Springfield');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Birthday').fill('1995-04-12');
    await page.getByLabel('Stage name').fill('Luna');
    await snap(page, testInfo, 'validation-1-details');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Identity documents' })).toBeVisible();
    await page.getByLabel('Identification type').selectOption('passport');
    await page.getByLabel('Identification ID').fill('X1234567');
    for (const label of ['Front ID picture', 'Back ID picture', 'Face photo holding ID']) {
      await page.getByLabel(label).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    }
    await snap(page, testInfo, 'validation-2-documents');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Declaration' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Signature is required.')).toBeVisible();
    // Submitting scrolls to the first problem: the pad is measured only once it has stopped moving.
    const canvas = page.getByRole('img', { name: 'Signature' });
    await canvas.scrollIntoViewIfNeeded();
    let pad = await canvas.boundingBox();
    await expect
      .poll(async () => {
        const now = await canvas.boundingBox();
        const still = now !== null && pad !== null && now.x === pad.x && now.y === pad.y;
        pad = now;
        return still;
      })
      .toBe(true);
    if (!pad) throw new Error('no signature pad');
    await page.mouse.move(pad.x + pad.width * 0.15, pad.y + pad.height * 0.6);
    await page.mouse.down();
    for (const [x, y] of [
      [0.3, 0.3],
      [0.45, 0.7],
      [0.6, 0.35],
      [0.8, 0.6],
    ] as const) {
      await page.mouse.move(pad.x + pad.width * x, pad.y + pad.height * y, { steps: 6 });
    }
    await page.mouse.up();
    await snap(page, testInfo, 'validation-3-signature');
    // A failure whose answer carries no message (a proxy's page): accounts.md §8 "{status}: Server error".
    await page.route('**/v1/profile/verification', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }), { times: 1 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('502: Server error', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Verification sent' })).toBeVisible();
    await snap(page, testInfo, 'validation-4-sent');

    await page.goto('/account/settings/validation');
    await expect(page.getByRole('heading', { level: 2, name: 'Waiting for review' })).toBeVisible();

    const pending = admin('verification:list');
    const id = pending
      .split('\n')
      .find((line) => line.includes(model.email))
      ?.match(/^#(\d+)/)?.[1];
    expect(id, pending).toBeTruthy();
    expect(admin('verification:approve', id!)).toContain(`Approved verification #${id}`);

    await page.goto('/account/settings');
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account validation' })).toHaveCount(0);
    await snap(page, testInfo, 'settings-after-approval');
  });
});
