import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { EmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { makeReachableForPostgres } from '../../apps/server/src/db/traversable.ts';
import { ENTRY_BYTES, FINGERPRINT_BUCKET_CAP, toSigned } from '../../apps/server/src/modules/fingerprints/fingerprints.repository.ts';
import { INDEX_EVERY_SECONDS } from '../../apps/server/src/modules/fingerprints/fingerprints.service.ts';

/** A TCP port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The database of `npm run bench:fingerprint`: a throwaway embedded PostgreSQL of its own (no fsync,
 * memory for a million fingerprints), and a million synthetic fingerprints bulk-loaded in SQL.
 */
export async function startBenchCluster() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-bench-fingerprint-'));
  await fs.chmod(dir, 0o755);
  await makeReachableForPostgres(dir);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'flick',
    password: 'flick',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: [
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'unix_socket_directories='],
      ...['-c', 'shared_buffers=2GB', '-c', 'maintenance_work_mem=1GB', '-c', 'max_wal_size=16GB', '-c', 'checkpoint_timeout=30min'],
    ],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('flick');
  return {
    url: `postgres://flick:flick@127.0.0.1:${port}/flick`,
    async remove() {
      await postgres.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` fingerprints of 10 to 30 s (20 to 60 samples at 2 a second), owned by 50,000 creators, marked
 * removed (so every lookup loads and compares them as it would removed videos; their videos are not
 * in the database). Half the samples are random 64-bit values; the other half real samples of the corpus
 * (`realHashes`) with about 16 random bits flipped (8 to 24: as far apart as two different pictures' samples
 * mostly are), so chunk values are spread as real pictures spread them, clustered around common ones (the bit of the sample's number is always flipped too, so no
 * fingerprint has the same hash twice and the index needs no DISTINCT). The index gets every fingerprint's sample at each
 * INDEX_EVERY_SECONDS, as the service indexes them, and the same bucket cap.
 */
export async function loadSyntheticFingerprints(client: pg.Client, count: number, realHashes: bigint[], log: (line: string) => void): Promise<void> {
  const step = Math.round(INDEX_EVERY_SECONDS * 2);
  const timed = async (what: string, sql: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(sql, values);
    log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s${result.rowCount ? ` (${result.rowCount.toLocaleString('en')} rows)` : ''}`);
  };
  await client.query('set maintenance_work_mem = $$1GB$$; set work_mem = $$256MB$$; set max_parallel_workers_per_gather = 2');
  await client.query('create unlogged table bench_base (i int primary key, h int8 not null)');
  await client.query('insert into bench_base select i - 1, h from unnest($1::int8[]) with ordinality as t(h, i)', [realHashes.map(toSigned)]);
  const random64 = `(((random() * 4294967295)::int8 << 32) | (random() * 4294967295)::int8)`;
  await timed(
    'samples',
    `create unlogged table bench_samples as
     select g as fid, k, case when (g + k) % 2 = 0 then ${random64} else b.h # (${random64} & ${random64} | (1::int8 << (k % 64))) end as h
     from generate_series(1, $1::int) g
     cross join lateral generate_series(0, 19 + (abs(hashint4(g)) % 41)) k
     join bench_base b on b.i = abs(hashint8(g::int8 * 64 + k)) % $2::int`,
    [count, realHashes.length],
  );
  await timed(
    'video_fingerprints',
    `insert into video_fingerprints (id, video_id, user_id, fps, duration_seconds, hashes, removed_at) overriding system value
     select fid, 1000000000 + fid, 1 + fid % 50000, 2, count(*) / 2.0, string_agg(int8send(h), ''::bytea order by k), now()
     from bench_samples group by fid`,
  );
  await client.query(`select setval('video_fingerprints_id_seq', $1::int8)`, [count]);
  // One bucket a key, entries in fingerprint order, at most FINGERPRINT_BUCKET_CAP of them (the service
  // writes nothing into a full bucket: the first ones stay).
  await timed(
    'video_fingerprint_buckets',
    `insert into video_fingerprint_buckets (key, entries)
     select key, substring(string_agg(int4send(fid) || int8send(h), ''::bytea order by fid, h) from 1 for $2 * ${ENTRY_BYTES})
     from (select p * 65536 + ((h >> (48 - 16 * p)) & 65535)::int as key, fid, h from bench_samples, generate_series(0, 3) p where k % $1 = 0) e
     group by key`,
    [step, FINGERPRINT_BUCKET_CAP],
  );
  await client.query('drop table bench_samples, bench_base');
}

/** The buckets as they are: how many, how full on average, the fullest, how many at the cap. */
export async function bucketStats(client: pg.Client) {
  const { rows } = await client.query<{ buckets: number; rows: string; mean: number; max: number; full: number }>(
    `select count(*)::int as buckets, sum(n)::text as rows, avg(n)::float8 as mean, max(n)::int as max, count(*) filter (where n >= $1)::int as full
     from (select key, length(entries) / ${ENTRY_BYTES} n from video_fingerprint_buckets) b`,
    [FINGERPRINT_BUCKET_CAP],
  );
  return rows[0]!;
}
