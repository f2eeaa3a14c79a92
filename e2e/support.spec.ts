import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { removalMessages } from '@flick/contract';
import { sql } from './support/db.ts';
import { seedFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

const TOO_MANY = 'You sent too many messages. Please try again later.';

/**
 * The e2e server trusts X-Forwarded-For, so each test and device is its own client and the rate
 * limit of one never spills into another (addresses from the documentation ranges).
 */
const clientAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

test.describe('support form', () => {
  test('sends a message and clears the fields', async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support and Contact Information' })).toBeVisible();
    await snap(page, testInfo, 'support-idle');

    await page.getByLabel('Email').fill('viewer@example.com');
    await page.getByLabel('Message').fill('The feed stops loading after a few videos on my phone.');
    await page.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByRole('status').getByText(/message has been sent/)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await snap(page, testInfo, 'support-sent');
  });

  test('shows the validation message for a bad address without sending', async ({ page }) => {
    let sent = false;
    await page.route('**/v1/contact', (route) => {
      sent = true;
      return route.continue();
    });
    await page.goto('/support');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('says "You sent too many messages" once the server rate-limits the client', async ({ page, request }, testInfo) => {
    // Use up this client's allowance through the API, then send from the form.
    const client = { 'x-forwarded-for': clientAddress() };
    for (let i = 0; i < 10; i += 1) {
      const res = await request.post('/v1/contact', {
        headers: client,
        data: { email: 'spam@example.com', message: `Message ${i}` },
      });
      if (res.status() === 429) break;
      expect(res.status()).toBe(201);
    }
    await page.setExtraHTTPHeaders(client);
    await page.goto('/support');
    await page.getByLabel('Email').fill('viewer@example.com');
    await page.getByLabel('Message').fill('One more message.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert').getByText(TOO_MANY)).toBeVisible();
    // Nothing typed is lost on failure.
    await expect(page.getByLabel('Message')).toHaveValue('One more message.');
    await snap(page, testInfo, 'support-rate-limited');
  });
});

test.describe('content removal request', () => {
  test('someone depicted in a video asks for its removal, from the link on the DMCA page', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { videoIds } = await seedFeed(test.info().project.use.baseURL!, 1);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    await page.goto('/page/dmca');
    await page.getByRole('link', { name: 'content removal request' }).first().click();
    await expect(page).toHaveURL(/\/removal-request$/);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText(removalMessages.videoUrl)).toBeVisible();
    await snap(page, testInfo, 'removal-request-errors');

    await page.getByLabel('Address of the video').fill(`${test.info().project.use.baseURL}/video/${videoIds[0]}`);
    await page.getByLabel('How are you connected to it?').selectOption('depicted');
    await page.getByLabel('Your name').fill('Jane Example');
    await page.getByLabel('Your e-mail').fill('jane@example.com');
    await page.getByLabel('What should be removed, and why').fill('This clip shows me and was posted without my consent.');
    await page.getByText('The information in this request is accurate').click();
    await expect(page.getByRole('checkbox')).toBeChecked();
    await snap(page, testInfo, 'removal-request-filled');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status').filter({ hasText: removalMessages.sent })).toBeVisible();
    const [report] = await sql(`select urgent from video_reports where video_id = $1 order by id desc limit 1`, [videoIds[0]]);
    expect(report).toMatchObject({ urgent: true });
  });
});
