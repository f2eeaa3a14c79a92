import autocannon from 'autocannon';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import pino from 'pino';
import { logSerializers } from '../apps/server/src/lib/log-errors.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { runFeedRebuild } from '../apps/server/src/modules/feed/feed-jobs.ts';
import { openGeolocator } from '../apps/server/src/lib/geolocation.ts';
import { startServer } from '../apps/server/src/server.ts';
import { createToken, hashToken } from '../apps/server/src/lib/tokens.ts';
import { BENCH_PG_PORT, benchDataDir, ensureBenchData, prepareBenchDataDir, seconds, benchServerConfig } from './support/bench-feed-data.ts';

/**
 * `npm run bench:feed-api`: the home feed on 1,000,000 approved videos from 20,000 creators (the
 * catalogue of support/bench-feed-data.ts, generated on the first run).
 *
 * As real viewers call it (ADR 0026), every request names its viewer (a guest_id, or the bearer token of
 * a signed-in account), so isLiked/isRated are looked up for each. BENCH_ONLY=viewers runs just that
 * part; BENCH_PROFILE=<file.cpuprofile> profiles the server during the guests' 50-connection run and
 * prints the hot path as text.
 */
const PORT = 8298;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
prepareBenchDataDir();

const get = async (url: string) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as { data: { id: number }[]; links: { next: string | null } };
};

/** Mean milliseconds of `pages` requests that follow cursors from `start` (each page read once). */
async function walk(base: string, start: string, pages: number) {
  let url: string | null = start;
  const times: number[] = [];
  for (let i = 0; i < pages && url; i += 1) {
    const t0 = performance.now();
    const body = await get(`${base}${url}`);
    times.push(performance.now() - t0);
    url = body.links.next;
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p50: times[Math.floor(times.length / 2)]!, next: url };
}

/** The URLs of `pages` pages from `start` on, read once (which warms the database for them). */
async function urlsOf(base: string, start: string, pages: number) {
  const urls: string[] = [];
  let url: string | null = start;
  while (url && urls.length < pages) {
    urls.push(url);
    url = (await get(`${base}${url}`)).links.next;
  }
  return urls;
}

async function timed(url: string) {
  const t0 = performance.now();
  await get(url);
  return performance.now() - t0;
}

// Viewers' addresses come in X-Forwarded-For, as behind a load balancer: the geo-blocking run needs them.
/**
 * Geo-blocking (ADR 0013): the home feed with 2% of creators blocking a few countries, for viewers spread over 40
 * countries, against the same viewers with nobody blocking. Runs alternate (A B A B) so drift hits both.
 */
async function geoBlockingRun(home: string) {
  const geo = await openGeolocator();
  // One address in each of 40 countries, found by asking the database about random addresses.
  const byCountry = new Map<string, string>();
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  while (byCountry.size < 40) {
    const ip = [1 + Math.floor(random() * 222), Math.floor(random() * 256), Math.floor(random() * 256), 1 + Math.floor(random() * 254)].join('.');
    const place = geo.locate(ip);
    if (place && !byCountry.has(place.country)) byCountry.set(place.country, ip);
  }
  const countries = [...byCountry.keys()];
  const viewers = [...byCountry.values()].map((ip) => ({ method: 'GET' as const, path: home.replace(base, ''), headers: { 'x-forwarded-for': ip } }));

  await client.query('delete from geo_blocks');
  await client.query(`select nextval('hidden_creator_changes')`);
  const { rows: creators } = await client.query<{ id: string }>(`select id from users where type = 'model' order by id`);
  const blocking = creators.filter((_, i) => i % 50 === 0); // 2%
  const rows = blocking.flatMap((c, i) =>
    countries
      .filter((_, j) => (i + j) % 13 === 0)
      .slice(0, 3)
      .map((country) => [Number(c.id), country] as const),
  );
  const run = async () => {
    const result = await autocannon({ url: base, requests: viewers, connections: 50, duration: DURATION_SECONDS, workers: 1 });
    if (result.non2xx + result.errors > 0) throw new Error(`${result.non2xx + result.errors} failed requests`);
    return result;
  };
  const setBlocks = async (on: boolean) => {
    await client.query('delete from geo_blocks');
    if (on) {
      await client.query(`insert into geo_blocks (user_id, country_code) select * from unnest($1::bigint[], $2::text[])`, [rows.map((r) => r[0]), rows.map((r) => r[1])]);
    }
    await client.query(`select nextval('hidden_creator_changes')`);
    await new Promise((r) => setTimeout(r, 1100));
  };
  await autocannon({ url: base, requests: viewers, connections: 10, duration: 3, workers: 1 });
  const unblocked: number[] = [];
  const blocked: number[] = [];
  let p99 = { unblocked: 0, blocked: 0 };
  for (let round = 0; round < 2; round += 1) {
    await setBlocks(false);
    const a = await run();
    unblocked.push(a.requests.average);
    await setBlocks(true);
    const b = await run();
    blocked.push(b.requests.average);
    p99 = { unblocked: Math.max(p99.unblocked, a.latency.p99), blocked: Math.max(p99.blocked, b.latency.p99) };
  }
  await setBlocks(false);
  const mean = (list: number[]) => list.reduce((x, y) => x + y, 0) / list.length;
  const change = mean(blocked) / mean(unblocked) - 1;
  console.log(
    `home feed, viewers in ${countries.length} countries, 50 connections: ${Math.round(mean(unblocked))} requests/s with nobody blocking (p99 ${p99.unblocked} ms), ` +
      `${Math.round(mean(blocked))} requests/s with ${blocking.length} creators (2%) keeping ${rows.length} country blocks (p99 ${p99.blocked} ms) ` +
      `(${change >= 0 ? '+' : ''}${Math.round(change * 100)}%; goal within 10%: ${Math.abs(change) <= 0.1 ? 'met' : 'NOT met'})`,
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** The hot path of a CPU profile as text: top functions by self and total time, and the hottest stacks. */
function profileSummary(profile: { nodes: ProfileNode[] }, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const root = process.cwd() + '/';
  const where = (url: string) => {
    const file = url.replace(/^file:\/\//, '').replace(root, '');
    const modules = file.lastIndexOf('node_modules/');
    return modules >= 0 ? file.slice(modules + 'node_modules/'.length) : file;
  };
  const label = (n: ProfileNode) =>
    n.callFrame.url ? `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : n.callFrame.functionName || '(anonymous)';
  const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const idle = profile.nodes.filter((n) => ['(idle)', '(program)'].includes(n.callFrame.functionName)).reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const stacks = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (hits === 0) continue;
    self.set(label(n), (self.get(label(n)) ?? 0) + hits);
    const frames: string[] = [];
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      if (node.callFrame.functionName !== '(root)') frames.push(label(node));
    }
    for (const f of new Set(frames)) inclusive.set(f, (inclusive.get(f) ?? 0) + hits);
    // Collapsed stack, outermost first, our code and libraries only (no node: internals in the middle).
    const stack = frames
      .reverse()
      .filter((f, i, all) => i === all.length - 1 || !/^[^ ]+ node:/.test(f))
      .slice(-8)
      .join(' ; ');
    stacks.set(stack, (stacks.get(stack) ?? 0) + hits);
  }
  const pct = (hits: number) => `${((hits / total) * 100).toFixed(1).padStart(5)}%`;
  const list = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => `${pct(hits)}  ${name}`)
      .join('\n');
  return [
    `${total} samples; idle/program ${pct(idle).trim()}`,
    '',
    'Top functions by self time:',
    list(self, top),
    '',
    'Top functions by total time (self + callees):',
    list(inclusive, top),
    '',
    'Hottest stacks (collapsed, outermost first, last 8 frames; flame graph as text):',
    list(stacks, 15),
  ].join('\n');
}

/**
 * The home feed as real viewers call it (ADR 0026). Many guests (one in five has liked a few of the
 * first page's videos) each send their guest_id, and signed-in accounts (which have liked and rated
 * some) send their bearer token, so every request looks up isLiked/isRated.
 */
async function viewersRun(home: string) {
  const GUESTS = 2000;
  const ACCOUNTS = 20;
  const guestId = (i: number) => `b0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  await client.query(`delete from video_likes where viewer_key like 'gb0000000-0000-4000-8000-%'`);
  const { rows: old } = await client.query<{ id: string }>(`select id from users where email like 'benchviewer%@bench.invalid'`);
  await client.query(`delete from video_likes where viewer_key = any($1::text[])`, [old.map((u) => `u${u.id}`)]);
  await client.query(`delete from users where email like 'benchviewer%@bench.invalid'`);
  const pageIds = (await get(home)).data.map((v) => v.id);
  const { rows: accounts } = await client.query<{ id: string }>(
    `insert into users (type, email, password_hash, name, username, slug, email_verified_at)
     select 'user', 'benchviewer' || g || '@bench.invalid', 'x', 'Viewer ' || g, 'benchviewer' || g, 'benchviewer' || g, now()
     from generate_series(1, $1) g returning id`,
    [ACCOUNTS],
  );
  const tokens = accounts.map(() => createToken());
  await client.query(`insert into auth_tokens (user_id, token_hash, expires_at) select * , now() + interval '1 day' from unnest($1::bigint[], $2::text[])`, [
    accounts.map((a) => a.id),
    tokens.map(hashToken),
  ]);
  // Every account likes three of the first page's videos and rates three; every fifth guest likes two.
  const likes: [string, number][] = [];
  const ratings: [string, number, number][] = [];
  accounts.forEach((a, i) => {
    for (let k = 0; k < 3; k += 1) likes.push([`u${a.id}`, pageIds[(i + k) % pageIds.length]!]);
    for (let k = 0; k < 3; k += 1) ratings.push([a.id, pageIds[(i + k + 4) % pageIds.length]!, 1 + ((i + k) % 5)]);
  });
  for (let i = 0; i < GUESTS; i += 5) for (let k = 0; k < 2; k += 1) likes.push([`g${guestId(i)}`, pageIds[(i + k * 3) % pageIds.length]!]);
  await client.query(`insert into video_likes (viewer_key, video_id) select * from unnest($1::text[], $2::bigint[])`, [likes.map((l) => l[0]), likes.map((l) => l[1])]);
  await client.query(`insert into video_ratings (user_id, video_id, rating) select * from unnest($1::bigint[], $2::bigint[], $3::int[])`, [
    ratings.map((r) => r[0]),
    ratings.map((r) => r[1]),
    ratings.map((r) => r[2]),
  ]);

  // What they are shown is right: the guest and the account see their own likes and ratings.
  const path = home.replace(base, '');
  const liker = (await get(`${home}&guest_id=${guestId(5)}`)).data as unknown as { id: number; isLiked: boolean }[];
  if (!liker.some((v) => v.isLiked)) throw new Error('a guest who liked videos on the first page sees none liked');
  const asAccount = await fetch(home, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const mine = ((await asAccount.json()) as { data: { isLiked: boolean; isRated: boolean }[] }).data;
  if (!mine.some((v) => v.isLiked) || !mine.some((v) => v.isRated)) throw new Error('an account sees none of its likes or ratings on the first page');

  const guests = Array.from({ length: GUESTS }, (_, i) => ({ method: 'GET' as const, path: `${path}&guest_id=${guestId(i)}` }));
  const signedIn = tokens.map((token) => ({ method: 'GET' as const, path, headers: { authorization: `Bearer ${token}` } }));
  const run = async (requests: typeof guests, connections: number) => {
    const result = await autocannon({ url: base, requests, connections, duration: DURATION_SECONDS, workers: 1 });
    // An answer other than 2xx is a bug; timeouts (autocannon's 10 s) happen on an overloaded machine and are counted.
    if (result.non2xx > 0) throw new Error(`${result.non2xx} failed requests`);
    return result;
  };
  // The same moment's figure without a viewer (the page cache alone), since the machine's load moves both.
  const nobody = await run([{ method: 'GET', path: `${path}` }], 50);
  console.log(
    `home feed without a viewer (for comparison), 50 connections: ${Math.round(nobody.requests.average)} requests/s, p50 ${nobody.latency.p50} ms, p99 ${nobody.latency.p99} ms`,
  );
  for (const [name, requests] of [
    [`${GUESTS} guests, each with its guest_id`, guests],
    [`${ACCOUNTS} signed-in accounts, each with its bearer token`, signedIn],
  ] as const) {
    await autocannon({ url: base, requests: [...requests], connections: 10, duration: 2, workers: 1 });
    const profiling = process.env.BENCH_PROFILE && requests === guests ? new Session() : null;
    if (profiling) {
      profiling.connect();
      await profiling.post('Profiler.enable');
      await profiling.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiling.post('Profiler.start');
    }
    const heavy = await run([...requests], 50);
    if (profiling) {
      const { profile } = await profiling.post('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      console.log(`\nCPU profile of the server during the next run (written to ${process.env.BENCH_PROFILE}):\n${profileSummary(profile as { nodes: ProfileNode[] })}\n`);
      profiling.disconnect();
    }
    const light = await run([...requests], 10);
    const fast = heavy.requests.average >= 4000 && heavy.errors === 0;
    const steady = light.latency.p99 <= 10;
    console.log(
      `home feed, ${name}, 50 connections: ${Math.round(heavy.requests.average)} requests/s, p50 ${heavy.latency.p50} ms, p99 ${heavy.latency.p99} ms ` +
        `(errors ${heavy.errors}) (goal >= 4,000 requests/s: ${fast ? 'met' : 'NOT met'})`,
    );
    console.log(
      `home feed, ${name}, 10 connections: ${Math.round(light.requests.average)} requests/s, p50 ${light.latency.p50} ms, p99 ${light.latency.p99} ms (errors ${light.errors}) ` +
        `(goal p99 <= 10 ms: ${steady ? 'met' : 'NOT met'})`,
    );
  }
}

const config = benchServerConfig(PORT, { TRUST_PROXY: 'true' });
const server = await startServer(config, pino({ level: 'warn', serializers: logSerializers }));
const base = `http://127.0.0.1:${PORT}`;
const client = new pg.Client({ connectionString: await runningEmbeddedPostgresUrl(benchDataDir, BENCH_PG_PORT) });
await client.connect();
try {
  await ensureBenchData(client);
  const { rows: snapshots } = await client.query<{ epoch: string | null }>('select max(epoch) as epoch from feed_snapshots');
  if (process.env.BENCH_ONLY === 'viewers' && snapshots[0]?.epoch) {
    console.log('feed rebuild skipped: BENCH_ONLY=viewers and a ranked snapshot exists');
  } else {
    // As the rebuild-feed job does it: in a worker thread, while the server keeps answering.
    const build = await runFeedRebuild((await runningEmbeddedPostgresUrl(benchDataDir, BENCH_PG_PORT))!);
    console.log(
      `feed rebuild: ${build.videos.toLocaleString('en')} videos ranked in ${(build.totalMs / 1000).toFixed(1)} s ` +
        `(load ${(build.loadMs / 1000).toFixed(1)} s, rank ${(build.rankMs / 1000).toFixed(1)} s, rest is writing the snapshot)`,
    );
    await new Promise((r) => setTimeout(r, 1100));
  }

  const home = `${base}/v1/videos?gender=f,c`;
  const first = await get(home);
  if (first.data.length !== 10) throw new Error(`the first page has ${first.data.length} videos`);
  await autocannon({ url: home, connections: 10, duration: 3, workers: 1 });

  await viewersRun(home);
  if (process.env.BENCH_ONLY === 'viewers') {
    await client.end();
    await server.close();
    process.exit(0);
  }

  const load = await autocannon({ url: home, connections: 50, duration: DURATION_SECONDS, workers: 1 });
  const goodLoad = load.requests.average >= 2500 && load.non2xx === 0;
  console.log(
    `home feed, 50 connections: ${Math.round(load.requests.average)} requests/s ` +
      `(p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, errors ${load.errors + load.non2xx}) (goal >= 2,500: ${goodLoad ? 'met' : 'NOT met'})`,
  );
  const light = await autocannon({ url: home, connections: 10, duration: DURATION_SECONDS, workers: 1 });
  console.log(
    `home feed, 10 connections: ${Math.round(light.requests.average)} requests/s, p50 ${light.latency.p50} ms, p99 ${light.latency.p99} ms ` +
      `(goal p99 <= 25 ms: ${light.latency.p99 <= 25 ? 'met' : 'NOT met'})`,
  );
  const guest = await autocannon({ url: `${home}&guest_id=8f9c2a3e-4b5d-4c6e-9f70-112233445566`, connections: 10, duration: DURATION_SECONDS, workers: 1 });
  console.log(
    `home feed with a guest_id (isLiked looked up), 10 connections: ${Math.round(guest.requests.average)} requests/s, p50 ${guest.latency.p50} ms, p99 ${guest.latency.p99} ms`,
  );

  // The 1,000th page, reached by following cursors from the first.
  const walkStarted = performance.now();
  const toDeep = await walk(base, '/v1/videos?gender=f,c', 999);
  const deep = toDeep.next!;
  console.log(`followed 999 cursors in ${seconds(walkStarted)} s (a page read cold: mean ${toDeep.mean.toFixed(2)} ms)`);
  const firstHot = await autocannon({ url: home, connections: 10, duration: DURATION_SECONDS, workers: 1 });
  const deepHot = await autocannon({ url: `${base}${deep}`, connections: 10, duration: DURATION_SECONDS, workers: 1 });
  const ratio = deepHot.latency.p50 > 0 && firstHot.latency.p50 > 0 ? deepHot.latency.average / firstHot.latency.average : 1;
  console.log(
    `page 1000 vs page 1, 10 connections: mean ${deepHot.latency.average.toFixed(2)} ms vs ${firstHot.latency.average.toFixed(2)} ms, ` +
      `p99 ${deepHot.latency.p99} ms vs ${firstHot.latency.p99} ms (${Math.round((ratio - 1) * 100)}%; goal within 20%: ${Math.abs(ratio - 1) <= 0.2 ? 'met' : 'NOT met'})`,
  );
  // Cold for the app: pages nobody read in the last seconds (the shared page cache cannot help), one
  // request at a time, alternating between the two stretches so any drift of the machine hits both.
  // Both are read once first, so PostgreSQL has both in memory alike.
  const firstUrls = await urlsOf(base, '/v1/videos?gender=f,c', 50);
  const deepUrls = await urlsOf(base, deep, 50);
  await new Promise((r) => setTimeout(r, 2500));
  const coldFirst: number[] = [];
  const coldDeep: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    coldFirst.push(await timed(`${base}${firstUrls[i]!}`));
    coldDeep.push(await timed(`${base}${deepUrls[i]!}`));
  }
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const coldRatio = mean(coldDeep) / mean(coldFirst);
  console.log(
    `cold pages, one at a time: pages 1000-1049 mean ${mean(coldDeep).toFixed(2)} ms vs pages 1-50 ${mean(coldFirst).toFixed(2)} ms ` +
      `(${Math.round((coldRatio - 1) * 100)}%; goal within 20%: ${Math.abs(coldRatio - 1) <= 0.2 ? 'met' : 'NOT met'})`,
  );

  await geoBlockingRun(home);
} finally {
  await client.end();
  await server.close();
}
process.exit(0);
