import { VIEW_WINDOW_HOURS, type PublicUser, type Video } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { runFeedRebuild } from '../apps/server/src/modules/feed/feed-jobs.ts';
import { FLUSH_INTERVAL_MS } from '../apps/server/src/modules/tracking/counter-buffer.ts';
import { generateCatalogue, seconds } from './support/bench-feed-data.ts';
import { startBenchServer } from './support/bench-server.ts';
import { percentile } from './support/browser-bench.ts';

/**
 * `npm run bench:soak` (ADR 0025): SOAK_VIEWERS (500) simulated viewers for SOAK_SECONDS (300) against
 * one instance, run as `npm run serve` runs it (its own process, job worker inline, so the feed's
 * scheduled re-ranking happens during the run) on a fresh temp DATA_DIR with a generated catalogue
 * (SOAK_VIDEOS, 100,000 videos of 5,000 creators; every third creator has a cam-site link).
 *
 * Viewers are guests (a guest_id, as the web app keeps in local storage) or, about one in five
 * (SOAK_SIGNED_IN), accounts registered and signed in through the API first (bearer token). Each calls
 * what apps/web calls, the way it calls it: a home feed page (`GET /v1/videos?gender=..`, with the
 * guest_id for guests, the bearer for accounts) following `links.next`; the creator of the video on
 * screen (`GET /v1/users/{id}`, kept 60 s like the app's query); a view once it has watched a moment
 * (`POST /v1/video-view`, watched_seconds and completed); likes (`POST /v1/video-like`), some taken back
 * at once, some later; clicks on the creator's links from the feed panel and the profile
 * (`POST /v1/link-click`); profiles (`GET /v1/users/{slug}`, `GET /v1/users/{slug}/videos?per_page=30`,
 * `POST /v1/profile-view`); now and then it reopens the app, seeing the first page again. Think times
 * are short (0.6-3 s per video), so 500 viewers make a heavy load. They arrive over the first 30 s.
 *
 * Rate limits are per client address (plugins/rate-limit-config.ts). The server runs with
 * TRUST_PROXY=true and each viewer sends its own X-Forwarded-For, which is what an instance behind a
 * load balancer sees; a viewer stays far under every limit (about a view every 2 s against 600 in 10
 * minutes), so a 429 is an error here like any other answer >= 400 or a failed connection.
 *
 * What the server counts (modules/tracking), hence what the check expects:
 * - views: once per viewer per video per VIEW_WINDOW_HOURS (6 h); the viewer is the bearer's account,
 *   else the guest_id (else the address). Viewers are new on every run, so a video's view_count must
 *   grow by the number of distinct viewers that reported a view of it, and the answer's `counted` must be
 *   true exactly for each viewer's first report. Watch time and completions count on every report.
 * - likes: one row per (viewer, video); adding a like that is there or removing one that is not changes
 *   nothing. like_count must grow by the number of viewers whose last like call on the video was `add`.
 * - link clicks: a viewer's first click on a link counts (once per viewer, link and day), by link, location
 *   and is_live (link_click_daily_counts). Each viewer has an address of its own, so no network bound is met.
 * - profile views: like views, once per viewer per profile per window, never one's own.
 * The counters are buffered in memory and written every FLUSH_INTERVAL_MS (counter-buffer.ts); after
 * the last answer the check waits for that, then compares PostgreSQL with what the simulation sent,
 * per video, link and profile, and the per-day tables (video_daily_stats, creator_daily_stats) per video
 * and creator. A call that failed may or may not have counted: its video or link is left out of the
 * check (and the run fails anyway, for the error).
 *
 * Prints latency per route (p50/p95/p99, errors), then MATCH or MISMATCH per kind; exits 1 on any
 * error, mismatch or error logged by the server.
 */
const PORT = 8295;
const VIEWERS = Number(process.env.SOAK_VIEWERS ?? 500);
const DURATION_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const SIGNED_IN_SHARE = Number(process.env.SOAK_SIGNED_IN ?? 0.2);
const VIDEOS = Number(process.env.SOAK_VIDEOS ?? 100_000);
const CATALOGUE = { videos: VIDEOS, creators: Math.max(1, Math.round(VIDEOS / 20)), tags: 500 };
const SEED = Number(process.env.SOAK_SEED ?? 1);
/** The app keeps a creator's profile this long (get-public-user.ts staleTime). */
const CREATOR_STALE_MS = 60_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** Viewers arrive over the first 30 s (a tenth of a shorter run), not all in the same second. */
const RAMP_MS = Math.min(30_000, DURATION_SECONDS * 100);

if (DURATION_SECONDS * 1000 >= VIEW_WINDOW_HOURS * 3_600_000) throw new Error('SOAK_SECONDS must be shorter than the view window');

// ---------------------------------------------------------------------------------------------------
// HTTP: one keep-alive connection per viewer at most (each has one request in flight at a time). node:http
// rather than fetch: undici is no dependency of ours, and on a small machine fetch's own CPU would be
// taken from the server it measures.

const agent = new http.Agent({ keepAlive: true, maxSockets: VIEWERS + 16, keepAliveMsecs: 10_000 });

interface Answer {
  status: number;
  body: unknown;
}

function request(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: kept as text for the error sample
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

interface RouteStats {
  times: number[];
  errors: number;
  samples: string[];
}
const routes = new Map<string, RouteStats>();
let soakStartedAt = 0;
/** Latencies since the last progress line: every route's, and the feed's. */
let recent: number[] = [];
let recentFeed: number[] = [];

/** Calls the API, timing it under `route`; the body on 2xx/3xx, else null (and the error is counted). */
async function call<T>(route: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<T | null> {
  const stats = routes.get(route) ?? { times: [], errors: 0, samples: [] };
  routes.set(route, stats);
  const started = performance.now();
  let failure: string | null = null;
  let result: T | null = null;
  try {
    const answer = await request(method, path, headers, body);
    if (answer.status >= 200 && answer.status < 400) result = answer.body as T;
    else failure = `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
  } catch (error) {
    failure = `network: ${(error as Error).message}`;
  }
  const ms = performance.now() - started;
  stats.times.push(ms);
  if (!route.includes('(setup)')) recent.push(ms);
  if (route === 'GET /v1/videos') recentFeed.push(ms);
  if (failure !== null) {
    stats.errors += 1;
    if (stats.samples.length < 5) stats.samples.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`} -> ${failure}`);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// What the simulation sent, and so what the server must have counted.

const sent = {
  /** Distinct viewers that reported a view, per video. */
  views: new Map<number, number>(),
  reports: new Map<number, number>(),
  watchSeconds: new Map<number, number>(),
  completions: new Map<number, number>(),
  /** Answers whose `counted` disagreed with the rule (a first report must count, a repeat must not). */
  countedWrong: [] as string[],
  repeats: 0,
  clicks: new Map<string, number>(),
  profileViews: new Map<number, number>(),
  likeCalls: 0,
  /** A failed call may or may not have counted: these are left out of the check. */
  uncertainVideos: new Set<number>(),
  uncertainLinks: new Set<number>(),
  uncertainProfiles: new Set<number>(),
};
const add = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

// ---------------------------------------------------------------------------------------------------
// Viewers.

interface Viewer {
  n: number;
  headers: Record<string, string>;
  guestId: string;
  userId: number | null;
  gender: string;
  random: () => number;
  viewed: Set<number>;
  liked: Set<number>;
  /** Links this viewer clicked: a click counts once per viewer, link and day (SECURITY.md). */
  clickedLinks: Set<number>;
  profilesViewed: Set<number>;
  creators: Map<number, { at: number; user: PublicUser }>;
}

/** mulberry32: each viewer's choices repeat from run to run with the same SOAK_SEED. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A client address per viewer, as a load balancer passes it on (private, so geo-blocking decides nothing). */
const addressOf = (n: number) => `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (v: Viewer, min: number, max: number) => min + v.random() * (max - min);

/** What the tracking calls name (apps/web visitorIds): the guest id always, the user id when signed in. */
const visitor = (v: Viewer) => ({ guest_id: v.guestId, ...(v.userId === null ? {} : { user_id: v.userId }) });

async function creatorOf(v: Viewer, id: number): Promise<PublicUser | null> {
  const cached = v.creators.get(id);
  if (cached && Date.now() - cached.at < CREATOR_STALE_MS) return cached.user;
  const answer = await call<{ data: PublicUser }>('GET /v1/users/:id', 'GET', `/v1/users/${id}`, v.headers);
  if (!answer) return null;
  v.creators.set(id, { at: Date.now(), user: answer.data });
  return answer.data;
}

async function view(v: Viewer, video: Video, watchedSeconds: number, completed: boolean) {
  const body = { video_id: video.id, ...visitor(v), watched_seconds: Math.round(watchedSeconds * 10) / 10, completed };
  const answer = await call<{ counted: boolean }>('POST /v1/video-view', 'POST', '/v1/video-view', v.headers, body);
  if (!answer) {
    sent.uncertainVideos.add(video.id);
    return;
  }
  const first = !v.viewed.has(video.id);
  if (answer.counted !== first && sent.countedWrong.length < 1000) {
    sent.countedWrong.push(`viewer ${v.n} video ${video.id}: ${first ? 'first' : 'repeat'} view answered counted=${answer.counted}`);
  }
  if (first) {
    v.viewed.add(video.id);
    add(sent.views, video.id);
  } else sent.repeats += 1;
  add(sent.reports, video.id);
  add(sent.watchSeconds, video.id, body.watched_seconds);
  if (completed) add(sent.completions, video.id);
}

async function like(v: Viewer, videoId: number, type: 'add' | 'remove') {
  sent.likeCalls += 1;
  const answer = await call<{ isLiked: boolean }>('POST /v1/video-like', 'POST', '/v1/video-like', v.headers, { video_id: videoId, type, ...visitor(v) });
  if (!answer) {
    sent.uncertainVideos.add(videoId);
    return;
  }
  if (type === 'add') v.liked.add(videoId);
  else v.liked.delete(videoId);
}

async function clickLink(v: Viewer, creator: PublicUser, location: 'feed-panel' | 'feed-chip' | 'profile') {
  const link = creator.links[Math.floor(v.random() * creator.links.length)];
  if (!link) return;
  const answer = await call('POST /v1/link-click', 'POST', '/v1/link-click', v.headers, {
    link_id: link.id,
    ...visitor(v),
    is_live: link.isLive,
    link_location: location,
  });
  if (!answer) sent.uncertainLinks.add(link.id);
  else if (!v.clickedLinks.has(link.id)) {
    v.clickedLinks.add(link.id);
    add(sent.clicks, `${link.id}|${location}|${link.isLive}`);
  }
}

/** The profile screen: the creator, the first grid page, the profile view; sometimes a link on it. */
async function openProfile(v: Viewer, video: Video, deadline: number) {
  const slug = encodeURIComponent(video.user.slug ?? String(video.userId));
  const profile = await call<{ data: PublicUser }>('GET /v1/users/:id', 'GET', `/v1/users/${slug}`, v.headers);
  await call('GET /v1/users/:id/videos', 'GET', `/v1/users/${slug}/videos?per_page=30`, v.headers);
  if (!profile) return;
  const id = profile.data.id;
  if (id !== v.userId) {
    const answer = await call<{ counted: boolean }>('POST /v1/profile-view', 'POST', '/v1/profile-view', v.headers, { profile_id: id, ...visitor(v) });
    if (!answer) sent.uncertainProfiles.add(id);
    else {
      const first = !v.profilesViewed.has(id);
      if (answer.counted !== first && sent.countedWrong.length < 1000) {
        sent.countedWrong.push(`viewer ${v.n} profile ${id}: ${first ? 'first' : 'repeat'} profile view answered counted=${answer.counted}`);
      }
      if (first) {
        v.profilesViewed.add(id);
        add(sent.profileViews, id);
      }
    }
  }
  await sleep(between(v, 1000, 3000));
  if (Date.now() < deadline && profile.data.links.length > 0 && v.random() < 0.3) await clickLink(v, profile.data, 'profile');
}

interface FeedPage {
  data: Video[];
  links: { next: string | null };
}

async function runViewer(v: Viewer, deadline: number) {
  await sleep(between(v, 0, RAMP_MS));
  const first = `/v1/videos?gender=${v.gender}${v.userId === null ? `&guest_id=${v.guestId}` : ''}`;
  let next: string | null = first;
  let queue: Video[] = [];
  while (Date.now() < deadline) {
    if (queue.length === 0) {
      const page: FeedPage | null = await call<FeedPage>('GET /v1/videos', 'GET', next ?? first, v.headers);
      if (!page) {
        await sleep(1000);
        continue;
      }
      queue = page.data;
      next = page.links.next;
      if (queue.length === 0) {
        next = first;
        await sleep(1000);
      }
      continue;
    }
    const video = queue.shift()!;
    // The creator panel of the video on screen, and the video playing a while.
    const creator = await creatorOf(v, video.userId);
    const watched = between(v, 600, 3000);
    await sleep(watched);
    const completed = v.random() < 0.3;
    await view(v, video, completed ? video.duration : (watched / 1000) * (1 + v.random() * 4), completed);
    if (Date.now() >= deadline) break;

    const roll = v.random();
    if (!v.liked.has(video.id) && roll < 0.12) {
      await like(v, video.id, 'add');
      // A tenth change their mind at once (the same second's buffer gets +1 and -1).
      if (v.random() < 0.1) {
        await sleep(between(v, 100, 400));
        await like(v, video.id, 'remove');
      }
    } else if (v.liked.has(video.id) && roll < 0.3) {
      await like(v, video.id, 'remove');
    }
    // Now and then a like from the liked list is taken back.
    if (v.liked.size > 0 && v.random() < 0.03) {
      const liked = [...v.liked];
      await like(v, liked[Math.floor(v.random() * liked.length)]!, 'remove');
    }
    if (creator && creator.links.length > 0 && v.random() < 0.08) await clickLink(v, creator, v.random() < 0.7 ? 'feed-panel' : 'feed-chip');
    if (v.random() < 0.05 && Date.now() < deadline) await openProfile(v, video, deadline);
    // Reopening the app: the first page again, whose videos this viewer has seen (repeat views).
    if (v.random() < 0.02) {
      next = first;
      queue = [];
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The database's counts, before and after.

interface Counts {
  videos: Map<number, { views: number; likes: number; watch: number; completions: number; owner: number }>;
  likeRows: Map<number, number>;
  clicks: Map<string, number>;
  profileViews: Map<number, number>;
  videoDays: Map<number, { views: number; likes: number }>;
  creatorDays: Map<number, { views: number; likes: number; clicks: number; profileViews: number }>;
  linkOwners: Map<number, number>;
}

async function readCounts(client: pg.Client): Promise<Counts> {
  const videos = await client.query<{ id: number; views: number; likes: number; watch: number; completions: number; owner: number }>(
    `select id::int, view_count::float8 as views, like_count::float8 as likes, watch_seconds::float8 as watch, completions::float8, user_id::int as owner from videos`,
  );
  const likeRows = await client.query<{ id: number; n: number }>(`select video_id::int as id, count(*)::int as n from video_likes group by 1`);
  const clicks = await client.query<{ link: number; location: string; live: boolean; n: number }>(
    `select link_id::int as link, location, is_live as live, sum(count)::int as n from link_click_daily_counts group by 1, 2, 3`,
  );
  const profiles = await client.query<{ id: number; n: number }>(`select id::int, profile_views_count::int as n from users where profile_views_count <> 0`);
  const videoDays = await client.query<{ id: number; views: number; likes: number }>(
    `select video_id::int as id, sum(views)::int as views, sum(likes)::int as likes from video_daily_stats group by 1`,
  );
  const creatorDays = await client.query<{ id: number; views: number; likes: number; clicks: number; pv: number }>(
    `select user_id::int as id, sum(views)::int as views, sum(likes)::int as likes, sum(link_clicks)::int as clicks, sum(profile_views)::int as pv
     from creator_daily_stats group by 1`,
  );
  const links = await client.query<{ id: number; owner: number }>(`select id::int, user_id::int as owner from user_links`);
  return {
    videos: new Map(videos.rows.map((r) => [r.id, r])),
    likeRows: new Map(likeRows.rows.map((r) => [r.id, r.n])),
    clicks: new Map(clicks.rows.map((r) => [`${r.link}|${r.location}|${r.live}`, r.n])),
    profileViews: new Map(profiles.rows.map((r) => [r.id, r.n])),
    videoDays: new Map(videoDays.rows.map((r) => [r.id, r])),
    creatorDays: new Map(creatorDays.rows.map((r) => [r.id, { views: r.views, likes: r.likes, clicks: r.clicks, profileViews: r.pv }])),
    linkOwners: new Map(links.rows.map((r) => [r.id, r.owner])),
  };
}

/** The spacing of float4 values around x: watch_seconds is a `real`, so each write rounds to it. */
const float4Step = (x: number) => (x === 0 ? 0 : 2 ** (Math.floor(Math.log2(Math.abs(x))) - 23));

interface Check {
  name: string;
  detail: string;
  problems: string[];
}

function compare(before: Counts, after: Counts, viewers: Viewer[]): Check[] {
  const netLikes = new Map<number, number>();
  for (const v of viewers) for (const id of v.liked) add(netLikes, id, 1);
  const skipVideo = (id: number) => sent.uncertainVideos.has(id);
  const zero = { views: 0, likes: 0, watch: 0, completions: 0, owner: 0 };

  const views: Check = { name: 'views', detail: '', problems: [] };
  const likes: Check = { name: 'likes', detail: '', problems: [] };
  const watch: Check = { name: 'watch time and completions', detail: '', problems: [] };
  const videoDays: Check = { name: 'video_daily_stats (views, likes)', detail: '', problems: [] };
  let maxWatchError = 0;
  for (const [id, now] of after.videos) {
    if (skipVideo(id)) continue;
    const was = before.videos.get(id) ?? zero;
    const expectedViews = sent.views.get(id) ?? 0;
    const expectedLikes = netLikes.get(id) ?? 0;
    if (now.views - was.views !== expectedViews) views.problems.push(`video ${id}: view_count +${now.views - was.views}, sent ${expectedViews} counting views`);
    if (now.likes - was.likes !== expectedLikes)
      likes.problems.push(`video ${id}: like_count ${now.likes - was.likes >= 0 ? '+' : ''}${now.likes - was.likes}, net likes sent ${expectedLikes}`);
    const rows = (after.likeRows.get(id) ?? 0) - (before.likeRows.get(id) ?? 0);
    if (rows !== expectedLikes) likes.problems.push(`video ${id}: ${rows} new video_likes rows, net likes sent ${expectedLikes}`);
    const completions = now.completions - was.completions;
    if (completions !== (sent.completions.get(id) ?? 0)) watch.problems.push(`video ${id}: completions +${completions}, sent ${sent.completions.get(id) ?? 0}`);
    const watchError = Math.abs(now.watch - was.watch - (sent.watchSeconds.get(id) ?? 0));
    maxWatchError = Math.max(maxWatchError, watchError);
    // Each flush that touched the video rounded once, by at most half a step.
    const tolerance = ((sent.reports.get(id) ?? 0) + 1) * float4Step(Math.max(now.watch, was.watch)) + 1e-3;
    if (watchError > tolerance)
      watch.problems.push(`video ${id}: watch_seconds +${(now.watch - was.watch).toFixed(2)}, sent ${(sent.watchSeconds.get(id) ?? 0).toFixed(2)}`);
    const day = after.videoDays.get(id) ?? { views: 0, likes: 0 };
    const dayBefore = before.videoDays.get(id) ?? { views: 0, likes: 0 };
    if (day.views - dayBefore.views !== expectedViews || day.likes - dayBefore.likes !== expectedLikes) {
      videoDays.problems.push(`video ${id}: days +${day.views - dayBefore.views} views ${day.likes - dayBefore.likes} likes, sent ${expectedViews} and ${expectedLikes}`);
    }
  }
  const sum = (map: Map<unknown, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const reports = sum(sent.reports);
  views.detail = `${sum(sent.views).toLocaleString('en')} counting views of ${sent.views.size.toLocaleString('en')} videos (${reports.toLocaleString('en')} reports, ${sent.repeats.toLocaleString('en')} repeats within the window)`;
  if (sent.countedWrong.length > 0) views.problems.push(...sent.countedWrong);
  likes.detail = `${sent.likeCalls.toLocaleString('en')} like/unlike calls, net ${sum(netLikes).toLocaleString('en')} likes on ${netLikes.size.toLocaleString('en')} videos`;
  watch.detail = `${sum(sent.completions).toLocaleString('en')} completions, ${Math.round(sum(sent.watchSeconds)).toLocaleString('en')} s watched (largest difference ${maxWatchError.toFixed(2)} s: watch_seconds is a float4)`;
  videoDays.detail = 'per video, summed over the days of the run';

  const clicks: Check = { name: 'link clicks', detail: '', problems: [] };
  const keys = new Set([...after.clicks.keys(), ...sent.clicks.keys()]);
  for (const key of keys) {
    if (sent.uncertainLinks.has(Number(key.split('|')[0]))) continue;
    const got = (after.clicks.get(key) ?? 0) - (before.clicks.get(key) ?? 0);
    if (got !== (sent.clicks.get(key) ?? 0)) clicks.problems.push(`link|location|live ${key}: +${got} counted, ${sent.clicks.get(key) ?? 0} sent`);
  }
  clicks.detail = `${sum(sent.clicks).toLocaleString('en')} clicks on ${new Set([...sent.clicks.keys()].map((k) => k.split('|')[0])).size.toLocaleString('en')} links, by location`;

  const profiles: Check = { name: 'profile views', detail: '', problems: [] };
  for (const id of new Set([...after.profileViews.keys(), ...sent.profileViews.keys()])) {
    if (sent.uncertainProfiles.has(id)) continue;
    const got = (after.profileViews.get(id) ?? 0) - (before.profileViews.get(id) ?? 0);
    if (got !== (sent.profileViews.get(id) ?? 0))
      profiles.problems.push(`profile ${id}: profile_views_count +${got}, sent ${sent.profileViews.get(id) ?? 0} counting views`);
  }
  profiles.detail = `${sum(sent.profileViews).toLocaleString('en')} counting views of ${sent.profileViews.size.toLocaleString('en')} profiles`;

  // A creator's day: the sums of their videos, links and profile.
  const creators: Check = {
    name: 'creator_daily_stats (views, likes, link clicks, profile views)',
    detail: 'per creator, summed over the days of the run',
    problems: [],
  };
  const expected = new Map<number, { views: number; likes: number; clicks: number; profileViews: number }>();
  const uncertainCreators = new Set<number>();
  const of = (id: number) => expected.get(id) ?? (expected.set(id, { views: 0, likes: 0, clicks: 0, profileViews: 0 }), expected.get(id)!);
  for (const [id, n] of sent.views) of(after.videos.get(id)!.owner).views += n;
  for (const [id, n] of netLikes) of(after.videos.get(id)!.owner).likes += n;
  for (const [key, n] of sent.clicks) of(after.linkOwners.get(Number(key.split('|')[0]))!).clicks += n;
  for (const [id, n] of sent.profileViews) of(id).profileViews += n;
  for (const id of sent.uncertainVideos) uncertainCreators.add(after.videos.get(id)?.owner ?? 0);
  for (const id of sent.uncertainLinks) uncertainCreators.add(after.linkOwners.get(id) ?? 0);
  for (const id of sent.uncertainProfiles) uncertainCreators.add(id);
  for (const id of new Set([...expected.keys(), ...after.creatorDays.keys()])) {
    if (uncertainCreators.has(id)) continue;
    const want = expected.get(id) ?? { views: 0, likes: 0, clicks: 0, profileViews: 0 };
    const now = after.creatorDays.get(id) ?? { views: 0, likes: 0, clicks: 0, profileViews: 0 };
    const was = before.creatorDays.get(id) ?? { views: 0, likes: 0, clicks: 0, profileViews: 0 };
    const got = { views: now.views - was.views, likes: now.likes - was.likes, clicks: now.clicks - was.clicks, profileViews: now.profileViews - was.profileViews };
    if (got.views !== want.views || got.likes !== want.likes || got.clicks !== want.clicks || got.profileViews !== want.profileViews) {
      creators.problems.push(`creator ${id}: +${JSON.stringify(got)}, sent ${JSON.stringify(want)}`);
    }
  }
  return [views, likes, watch, clicks, profiles, videoDays, creators];
}

// ---------------------------------------------------------------------------------------------------

const serverErrors: string[] = [];
let serverWarnings = 0;
const onLog = (line: string) => {
  const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 50);
  if (level >= 50) {
    serverErrors.push(line);
    if (serverErrors.length <= 5) console.error(`server: ${line.slice(0, 1000)}`);
  } else serverWarnings += 1;
};

const setupStarted = performance.now();
const server = await startBenchServer(PORT, 'soak', {}, { webApp: false, onLog });
const databaseUrl = (await runningEmbeddedPostgresUrl(server.dataDir, server.pgPort))!;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
let failed = false;
try {
  await generateCatalogue(client, CATALOGUE);
  const build = await runFeedRebuild(databaseUrl);
  // The app reads the newest epoch at most a second late.
  await sleep(1100);
  console.log(
    `one instance on a fresh database: ${CATALOGUE.videos.toLocaleString('en')} videos of ${CATALOGUE.creators.toLocaleString('en')} creators ` +
      `(feed ranked in ${(build.totalMs / 1000).toFixed(1)} s); set up in ${seconds(setupStarted)} s`,
  );

  const genders = ['f,c', 'f,c', 'f,c', 'f,c', 'f,c', 'f,c', 'f', 'm', 'm', 'f,c,m,t'];
  const viewers: Viewer[] = Array.from({ length: VIEWERS }, (_, n) => {
    const random = seeded(SEED * 1_000_003 + n);
    return {
      n,
      headers: { 'x-forwarded-for': addressOf(n + 1) },
      guestId: randomUUID(),
      userId: null,
      gender: genders[Math.floor(random() * genders.length)]!,
      random,
      viewed: new Set(),
      liked: new Set(),
      clickedLinks: new Set(),
      profilesViewed: new Set(),
      creators: new Map(),
    };
  });

  // Accounts first, through the API, a few at a time (scrypt is meant to be slow).
  const registerStarted = performance.now();
  const signedIn = viewers.filter((v) => v.random() < SIGNED_IN_SHARE);
  const run = Date.now().toString(36);
  const queue = [...signedIn];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const account = {
          type: 'user',
          name: `Soak viewer ${v.n}`,
          username: `soak_${run}_${v.n}`,
          email: `soak-${run}-${v.n}@example.com`,
          password: 'soak-pass-1',
          password_confirmation: 'soak-pass-1',
          terms: true,
          gender: 'm',
          preference: v.gender.split(','),
        };
        await call('POST /v1/register (setup)', 'POST', '/v1/register', v.headers, account);
        const login = await call<{ access_token: string; user: { id: number } }>('POST /v1/login (setup)', 'POST', '/v1/login', v.headers, {
          email: account.email,
          password: account.password,
        });
        if (!login) throw new Error(`viewer ${v.n} could not sign in: ${routes.get('POST /v1/login (setup)')?.samples.join('; ')}`);
        v.userId = login.user.id;
        v.headers = { ...v.headers, authorization: `Bearer ${login.access_token}` };
      }
    }),
  );
  console.log(`${signedIn.length} of ${VIEWERS} viewers registered and signed in (${seconds(registerStarted)} s); the rest are guests`);

  const before = await readCounts(client);
  console.log(`soak: ${VIEWERS} viewers for ${DURATION_SECONDS} s ...`);
  const epochNow = async () => (await client.query<{ epoch: number | null }>('select max(epoch)::float8 as epoch from feed_snapshots')).rows[0]?.epoch ?? null;
  let lastEpoch = await epochNow();
  soakStartedAt = performance.now();
  recent = [];
  recentFeed = [];
  const startedAt = Date.now();
  const deadline = startedAt + DURATION_SECONDS * 1000;
  const total = () => [...routes.entries()].filter(([r]) => !r.includes('(setup)')).reduce((a, [, s]) => a + s.times.length, 0);
  const errors = () => [...routes.values()].reduce((a, s) => a + s.errors, 0);
  let lastTotal = 0;
  // Every 30 s: the pace and p99 of those 30 s, whether the scheduled re-ranking ran meanwhile, and how
  // busy the machine is (the figures are this machine's, shared with whatever else runs on it).
  const progress = setInterval(() => {
    const t = total();
    const [all, feed] = [recent, recentFeed];
    recent = [];
    recentFeed = [];
    const line =
      `  ${Math.round((performance.now() - soakStartedAt) / 1000)} s: ${t.toLocaleString('en')} requests, ${Math.round((t - lastTotal) / 30)}/s, ` +
      `p99 ${percentile(all, 99).toFixed(0)} ms (feed pages ${percentile(feed, 99).toFixed(0)} ms), ${errors()} errors, ` +
      `machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
    lastTotal = t;
    epochNow().then(
      (epoch) => {
        const ranked = epoch !== null && epoch !== lastEpoch ? `; the feed was re-ranked at ${Math.round((epoch - startedAt) / 1000)} s` : '';
        lastEpoch = epoch;
        console.log(`${line}${ranked}`);
      },
      () => console.log(line),
    );
  }, 30_000);
  await Promise.all(viewers.map((v) => runViewer(v, deadline)));
  clearInterval(progress);
  const elapsed = (performance.now() - soakStartedAt) / 1000;

  // The table.
  const rows = [...routes.entries()].sort(([a], [b]) => a.localeCompare(b));
  const pad = (s: string, n: number) => s.padStart(n);
  console.log(
    `\n${'route'.padEnd(32)}${pad('requests', 10)}${pad('req/s', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('errors', 8)}`,
  );
  const all: number[] = [];
  for (const [route, s] of rows) {
    const setup = route.includes('(setup)');
    if (!setup) all.push(...s.times);
    console.log(
      `${route.padEnd(32)}${pad(s.times.length.toLocaleString('en'), 10)}${pad(setup ? '' : (s.times.length / elapsed).toFixed(1), 8)}` +
        `${pad(percentile(s.times, 50).toFixed(1), 9)}${pad(percentile(s.times, 95).toFixed(1), 9)}${pad(percentile(s.times, 99).toFixed(1), 9)}` +
        `${pad(Math.max(...s.times).toFixed(0), 9)}${pad(String(s.errors), 8)}`,
    );
  }
  console.log(
    `${'all (soak)'.padEnd(32)}${pad(all.length.toLocaleString('en'), 10)}${pad((all.length / elapsed).toFixed(1), 8)}${pad(percentile(all, 50).toFixed(1), 9)}` +
      `${pad(percentile(all, 95).toFixed(1), 9)}${pad(percentile(all, 99).toFixed(1), 9)}${pad(Math.max(...all).toFixed(0), 9)}${pad(String(errors()), 8)}`,
  );
  for (const [route, s] of rows) for (const sample of s.samples) console.log(`  error ${route}: ${sample}`);

  // The counters reach PostgreSQL within a flush interval of the last answer; a slow flush gets 10 s more.
  const flushStarted = performance.now();
  await sleep(2 * FLUSH_INTERVAL_MS + 500);
  let checks = compare(before, await readCounts(client), viewers);
  while (checks.some((c) => c.problems.length > 0) && performance.now() - flushStarted < 12_000) {
    await sleep(1000);
    checks = compare(before, await readCounts(client), viewers);
  }
  console.log(`\ncounts in PostgreSQL against what the simulation sent (read ${seconds(flushStarted)} s after the last answer):`);
  for (const check of checks) {
    console.log(`  ${check.problems.length === 0 ? 'MATCH   ' : 'MISMATCH'} ${check.name}: ${check.detail}`);
    for (const problem of check.problems.slice(0, 10)) console.log(`           ${problem}`);
    if (check.problems.length > 10) console.log(`           ... and ${check.problems.length - 10} more`);
  }
  const left = sent.uncertainVideos.size + sent.uncertainLinks.size + sent.uncertainProfiles.size;
  if (left > 0)
    console.log(`  (left out after failed calls: ${sent.uncertainVideos.size} videos, ${sent.uncertainLinks.size} links, ${sent.uncertainProfiles.size} profiles)`);
  console.log(`server log: ${serverErrors.length} errors, ${serverWarnings} warnings`);

  const mismatches = checks.filter((c) => c.problems.length > 0).length;
  failed = errors() > 0 || mismatches > 0 || serverErrors.length > 0;
  console.log(
    `\n${failed ? 'FAILED' : 'PASSED'}: ${errors()} errors, ${mismatches} mismatched counts, ${serverErrors.length} server errors ` +
      `(${all.length.toLocaleString('en')} requests in ${elapsed.toFixed(0)} s, p99 ${percentile(all, 99).toFixed(0)} ms)`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await client.end();
  agent.destroy();
  await server.stop();
  if (server.exitCode() !== 0) {
    console.error(`the server did not stop cleanly (exit code ${server.exitCode()})`);
    failed = true;
  } else console.log('the server stopped cleanly (SIGTERM: requests finished, counters written, PostgreSQL stopped)');
}
process.exit(failed ? 1 : 0);
