import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { loadConfig } from '../../apps/server/src/config/env.ts';

/**
 * The benchmarks' catalogue (bench:feed-api, bench:search): 1,000,000 approved videos from 20,000
 * creators, generated once with set-based SQL into an embedded PostgreSQL under the system's temp
 * directory and kept for later runs (delete the folder, or FRESH=1, to start over).
 */
export const VIDEOS = 1_000_000;
export const CREATORS = 20_000;
export const TAGS = 500;
/** Both benchmarks use this cluster, so the data is generated once for both (they cannot run at the same time). */
export const BENCH_PG_PORT = 54398;
export const benchDataDir = path.join(os.tmpdir(), 'flick-bench-feed');
const marker = path.join(benchDataDir, `generated-${VIDEOS}`);

/** The folder, emptied first when FRESH=1. */
export function prepareBenchDataDir() {
  if (process.env.FRESH === '1') fs.rmSync(benchDataDir, { recursive: true, force: true });
  fs.mkdirSync(benchDataDir, { recursive: true });
  fs.chmodSync(benchDataDir, 0o755);
}

export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Creators (half Girls, a fifth Couples, a fifth Guys, a tenth Trans), videos over a year, tags, links
 * (one on a cam site for every third creator), replacing any users and tags there were. Sized by the
 * caller: the catalogue below, or a smaller one on a benchmark's own fresh database (bench:soak).
 */
export async function generateCatalogue(client: pg.Client, size: { videos: number; creators: number; tags: number }) {
  await client.query(`truncate users, tags restart identity cascade`);
  await client.query(
    `insert into users (type, email, password_hash, name, username, slug, gender, is_verified, email_verified_at)
     select 'model', 'creator' || g || '@bench.invalid', 'x', 'Creator ' || g, 'creator' || g, 'creator' || g,
            case when g % 10 < 5 then 'f' when g % 10 < 7 then 'c' when g % 10 < 9 then 'm' else 't' end, 'approved', now()
     from generate_series(1, $1) g`,
    [size.creators],
  );
  // Views and likes skewed like real ones: most videos get few, some get many.
  await client.query(
    `insert into videos (user_id, slug, title, status, details_at, processed_at, playable_at, upload_date, duration, width, height,
                         view_count, like_count, watch_seconds, completions, rating_sum, rating_count)
     select 1 + (g::bigint * 7919) % $2, 'clip-' || g, 'Clip ' || g, 'approved', now(), now(), now(),
            now() - (random() * interval '365 days'), 8 + random() * 50, 1080, 1920,
            v.views, (v.views * random() * 0.12)::bigint, v.views * 10 * random(), (v.views * random() * 0.4)::bigint,
            (r.n * (1 + random() * 4))::bigint, r.n
     from generate_series(1, $1) g
     cross join lateral (select floor(power(random(), 4) * 200000)::bigint as views) v
     cross join lateral (select floor(random() * 20)::bigint as n) r`,
    [size.videos, size.creators],
  );
  await client.query(`insert into tags (name, slug) select 'tag' || g, 'tag' || g from generate_series(1, $1) g`, [size.tags]);
  await client.query(
    `insert into video_tags (video_id, tag_id, position)
     select v.id, 1 + (v.id * k * 31 + k) % $1, k from videos v cross join generate_series(0, 2) k
     on conflict do nothing`,
    [size.tags],
  );
  await client.query(
    `insert into user_links (user_id, url, name, site, is_important, position)
     select u.id, 'https://' || s.site || '/creator' || u.id, initcap(split_part(s.site, '.', 1)), s.site, true, 0
     from users u cross join lateral (select (array['chaturbate.com','stripchat.com','bongacams.com'])[1 + u.id % 3] as site) s
     where u.id % 3 = 0`,
  );
  await client.query('vacuum analyze');
}

/** Generates the catalogue unless an earlier run did. */
export async function ensureBenchData(client: pg.Client) {
  if (fs.existsSync(marker)) {
    console.log(`using the generated database in ${path.basename(benchDataDir)} (FRESH=1 to regenerate)`);
    return;
  }
  const started = performance.now();
  await generateCatalogue(client, { videos: VIDEOS, creators: CREATORS, tags: TAGS });
  fs.writeFileSync(marker, new Date().toISOString());
  console.log(`generated ${VIDEOS.toLocaleString('en')} videos of ${CREATORS.toLocaleString('en')} creators in ${seconds(started)} s`);
}

/**
 * The configuration of a benchmark's own server on this database: no demo, no job worker in the
 * process (it would only add noise), quiet logs; `extra` for what one benchmark needs besides.
 */
export function benchServerConfig(port: number, extra: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    DATA_DIR: benchDataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(BENCH_PG_PORT),
    DATABASE_URL: '',
    SEED_DEMO: '0',
    WORKER: 'off',
    LOG_LEVEL: 'warn',
    ...extra,
  });
}
