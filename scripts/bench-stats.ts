import { statsEarliestDay } from '@flick/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { logSerializers } from '../apps/server/src/lib/log-errors.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { startServer } from '../apps/server/src/server.ts';
import { BENCH_PG_PORT, benchDataDir, prepareBenchDataDir, benchServerConfig } from './support/bench-feed-data.ts';

/**
 * `npm run bench:stats` (accounts.md §2 Stats): POST /v1/profile/stats for a creator with 1,000 videos, 5 links and a
 * year of daily rows (creator_daily_stats and link clicks), six months at a time: the latency a creator
 * waits (one connection, the goal), then the throughput of 10 connections.
 */
const PORT = 8298;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GOAL_P99_MS = 20;

prepareBenchDataDir();
const config = benchServerConfig(PORT, { TRUST_PROXY: 'true' });
const server = await startServer(config, pino({ level: 'warn', serializers: logSerializers }));
const base = `http://127.0.0.1:${PORT}`;
const client = new pg.Client({ connectionString: (await runningEmbeddedPostgresUrl(benchDataDir, BENCH_PG_PORT))! });
await client.connect();

try {
  const id = Date.now().toString(36);
  const account = {
    type: 'model',
    name: `Bench Stats ${id}`,
    email: `bench-stats-${id}@example.com`,
    username: `bench_stats_${id}`,
    password: 'correct-horse-1',
    password_confirmation: 'correct-horse-1',
    phone_number: '+15551234567',
    terms: true,
    gender: 'f',
  };
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${id.length}.1`, ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await post('/v1/register', account);
  const login = await post('/v1/login', { email: account.email, password: account.password, remember_me: true });
  const token = login.access_token as string;
  const userId = (login.user as { id: number }).id;

  await client.query(
    `insert into videos (user_id, slug, title, status, details_at, processed_at, upload_date, duration, like_count, view_count)
     select $1, 'bench-' || g, 'Bench ' || g, 'approved', now(), now(), now() - make_interval(days => g % 365), 10, g % 97, g * 13 % 5000
     from generate_series(1, 1000) g`,
    [userId],
  );
  const { rows: links } = await client.query<{ id: string }>(
    `insert into user_links (user_id, url, name, site, position)
     select $1, 'https://site' || g || '.example/bench', 'Site ' || g, 'site' || g || '.example', g from generate_series(1, 5) g returning id`,
    [userId],
  );
  await client.query(
    `insert into creator_daily_stats (user_id, day, views, likes, new_followers, link_clicks, profile_views)
     select $1, current_date - g, 500 + g % 300, 40 + g % 30, g % 7, 20 + g % 11, 90 from generate_series(0, 364) g
     on conflict do nothing`,
    [userId],
  );
  await client.query(
    `insert into link_click_daily_counts (day, link_id, location, is_live, count)
     select current_date - g, l, loc, false, 1 + g % 5 from generate_series(0, 364) g, unnest($1::bigint[]) l, unnest(array['profile', 'feed-panel']) loc`,
    [links.map((l) => Number(l.id))],
  );
  await client.query('analyze creator_daily_stats; analyze link_click_daily_counts');
  console.log(`creator #${userId}: 1,000 videos, 5 links, 365 days of rollups and ${365 * 5 * 2} link-click rows`);

  const today = new Date().toISOString().slice(0, 10);
  const body = JSON.stringify({ from: statsEarliestDay(today), to: today });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.9.9' };
  const once = performance.now();
  await post('/v1/profile/stats', JSON.parse(body), { authorization: `Bearer ${token}` });
  console.log(`one six-month range, first time: ${(performance.now() - once).toFixed(1)} ms`);

  // The per-client limit (120 a minute) stays out of the measurement: each request from its own address.
  let n = 0;
  const requests = Array.from({ length: 2000 }, () => ({
    method: 'POST',
    path: '/v1/profile/stats',
    body,
    headers: { ...headers, 'x-forwarded-for': `10.8.${(++n >> 8) & 255}.${n & 255}` },
  }));
  // A creator opens their stats and picks dates: one request at a time is what they wait for (the goal);
  // ten at once, with nothing shared between them, is how many such requests the machine answers.
  for (const connections of [1, 10]) {
    const result = await autocannon({ url: base, connections, duration: DURATION_SECONDS, workers: 1, requests });
    console.log(
      `POST /v1/profile/stats, six months, ${connections} connection${connections === 1 ? '' : 's'}: ${Math.round(result.requests.average)} requests/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
        (result.non2xx + result.errors > 0 ? `, ${result.non2xx + result.errors} errors` : '') +
        (connections === 1 ? ` (goal p99 <= ${GOAL_P99_MS} ms: ${result.latency.p99 <= GOAL_P99_MS ? 'met' : 'NOT met'})` : ''),
    );
  }
  await client.query('delete from users where id = $1', [userId]);
} finally {
  await client.end();
  await server.close();
}
process.exit(0);
