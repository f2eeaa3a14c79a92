import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { verticalClip } from './support/clips.ts';
import { sql } from './support/db.ts';
import { snap } from './support/screenshot.ts';

/** A 3 s vertical clip with sound. */
const phoneClip = () => verticalClip({ name: 'flick-e2e-phone-clip.mp4', seconds: 3 });

/** A clip over 8 MiB (grain does not compress), so the browser sends it in two chunks. */
const twoChunkClip = () => verticalClip({ name: 'flick-e2e-grainy-clip.mp4', seconds: 3, filters: 'noise=alls=14:allf=t', encoder: ['-qp', '26'] });

/** Registers a model, marks it verified and signs it in in the page. */
async function signInVerifiedModel(page: Page, request: APIRequestContext) {
  const id = randomBytes(4).toString('hex');
  const client = { 'x-forwarded-for': `2001:db8:up::${id.slice(0, 4)}` };
  await page.setExtraHTTPHeaders(client);
  const account = {
    type: 'model',
    name: `Nova ${id}`,
    username: `nova_${id}`,
    email: `nova-${id}@example.com`,
    password: 'upload-pass-1',
    password_confirmation: 'upload-pass-1',
    phone_number: '+15550002222',
    terms: true,
  };
  expect((await request.post('/v1/register', { data: account, headers: client })).status()).toBe(201);
  await sql(`update users set is_verified = 'approved' where email = $1`, [account.email]);

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test('a verified model uploads a clip, watches it go through the statuses, and it plays', async ({ page, request }, testInfo) => {
  await signInVerifiedModel(page, request);

  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload video' })).toBeVisible();
  await page.getByLabel('Video file').setInputFiles(phoneClip());
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Title').fill('Golden hour');
  await page.getByLabel('Tags').fill('sunset');
  await page.getByLabel('Tags').press('Enter');
  await page.getByLabel('Tags').fill('solo,');
  await snap(page, testInfo, 'upload-details');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').getByText('Video uploaded successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  const tile = page.getByRole('button', { name: 'Golden hour', exact: true });
  await tile.scrollIntoViewIfNeeded();
  await expect(tile).toBeVisible();
  await snap(page, testInfo, 'my-videos-processing');
  // The status badge says "Published" once the video is (viewer.md §4: every status has its badge).
  const myVideos = page.getByRole('region', { name: 'My videos' });
  await expect(myVideos.getByText(/^(Uploaded|Preparing|Processing)$/)).toHaveCount(0, { timeout: 60_000 });
  await expect(myVideos.getByText('Published', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'my-videos-approved');

  await tile.click();
  const player = page.getByRole('dialog', { name: 'Golden hour' });
  const video = player.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await snap(page, testInfo, 'player');
});

test('a dropped connection does not lose the upload: it resumes from the bytes the server has', async ({ page, request }) => {
  await signInVerifiedModel(page, request);
  const creations: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/v1/videos/uploads') creations.push(sent.url());
  });
  // The line drops on the first PATCH, and again on the first try of the second chunk.
  const requests: string[] = [];
  const dropped = new Set<string>();
  await page.route('**/v1/videos/uploads/*', async (route) => {
    const sent = route.request();
    const offset = (await sent.headerValue('upload-offset')) ?? '';
    requests.push(`${sent.method()} ${offset}`.trim());
    if (sent.method() === 'PATCH' && !dropped.has(offset)) {
      dropped.add(offset);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload video' })).toBeVisible();
  await page.getByLabel('Video file').setInputFiles(twoChunkClip());
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'First frame of your video' })).toBeVisible();

  const secondChunk = String(8 * 1024 * 1024);
  expect(requests).toEqual(['PATCH 0', 'HEAD', 'PATCH 0', `PATCH ${secondChunk}`, 'HEAD', `PATCH ${secondChunk}`]);
  expect(creations).toHaveLength(1);
});

/**
 * The creator's grid with answers of our choosing (statuses, pages, failures): the list the server
 * would give, one video at a time, without encoding a clip for each.
 */
function listedVideo(id: number, title: string, status = 'approved') {
  return {
    id,
    slug: `clip-${id}`,
    userId: 1,
    user: { id: 1, slug: null, name: 'Nova', avatar: null },
    title,
    thumbnailUrl: null,
    thumbnailSources: [],
    firstFrameUrl: null,
    playlistUrl: null,
    preloadUrls: [],
    duration: 42,
    viewCount: 0,
    likeCount: 0,
    isLiked: false,
    isRated: false,
    isVertical: true,
    isNsfw: false,
    status,
    statusReason: null,
    tags: [],
    uploadDate: '2024-01-01T10:00:00.000Z',
    createdAt: '2024-01-01T10:00:00.000Z',
  };
}

const listAnswer = (data: unknown[], next: string | null = null) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ data, links: { next } }) });

test.describe('My videos', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'the phone project; the wide sizes are set in the test');

  test('every status has its badge, "Published" included, in 3 columns up to 1023 px wide and 5 from 1024', async ({ page, request }, testInfo) => {
    await page.route('**/v1/profile/videos', (route) =>
      route.fulfill(
        listAnswer([
          listedVideo(9, 'Fresh', 'uploaded'),
          listedVideo(8, 'Almost', 'processing'),
          listedVideo(7, 'Out now'),
          listedVideo(6, 'Not this one', 'rejected'),
          listedVideo(5, 'Broken', 'error'),
          listedVideo(4, 'Also out'),
        ]),
      ),
    );
    await signInVerifiedModel(page, request);
    const myVideos = page.getByRole('region', { name: 'My videos' });
    await expect(myVideos.getByRole('button', { name: 'Out now', exact: true })).toBeVisible();
    await expect(myVideos.locator('[data-tone]')).toHaveText(['Uploaded', 'Processing', 'Published', 'Rejected', 'Failed', 'Published']);

    await myVideos.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'my-videos-badges-390');
    const columns = async () =>
      new Set(await myVideos.getByRole('listitem').evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().left)))).size;
    expect(await columns()).toBe(3);
    for (const width of [640, 800, 1023]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(columns).toBe(3);
    }
    await myVideos.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'my-videos-800');
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(columns).toBe(5);
    await page.setViewportSize({ width: 1440, height: 900 });
    await myVideos.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'my-videos-badges-1440');
  });

  test('a delete shows "Deleting" once the server said 200, not before, and the tile stays', async ({ page, request }) => {
    await page.route('**/v1/profile/videos', (route) => route.fulfill(listAnswer([listedVideo(12, 'Beach day'), listedVideo(11, 'Pool party')])));
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/v1/videos/12/delete', async (route) => {
      await answered;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'Video deleted successfully' }) });
    });
    await signInVerifiedModel(page, request);
    const myVideos = page.getByRole('region', { name: 'My videos' });
    await myVideos.getByRole('button', { name: 'Delete Beach day' }).click();
    await page.getByRole('alertdialog', { name: 'Delete video' }).getByRole('button', { name: 'Delete' }).click();

    await expect(myVideos.getByRole('button', { name: 'Delete Beach day' })).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(500);
    await expect(myVideos.getByText('Deleting', { exact: true })).toHaveCount(0);

    answer();
    await expect(page.getByText('Video deleted successfully')).toBeVisible();
    await expect(myVideos.getByText('Deleting', { exact: true })).toBeVisible();
    await page.waitForTimeout(2500);
    await expect(myVideos.getByRole('button', { name: 'Beach day', exact: true })).toBeVisible();
    await expect(myVideos.getByRole('button', { name: 'Beach day', exact: true })).toBeDisabled();
  });

  test('a page that failed is not asked for again by itself; Try again asks once more', async ({ page, request }) => {
    let failing = true;
    let secondPageAsked = 0;
    await page.route('**/v1/profile/videos**', (route) => {
      if (!new URL(route.request().url()).searchParams.has('before')) {
        return route.fulfill(listAnswer([listedVideo(30, 'Newest')], '/v1/profile/videos?before=30'));
      }
      secondPageAsked += 1;
      return failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Down"}' })
        : route.fulfill(listAnswer([listedVideo(29, 'Older')]));
    });
    await signInVerifiedModel(page, request);
    const myVideos = page.getByRole('region', { name: 'My videos' });
    await expect(myVideos.getByText('More videos could not load.')).toBeVisible();
    const asked = secondPageAsked;
    await page.waitForTimeout(3000);
    expect(secondPageAsked).toBe(asked);

    failing = false;
    await myVideos.getByRole('button', { name: 'Try again' }).click();
    await expect(myVideos.getByRole('button', { name: 'Older', exact: true })).toBeVisible();
    expect(secondPageAsked).toBe(asked + 1);
  });

  test('a video that comes again on the next page is shown once', async ({ page, request }) => {
    await page.route('**/v1/profile/videos**', (route) =>
      new URL(route.request().url()).searchParams.has('before')
        ? route.fulfill(listAnswer([listedVideo(41, 'Moved down'), listedVideo(40, 'Oldest')]))
        : route.fulfill(listAnswer([listedVideo(42, 'Newest'), listedVideo(41, 'Moved down')], '/v1/profile/videos?before=41')),
    );
    await signInVerifiedModel(page, request);
    const myVideos = page.getByRole('region', { name: 'My videos' });
    await expect(myVideos.getByRole('button', { name: 'Oldest', exact: true })).toBeVisible();
    await expect(myVideos.getByRole('button', { name: 'Moved down', exact: true })).toHaveCount(1);
    await expect(myVideos.getByRole('listitem')).toHaveCount(3);
  });
});
