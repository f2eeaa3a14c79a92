import { expect, test, type Request } from '@playwright/test';
import { sql } from './support/db.ts';
import { quietFeed, waitUntilPlaying } from './support/feed-page.ts';
import { seedFeed, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

let seeded: SeededFeed;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 12);
  // Live on Chaturbate, so the creator is a 'Live Creator' and Chaturbate's "Best of" lists the clips.
  await sql(
    `insert into user_links (user_id, url, name, site, live_source, live_until) values ($1, $2, 'Chaturbate', 'chaturbate.com', 'manual', now() + interval '1 hour')`,
    [seeded.model.id, `https://chaturbate.com/${seeded.model.slug}`],
  );
  // Discover's answer is shared for 30 s: wait until the server's answer lists this run's live creator.
  await expect
    .poll(
      async () => {
        const answer = (await (await fetch(new URL('/v1/discover?gender=f,c', baseURL()))).json()) as { liveUsers: { id: number }[] };
        return answer.liveUsers.some((user) => user.id === seeded.model.id);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
});

test('Discover shows the carousels and sections, and each leads where it should', async ({ page }, testInfo) => {
  await quietFeed(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discover', exact: true }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Live Creators' }).getByRole('link', { name: new RegExp(seeded.model.slug.replace('model_', 'Ava ')) })).toBeVisible();
  for (const name of ['Newest Creators', 'Cams sites', 'Most liked this week', 'Most liked all time', 'Most viewed this week', 'Most viewed all time']) {
    await expect(page.getByRole('list', { name })).toBeVisible();
  }
  await snap(page, testInfo, 'discover');

  await page.getByRole('list', { name: 'Most liked this week' }).getByRole('link', { name: 'More Videos' }).click();
  await expect(page).toHaveURL(/\/discover\/category\/liked_weekly\/feed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Most liked this week' })).toBeVisible();
  await waitUntilPlaying(page);

  await page.goBack();
  await page.getByRole('list', { name: 'Cams sites' }).getByRole('link', { name: 'Chaturbate' }).click();
  await expect(page).toHaveURL(/\/discover\/webcam-site\/chaturbate\/feed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Best of Chaturbate' })).toBeVisible();
  // Every run links its creator to Chaturbate, so the playing clip may be an earlier run's: its creator must be on the site.
  const playing = await waitUntilPlaying(page);
  expect(await sql(`select 1 from videos v join user_links l on l.user_id = v.user_id where v.id = $1 and l.site = 'chaturbate.com'`, [playing])).toHaveLength(1);

  await page.goBack();
  // Other runs' creators may be live too (live.spec.ts, the other project): open this run's.
  await page
    .getByRole('list', { name: 'Live Creators' })
    .getByRole('link', { name: new RegExp(seeded.model.slug.replace('model_', 'Ava ')) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${seeded.model.slug}$`));
});

test("a tag's feed is titled with the tag's name, not its id (ADR 0034), and opens its grid from the title bar", async ({ page }) => {
  await quietFeed(page);
  await page.goto(`/tag/${seeded.tag.id}/feed`);
  await waitUntilPlaying(page);
  await expect(page.getByRole('heading', { level: 1, name: `#${seeded.tag.name}`, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `#${seeded.tag.id}` })).toHaveCount(0);
  await page.getByRole('link', { name: /as a grid$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tag/${seeded.tag.id}$`));
  await expect(
    page
      .getByRole('list', { name: /^Videos tagged/ })
      .getByRole('link')
      .first(),
  ).toBeVisible();
});

test('search asks twice as typing settles (300 ms, then final at 2 s) and shows users, tags and videos, or no results', async ({ page }, testInfo) => {
  // Both times are the browser's own clock: the last keystroke, and when each search request started.
  await page.addInitScript(() => document.addEventListener('input', () => ((window as unknown as { lastInputAt: number }).lastInputAt = Date.now()), true));
  const searches: { request: Request; isFinal: boolean; url: string }[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/v1/discover/search')) return;
    searches.push({ request, isFinal: (request.postDataJSON() as { is_final: boolean }).is_final, url: request.url() });
  });
  await page.goto('/discover');
  const box = page.getByRole('searchbox', { name: 'Search creators, tags and videos' });
  await box.pressSequentially(seeded.tag.name, { delay: 30 });
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: `#${seeded.tag.name}` })).toBeVisible();
  await expect.poll(() => searches.filter((s) => s.isFinal).length, { timeout: 5000 }).toBe(1);
  const typedAt = await page.evaluate(() => (window as unknown as { lastInputAt: number }).lastInputAt);
  const first = searches.find((s) => !s.isFinal && s.url.includes(`query=${seeded.tag.name}&`))!;
  const final = searches.find((s) => s.isFinal)!;
  await Promise.all([first.request.response(), final.request.response()]);
  // Timers fire at their time or later; a few ms of clock rounding either way.
  expect(first.request.timing().startTime - typedAt).toBeGreaterThanOrEqual(295);
  expect(final.request.timing().startTime - typedAt).toBeGreaterThanOrEqual(1995);
  expect(searches.filter((s) => !s.isFinal && !s.url.includes(`query=${seeded.tag.name}&`))).toEqual([]);
  await box.fill('Original clip');
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('link', { name: 'Original clip' }).first()).toBeVisible();

  await box.fill(seeded.model.slug);
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('link', { name: new RegExp(seeded.model.slug) })).toBeVisible();
  await snap(page, testInfo, 'discover-search');
  await page.getByRole('list', { name: 'Users' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/${seeded.model.slug}$`));

  await page.goto('/discover');
  await page.getByRole('searchbox', { name: 'Search creators, tags and videos' }).fill('qqxqzv zzqx');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('list', { name: 'Cams sites' })).toBeVisible();
});
