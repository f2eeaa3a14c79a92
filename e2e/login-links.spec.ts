import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

const PASSWORD = 'velvet-night-42';
/** Each browser and each API call its own client: sign-in is limited per client address. */
const clientHeaders = () => ({ 'x-forwarded-for': `2001:db8:e2e:11::${randomBytes(2).toString('hex')}` });

/** A viewer made through the API, and a session token of theirs: what a sign-in link carries (accounts.md §2). */
async function viewerWithLink(request: APIRequestContext, label: string) {
  const id = randomBytes(4).toString('hex');
  const account = {
    type: 'user',
    name: `${label} ${id}`,
    email: `${label.toLowerCase()}-${id}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    preference: ['f'],
  };
  expect((await request.post('/v1/register', { data: account, headers: clientHeaders() })).status()).toBe(201);
  const login = await request.post('/v1/login', { data: { email: account.email, password: PASSWORD }, headers: clientHeaders() });
  const { access_token } = (await login.json()) as { access_token: string };
  return { ...account, link: `/login/${access_token}` };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

const accountHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.describe('sign-in links (accounts.md §2 "/login/{token}")', () => {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders(clientHeaders());
  });

  test('a signed-out visitor is signed in by the link straight away', async ({ page, request }) => {
    const eve = await viewerWithLink(request, 'Eve');
    await page.goto(eve.link);
    await expect(page).toHaveURL(/\/account$/);
    await expect(accountHeading(page, eve.name)).toBeVisible();
  });

  test('someone signed in is asked before the link swaps the account, and may stay', async ({ page, request }) => {
    const [mia, eve] = [await viewerWithLink(request, 'Mia'), await viewerWithLink(request, 'Eve')];
    await signIn(page, mia.email);

    await page.goto(eve.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Switch account?' })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${mia.name}. Sign in as the link's account instead?`)).toBeVisible();
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(accountHeading(page, mia.name)).toBeVisible();

    await page.goto(eve.link);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(accountHeading(page, eve.name)).toBeVisible();
  });
});
