import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { logSerializers } from '../src/lib/log-errors.ts';
import { TICKET_LIFETIME_MS } from '../src/modules/ads/ad-tokens.ts';
import { pagesService } from '../src/modules/pages/pages.service.ts';
import { enforceRetention, retentionRows } from '../src/modules/retention/retention-job.ts';
import { RETENTION, retentionSentence } from '../src/modules/retention/retention-policy.ts';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 31, "Retention": each kind of personal data goes when the privacy policy says it does, and
 * nothing else goes with it: not a newer row, not a daily total, not a number a creator or an admin sees.
 */
let t: TestApp;
let creator: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
let videoIds: number[];
let linkId: number;
let campaignId: number;
const guestGone = randomUUID();
const guestActive = randomUUID();
const guestReporter = randomUUID();
const guestSearcher = randomUUID();

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await t.pool.query(text, values)).rows as T[];

/** Every daily total and counter a person can see, as one comparable value. */
async function aggregates() {
  const tables = ['video_daily_stats', 'creator_daily_stats', 'link_click_daily_counts', 'event_daily_counts', 'ad_daily_stats'];
  const rows = await Promise.all(tables.map((table) => q(`select * from ${table} order by 1, 2, 3`)));
  const counters = await q(
    `select (select json_agg(json_build_object('id', id, 'likes', like_count, 'views', view_count) order by id) from videos) as videos,
            (select json_agg(json_build_object('id', id, 'impressions', impressions, 'clicks', clicks)) from ad_campaigns) as campaigns`,
  );
  return { ...Object.fromEntries(tables.map((table, i) => [table, rows[i]])), counters };
}

const stats = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/profile/stats',
    headers: { ...client(), ...creator.auth },
    payload: { from: new Date(Date.now() - 150 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as unknown;
};

async function seedOldAndNew() {
  await q(
    `insert into rate_limits (key, window_start, hits) values
       ('POST:/v1/contact:203.0.113.1', now() - interval '25 hours', 3), ('POST:/v1/contact:203.0.113.2', now() - interval '23 hours', 1)`,
  );
  await q(
    `insert into sign_in_backoff (email_key, failures, last_failed_at) values
       ('old-failures', 2, now() - interval '25 hours'), ('new-failures', 2, now() - interval '23 hours')`,
  );
  await q(`insert into video_views (video_id, viewer_key, counted_at) values ($1, $2, now() - interval '7 hours'), ($1, $3, now() - interval '5 hours')`, [
    videoIds[0],
    `g${guestGone}`,
    `u${viewer.id}`,
  ]);
  await q(
    `insert into profile_views (profile_id, viewer_key, counted_at) values ($1, 'ip203.0.113.9', now() - interval '7 hours'), ($1, $2, now() - interval '5 hours')`,
    [creator.id, `g${guestActive}`],
  );
  await q(
    `insert into network_daily_counts (day, kind, subject_id, network, count) values
       (current_date - 1, 'view', $1, '203.0.113.9', 3), (current_date, 'view', $1, '203.0.113.9', 1)`,
    [videoIds[0]],
  );
  await q(`insert into link_click_viewers (day, link_id, viewer_key) values (current_date - 1, $1, $2), (current_date, $1, $2)`, [linkId, `u${viewer.id}`]);
  await q(`insert into ad_events (decision, kind, created_at) values ('old-decision', 1, now() - interval '3 days'), ('new-decision', 1, now() - interval '1 day')`);

  const report = (age: string, ip: string, handled: boolean, guestId: string | null, userId: number | null, message: string) =>
    q(
      `insert into video_reports (video_id, user_id, guest_id, reason, message, client_ip, created_at, handled_at, decision)
       values ($1, $2, $3, 'Other', $4, $5, now() - $6::interval, case when $7 then now() - interval '1 day' end, case when $7 then 'dismissed' end)`,
      [videoIds[1], userId, guestId, message, ip, age, handled],
    );
  await report('31 days', '203.0.113.77', true, null, viewer.id, 'closed, a month old');
  await report('31 days', '198.51.100.5', false, null, viewer.id, 'open, a month old');
  await report('29 days', '2001:db8:5:1::1', true, null, viewer.id, 'closed, under a month');
  await report('91 days', '::ffff:192.0.2.44', true, guestReporter, null, 'a guest, three months old');
  await report('89 days', '2001:db8:7:2::9', true, guestReporter, null, 'a guest, under three months');

  const contact = (age: string, ip: string, message: string) =>
    q(
      `insert into contact_messages (email, message, client_ip, user_agent, created_at) values ('someone@example.com', $1, $2, 'Mozilla/5.0 (iPhone)', now() - $3::interval)`,
      [message, ip, age],
    );
  await contact('31 days', '203.0.113.200', 'a month old');
  await contact('29 days', '203.0.113.201', 'under a month');
  await contact('23 months', '2001:db8:9:1::5', 'under two years');
  await contact('25 months', '203.0.113.202', 'over two years');

  await q(
    `insert into searches (query, normalized, user_id, guest_id, results, created_at) values
       ('Old Mia', 'old mia', $1, null, 0, now() - interval '91 days'), ('old kai', 'old kai', null, $2, 3, now() - interval '91 days'),
       ('New Mia', 'new mia', $1, null, 0, now() - interval '89 days')`,
    [viewer.id, guestSearcher],
  );

  await q(
    `insert into video_likes (viewer_key, video_id, created_at) values
       ($1, $4, now() - interval '91 days'), ($1, $5, now() - interval '100 days'),
       ($2, $4, now() - interval '91 days'), ($2, $5, now() - interval '10 days'),
       ($3, $4, now() - interval '200 days')`,
    [`g${guestGone}`, `g${guestActive}`, `u${viewer.id}`, videoIds[0], videoIds[1]],
  );
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  creator = await signUp(t, 'model');
  viewer = await signUp(t, 'user');
  videoIds = await publishedVideos(t, creator.id, 2, { likes: 12, views: 340 });
  ({ id: linkId } = (
    await q<{ id: number }>(
      `insert into user_links (user_id, url, name, site, position) values ($1, 'https://chaturbate.com/mia', 'Chaturbate', 'chaturbate.com', 0) returning id::float8 as id`,
      [creator.id],
    )
  )[0]!);
  ({ id: campaignId } = (
    await q<{ id: number }>(`insert into ad_campaigns (advertiser, name, impressions, clicks) values ('Acme', 'Spring', 900, 12) returning id::float8 as id`)
  )[0]!);
  // Totals from long ago: older than every retention.
  const long = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  await q(`insert into video_daily_stats (video_id, day, views, likes) values ($1, $2, 340, 12)`, [videoIds[0], long(100)]);
  await q(`insert into creator_daily_stats (user_id, day, views, likes, new_followers, link_clicks, profile_views) values ($1, $2, 340, 12, 4, 9, 60)`, [
    creator.id,
    long(100),
  ]);
  await q(`insert into link_click_daily_counts (day, link_id, location, is_live, count) values ($1, $2, 'profile', false, 9)`, [long(100), linkId]);
  await q(`insert into event_daily_counts (day, event_id, count) values ($1, 1, 77)`, [long(100)]);
  await q(`insert into ad_daily_stats (day, campaign_id, placement_id, creative_id, impressions, clicks) values ($1, $2, 1, 1, 900, 12)`, [long(100), campaignId]);
  await seedOldAndNew();
});
afterAll(() => t.close());

describe('the retention job', () => {
  it('removes exactly what is past its retention, keeps the rest, and leaves every total and statistic as it was', async () => {
    const totalsBefore = await aggregates();
    const statsBefore = await stats();
    const likesCounted = async () =>
      Object.fromEntries((await retentionRows.get()).values.map((value) => [`${value.labels.retention} ${value.labels.table}`, value.value]));
    const metricsBefore = await likesCounted();

    const run = await enforceRetention(t.pool);

    expect(run).toEqual({
      finished: true,
      changed: {
        'rate-limits rate_limits': 1,
        'sign-in-failures sign_in_backoff': 1,
        'counted-views video_views': 1,
        'counted-views profile_views': 1,
        'daily-bounds network_daily_counts': 1,
        'daily-bounds link_click_viewers': 1,
        'ad-events ad_events': 1,
        'report-addresses video_reports': 3,
        'report-guest-ids video_reports': 1,
        // The two-year-old message is cut first, then deleted.
        'support-addresses contact_messages': 3,
        'support-messages contact_messages': 1,
        'search-identities searches': 2,
        'guest-likes video_likes': 2,
      },
    });
    const metricsAfter = await likesCounted();
    expect(metricsAfter['guest-likes video_likes']! - (metricsBefore['guest-likes video_likes'] ?? 0)).toBe(2);
    expect(metricsAfter['report-addresses video_reports']! - (metricsBefore['report-addresses video_reports'] ?? 0)).toBe(3);

    expect(await q(`select key from rate_limits where key like 'POST:/v1/contact:%' order by key`)).toEqual([{ key: 'POST:/v1/contact:203.0.113.2' }]);
    expect(await q(`select email_key from sign_in_backoff`)).toEqual([{ email_key: 'new-failures' }]);
    expect(await q(`select viewer_key from video_views`)).toEqual([{ viewer_key: `u${viewer.id}` }]);
    expect(await q(`select viewer_key from profile_views`)).toEqual([{ viewer_key: `g${guestActive}` }]);
    expect(await q(`select day = current_date as today from network_daily_counts`)).toEqual([{ today: true }]);
    expect(await q(`select day = current_date as today from link_click_viewers`)).toEqual([{ today: true }]);
    expect(await q(`select decision from ad_events`)).toEqual([{ decision: 'new-decision' }]);

    expect(await q(`select message, client_ip, guest_id from video_reports order by id`)).toEqual([
      { message: 'closed, a month old', client_ip: '203.0.113.0/24', guest_id: null },
      // An open report's address still decides whether the video is hidden (SECURITY.md).
      { message: 'open, a month old', client_ip: '198.51.100.5', guest_id: null },
      { message: 'closed, under a month', client_ip: '2001:db8:5:1::1', guest_id: null },
      { message: 'a guest, three months old', client_ip: '192.0.2.0/24', guest_id: null },
      { message: 'a guest, under three months', client_ip: '2001:db8:7::/48', guest_id: guestReporter },
    ]);
    expect(await q(`select message, client_ip, user_agent from contact_messages order by id`)).toEqual([
      { message: 'a month old', client_ip: '203.0.113.0/24', user_agent: null },
      { message: 'under a month', client_ip: '203.0.113.201', user_agent: 'Mozilla/5.0 (iPhone)' },
      { message: 'under two years', client_ip: '2001:db8:9::/48', user_agent: null },
    ]);
    expect(await q(`select query, results, user_id::float8 as user_id, guest_id from searches order by id`)).toEqual([
      { query: 'Old Mia', results: 0, user_id: null, guest_id: null },
      { query: 'old kai', results: 3, user_id: null, guest_id: null },
      { query: 'New Mia', results: 0, user_id: viewer.id, guest_id: null },
    ]);
    // A guest who liked something 10 days ago keeps every like; an account's likes stay while the account does.
    expect(await q(`select viewer_key, video_id::float8 as video_id from video_likes order by viewer_key, video_id`)).toEqual(
      [
        { viewer_key: `g${guestActive}`, video_id: videoIds[0] },
        { viewer_key: `g${guestActive}`, video_id: videoIds[1] },
        { viewer_key: `u${viewer.id}`, video_id: videoIds[0] },
      ].sort((a, b) => a.viewer_key.localeCompare(b.viewer_key) || a.video_id! - b.video_id!),
    );

    expect(await aggregates()).toEqual(totalsBefore);
    expect(await stats()).toEqual(statsBefore);
  });

  it('changes nothing when it runs again', async () => {
    expect(await enforceRetention(t.pool)).toEqual({ finished: true, changed: {} });
  });

  it('works in bounded batches until nothing is left, and stops when its time is up, leaving the rest to the next run', async () => {
    await q(`insert into rate_limits (key, window_start, hits) select 'GET:/v1/batch:' || g, now() - interval '2 days', 1 from generate_series(1, 7) g`);
    await q(`insert into video_likes (viewer_key, video_id, created_at) select 'g' || gen_random_uuid(), $1, now() - interval '120 days' from generate_series(1, 5)`, [
      videoIds[0],
    ]);

    expect(await enforceRetention(t.pool, { budgetMs: -1 })).toEqual({ finished: false, changed: {} });
    expect(await q(`select count(*)::int as n from rate_limits where key like 'GET:/v1/batch:%'`)).toEqual([{ n: 7 }]);

    expect(await enforceRetention(t.pool, { batchSize: 2 })).toEqual({ finished: true, changed: { 'rate-limits rate_limits': 7, 'guest-likes video_likes': 5 } });
    expect(await q(`select count(*)::int as n from rate_limits where key like 'GET:/v1/batch:%'`)).toEqual([{ n: 0 }]);
  });

  it('keeps ad events longer than a decision may still report one', () => {
    expect(RETENTION['ad-events'].kept.period).toEqual({ amount: 2, unit: 'day' });
    expect(2 * 86_400_000).toBeGreaterThan(TICKET_LIFETIME_MS);
  });
});

describe('the enforce-retention job', () => {
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp();
  });
  afterAll(() => w.close());

  it('is scheduled every hour and runs on the queue like any job', async () => {
    expect((await w.pool.query(`select cron from pgboss.schedule where name = 'enforce-retention'`)).rows).toEqual([{ cron: '41 * * * *' }]);
    await w.pool.query(`insert into sign_in_backoff (email_key, failures, last_failed_at) values ('queued', 1, now() - interval '2 days')`);
    await w.jobs.send('enforce-retention', {});
    const state = async () =>
      (await w.pool.query<{ state: string }>(`select state from pgboss.job where name = 'enforce-retention' order by created_on desc limit 1`)).rows;
    await expect.poll(state, { timeout: 15_000, interval: 100 }).toEqual([{ state: 'completed' }]);
    expect((await w.pool.query(`select email_key from sign_in_backoff where email_key = 'queued'`)).rows).toEqual([]);
  });
});

describe('request logs', () => {
  it('carry the client network, not its address, and no guest id', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info', serializers: logSerializers }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, PUBLIC_URL: 'http://flick.test', TRUST_PROXY: 'true' });
    const app = await buildApp({ config, db: t.db, pool: t.pool, logger, jobs: t.jobs });
    try {
      const guest = randomUUID();
      const res = await app.inject({ method: 'GET', url: `/v1/videos?guest_id=${guest}&per_page=2`, headers: { 'x-forwarded-for': '203.0.113.77' } });
      expect(res.statusCode).toBe(200);
      const incoming = lines.map((line) => JSON.parse(line) as { msg?: string; req?: unknown }).find((line) => line.msg === 'incoming request');
      expect(incoming?.req).toEqual({ method: 'GET', url: '/v1/videos?guest_id=-&per_page=2', host: 'localhost:80', remoteNetwork: '203.0.113.0/24' });
      expect(lines.join('\n')).not.toContain('203.0.113.77');
      expect(lines.join('\n')).not.toContain(guest);
    } finally {
      await app.close();
    }
  });
});

describe('the privacy policy page', () => {
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');

  it('states every retention of the policy table as the app serves it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/page/policy' });
    expect(res.statusCode).toBe(200);
    const page = text((res.json() as { content: string }).content);
    for (const retention of Object.values(RETENTION)) expect(page).toContain(retentionSentence(retention));
    for (const section of ['Deleting your account', 'What we keep after your account is deleted', 'Getting a copy of your data', 'Age checks']) {
      expect(page).toContain(section);
    }
  });

  it("replaces a policy no admin edited at the next start (migration 0036, then the start's seeding), and keeps an edited one", async () => {
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../drizzle/0036_retention.sql'), 'utf8');
    const refresh = migration.split('--> statement-breakpoint').find((statement) => statement.includes('DELETE FROM "pages"'))!;
    const shipped = async () => text((await q<{ content: string }>(`select content from pages where slug = 'policy'`))[0]!.content);

    await q(`update pages set content = '<p>The policy of last year.</p>' where slug = 'policy'`);
    await t.pool.query(refresh);
    await pagesService(t.db).seed();
    expect(await shipped()).toContain(retentionSentence(RETENTION['guest-likes']));

    await q(`update pages set content = '<p>Our own words.</p>' where slug = 'policy'`);
    await q(`insert into admin_audit (action, target_type, before, after) values ('edited a page', 'page', '{"slug":"policy"}', '{"slug":"policy"}')`);
    await t.pool.query(refresh);
    await pagesService(t.db).seed();
    expect(await shipped()).toBe('Our own words.');
  });
});
