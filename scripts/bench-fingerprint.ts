import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '../apps/server/src/db/client.ts';
import { fingerprintsService } from '../apps/server/src/modules/fingerprints/fingerprints.service.ts';
import {
  NO_HASH,
  type VideoFingerprint,
  compareFingerprints,
  fingerprintFilter,
  fingerprintVideo,
  isMatch,
  resolveBinaries,
  runFfmpeg,
  transcodeToHls,
  uploadInputArgs,
} from '../packages/media/src/index.ts';
import { bucketStats, loadSyntheticFingerprints, startBenchCluster } from './support/fingerprint-bench-data.ts';
import { type Clip, VARIANT_KINDS, type Variant, inParallel, makeClips, makeVariants, seeded } from './support/fingerprint-corpus.ts';

/**
 * `npm run bench:fingerprint` (issue 30, ADR 0028): on a corpus generated with ffmpeg
 * (support/fingerprint-corpus.ts), how many re-uploads (re-encoded, scaled, trimmed by up to 2 s, cropped
 * 5 %, watermarked) the fingerprint catches, how many pairs of distinct videos it flags, how long a
 * lookup takes among 1,000,000 stored fingerprints in PostgreSQL, and what the fingerprint's branch of the
 * transcode's filter graph adds to the transcode of a 1080x1920 clip.
 *
 * BENCH_FINGERPRINTS (default 1,000,000) sets how many are stored; BENCH_FINGERPRINT_CORPUS names a folder
 * to keep the corpus in and reuse (default: a fresh temporary one, removed after).
 */
const STORED = Number(process.env.BENCH_FINGERPRINTS ?? 1_000_000);
const LOOKUPS = 1000;
const LOOKUP_PASSES = 3;
/** Each source is transcoded this many times without the fingerprint's branch and as many with it; the medians count. */
const COST_RUNS = 3;
/** The branch alone over the decode: runs of each, the medians count. */
const BRANCH_RUNS = 5;
const GOALS = { catchRate: 0.95, distinctFlagged: 0.001, p99Ms: 20, costShare: 0.1 };

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(line);
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(2)} %`;

/** CPU time (ms) of the children this process has waited for: user + system, from /proc/self/stat (Linux). */
async function childrenCpuMs(): Promise<number> {
  const stat = await fs.readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5) (cutime, cstime), in clock ticks of 1/100 s; here counted from field 3.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** Wall and child CPU time of `work`, run alone. */
async function measured(work: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = await childrenCpuMs();
  const wall = performance.now();
  await work();
  return { wallMs: performance.now() - wall, cpuMs: (await childrenCpuMs()) - cpu };
}

const keep = process.env.BENCH_FINGERPRINT_CORPUS;
const work = keep ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'flick-bench-fingerprint-corpus-')));
await fs.mkdir(work, { recursive: true });
const { ffmpeg } = await resolveBinaries();
const cluster = await startBenchCluster();
const client = new pg.Client({ connectionString: cluster.url });
const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });

try {
  // 1. The corpus.
  const corpusReady = existsSync(path.join(work, 'corpus.json'));
  let clips: Clip[];
  let variants: Variant[];
  if (corpusReady) {
    ({ clips, variants } = JSON.parse(await fs.readFile(path.join(work, 'corpus.json'), 'utf8')) as { clips: Clip[]; variants: Variant[] });
    log(`corpus: ${clips.length} clips and ${variants.length} re-uploads reused from ${work}`);
  } else {
    clips = await makeClips(work, ffmpeg);
    log(`corpus: ${clips.length} distinct clips made (${elapsed()})`);
    variants = await makeVariants(clips, work, ffmpeg);
    log(`corpus: ${variants.length} re-uploads made (${elapsed()})`);
    if (keep) await fs.writeFile(path.join(work, 'corpus.json'), JSON.stringify({ clips, variants }));
  }
  const sizes = new Map<string, number>();
  for (const clip of clips) sizes.set(`${clip.width}x${clip.height}`, (sizes.get(`${clip.width}x${clip.height}`) ?? 0) + 1);
  log(
    `  sizes: ${[...sizes].map(([size, n]) => `${n} x ${size}`).join(', ')}; ${Math.min(...clips.map((c) => c.seconds))}-${Math.max(...clips.map((c) => c.seconds))} s`,
  );

  // 2. Fingerprints.
  const files = [...clips.map((c) => c.file), ...variants.map((v) => v.file)];
  const fingerprintMs: number[] = [];
  const fps = await inParallel(files, 2, async (file) => {
    const t0 = performance.now();
    const fp = await fingerprintVideo(file, { binary: ffmpeg });
    fingerprintMs.push(performance.now() - t0);
    return fp;
  });
  const fpOf = new Map(files.map((file, i) => [file, fps[i]!]));
  const original = (clip: Clip) => fpOf.get(clip.file)!;
  const samples = fps.reduce((n, fp) => n + fp.hashes.length, 0);
  const empty = fps.reduce((n, fp) => n + fp.hashes.filter((h) => h === NO_HASH).length, 0);
  log(`fingerprints: ${files.length} videos, ${samples} samples, ${pct(empty, samples)} without a hash (black, flat, plain gradient) (${elapsed()})`);

  // 3. Pairwise: each re-upload against its original; every pair of distinct videos.
  log("\nre-uploads caught (each fingerprint against its original's):");
  const caughtPairwise = new Set<Variant>();
  for (const kind of VARIANT_KINDS) {
    const ofKind = variants.filter((v) => v.kind === kind);
    const caught = ofKind.filter((v) => isMatch(compareFingerprints(fpOf.get(v.file)!, original(v.clip))));
    caught.forEach((v) => caughtPairwise.add(v));
    const missed = ofKind.filter((v) => !caught.includes(v)).map((v) => `${v.clip.name} (${v.detail})`);
    log(`  ${kind.padEnd(12)} ${caught.length}/${ofKind.length}${missed.length > 0 ? `  missed: ${missed.join('; ')}` : ''}`);
  }
  log(`  all          ${caughtPairwise.size}/${variants.length} = ${pct(caughtPairwise.size, variants.length)}`);

  let pairs = 0;
  const flagged: string[] = [];
  for (let i = 0; i < clips.length; i += 1) {
    for (let j = i + 1; j < clips.length; j += 1) {
      pairs += 1;
      if (isMatch(compareFingerprints(original(clips[i]!), original(clips[j]!)))) flagged.push(`${clips[i]!.name} ~ ${clips[j]!.name}`);
    }
  }
  let crossPairs = 0;
  const crossFlagged: string[] = [];
  for (const variant of variants) {
    for (const clip of clips) {
      if (clip.file === variant.clip.file) continue;
      crossPairs += 1;
      if (isMatch(compareFingerprints(fpOf.get(variant.file)!, original(clip)))) crossFlagged.push(`${variant.clip.name} (${variant.kind}) ~ ${clip.name}`);
    }
  }
  log(`distinct videos flagged: ${flagged.length}/${pairs} pairs of originals = ${pct(flagged.length, pairs)}${flagged.length ? `  (${flagged.join('; ')})` : ''}`);
  log(
    `  and ${crossFlagged.length}/${crossPairs} re-uploads against other originals = ${pct(crossFlagged.length, crossPairs)}${crossFlagged.length ? `  (${crossFlagged.slice(0, 10).join('; ')})` : ''}`,
  );

  // 4. Cost in the transcode: the fingerprint is a branch of the transcode's filter graph (ADR 0028), so its
  // cost is what the branch adds to the same transcode, measured on the same 1080x1920 picture as x264 writes
  // it by default (B-frames), as many phones record H.264 (no B-frames, a keyframe a second; at the picture's
  // own low bitrate and at a phone's) and as HEVC. CPU time of the ffmpeg children, and wall time.
  // Measured before the index is loaded: the database's flush of a bulk load would be timed with it.
  const portrait = clips.find((c) => c.width === 1080)!;
  const sources = [
    { name: `${portrait.name} (x264, B-frames)`, file: portrait.file },
    {
      name: 'the same as a phone writes H.264 (no B-frames, keyframe each second)',
      file: path.join(work, 'phone-h264.mp4'),
      args: ['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '30', '-crf', '20'],
    },
    {
      // Phones record 1080p H.264 at 12-20 Mbit/s; decoding grows with the bitrate, the ladder's encoding does not.
      name: 'the same at a phone’s bitrate (H.264, no B-frames, about 18 Mbit/s)',
      file: path.join(work, 'phone-h264-18mbit.mp4'),
      args: ['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '30', '-crf', '6'],
    },
    {
      name: 'the same as HEVC',
      file: path.join(work, 'phone-hevc.mp4'),
      args: ['-c:v', 'libx265', '-preset', 'ultrafast', '-crf', '24', '-x265-params', 'log-level=error'],
    },
  ];
  log(`
cost of the fingerprint's branch in transcodeToHls (${portrait.seconds} s, 1080x1920, 30 fps; CPU time of ffmpeg, and wall time):`);
  const shares: number[] = [];
  const branchShares: number[] = [];
  const binaries = await resolveBinaries();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const source of sources) {
    if (source.args && !existsSync(source.file)) {
      await runFfmpeg(['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', portrait.file, ...source.args, '-pix_fmt', 'yuv420p', '-an', source.file], {
        binary: ffmpeg,
      });
    }
    // COST_RUNS pairs, the transcode without the branch, then with it: the share is that of the medians (one
    // run on a 2-core machine moves by a point or two either way), every pair printed.
    const runs: { plain: { wallMs: number; cpuMs: number }; fingerprinted: { wallMs: number; cpuMs: number } }[] = [];
    const transcode = async (fingerprint: boolean) => {
      const out = path.join(work, 'transcode-out');
      const result = await measured(() => transcodeToHls({ input: source.file, outDir: out, binaries, ...(fingerprint ? { fingerprint: { earlySeconds: 20 } } : {}) }));
      await fs.rm(out, { recursive: true, force: true });
      return result;
    };
    for (let run = 0; run < COST_RUNS; run += 1) runs.push({ plain: await transcode(false), fingerprinted: await transcode(true) });
    const plainCpu = median(runs.map((r) => r.plain.cpuMs));
    const withCpu = median(runs.map((r) => r.fingerprinted.cpuMs));
    shares.push((withCpu - plainCpu) / plainCpu);
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    // The same difference without the encoders around it, which move by a second of CPU from run to run:
    // decoding as the transcode does, with the fingerprint's branch and without, to nowhere.
    const decode = (branch: boolean) => {
      const input = ['-hide_banner', '-nostdin', '-v', 'error', '-threads', '0', ...uploadInputArgs(source.file)];
      const plain = ['-map', '0:v:0', '-f', 'null', '-'];
      const graph = ['-filter_complex', `[0:v:0]split=2[v][fpsrc];[fpsrc]${fingerprintFilter()}[fp]`, '-map', '[v]', '-f', 'null', '-'];
      return measured(() => runFfmpeg([...input, ...(branch ? [...graph, '-map', '[fp]', '-f', 'rawvideo', '-y', '/dev/null'] : plain)], { binary: ffmpeg }));
    };
    const decodes: { plain: number; branch: number }[] = [];
    for (let run = 0; run < BRANCH_RUNS; run += 1) decodes.push({ plain: (await decode(false)).cpuMs, branch: (await decode(true)).cpuMs });
    const branchCpu = median(decodes.map((d) => d.branch)) - median(decodes.map((d) => d.plain));
    branchShares.push(branchCpu / plainCpu);
    log(
      `  ${source.name} (median of ${COST_RUNS}): without ${seconds(plainCpu)} s CPU, ${seconds(median(runs.map((r) => r.plain.wallMs)))} s wall; ` +
        `with ${seconds(withCpu)} s CPU, ${seconds(median(runs.map((r) => r.fingerprinted.wallMs)))} s wall = ${pct(withCpu - plainCpu, plainCpu)} more CPU ` +
        `(each pair: ${runs.map((r) => pct(r.fingerprinted.cpuMs - r.plain.cpuMs, r.plain.cpuMs)).join(', ')})`,
    );
    log(
      `    the decode alone ${seconds(median(decodes.map((d) => d.plain)))} s CPU, with the branch ${seconds(median(decodes.map((d) => d.branch)))} s ` +
        `(median of ${BRANCH_RUNS}): the branch is ${pct(branchCpu, plainCpu)} of the transcode`,
    );
  }

  // 5. The index at a million.
  await client.connect();
  await runMigrations(pool);
  log(`\nloading ${STORED.toLocaleString('en')} synthetic fingerprints (${elapsed()})`);
  const realHashes = [...new Set(fps.flatMap((fp) => fp.hashes.filter((h) => h !== NO_HASH)))];
  await loadSyntheticFingerprints(client, STORED, realHashes, log);
  const service = fingerprintsService(pool);
  const videoIdOf = new Map<string, number>();
  const { rows: owner } = await client.query<{ id: string }>(`insert into users (email, password_hash, name) values ('bench@example.com', 'x', 'Bench') returning id`);
  for (const clip of clips) {
    const { rows } = await client.query<{ id: string }>(`insert into videos (user_id, slug, title, status) values ($1, 'clip', $2, 'approved') returning id`, [
      owner[0]!.id,
      clip.name,
    ]);
    videoIdOf.set(clip.file, Number(rows[0]!.id));
    await service.store(Number(rows[0]!.id), Number(owner[0]!.id), original(clip));
  }
  // As a database that has been running: the bulk load vacuumed, analysed and flushed (no checkpoint writing it out during the lookups).
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  const buckets = await bucketStats(client);
  const { rows: size } = await client.query<{ total: string; chunks: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as total, pg_size_pretty(pg_total_relation_size('video_fingerprint_buckets')) as chunks`,
  );
  log(
    `  stored: ${STORED + clips.length} fingerprints, ${Number(buckets.rows).toLocaleString('en')} index entries in ${buckets.buckets} buckets ` +
      `(mean ${buckets.mean.toFixed(0)}, fullest ${buckets.max}, ${buckets.full} at the cap); index ${size[0]!.chunks}, database ${size[0]!.total} (${elapsed()})`,
  );

  // Queries: every re-upload and original of the corpus, then new videos that match nothing stored (random, and real samples perturbed).
  const random = seeded(77);
  const random64 = () => (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32));
  const fresh = (): VideoFingerprint => {
    const hashes = Array.from({ length: 20 + Math.floor(random() * 41) }, () => {
      if (random() < 0.5) return random64();
      return realHashes[Math.floor(random() * realHashes.length)]! ^ (random64() & random64());
    });
    return { fps: 2, durationSeconds: hashes.length / 2, hashes };
  };
  type Query = { fp: VideoFingerprint; expect: number | null; variant?: Variant };
  const queries: Query[] = [
    ...variants.map((v) => ({ fp: fpOf.get(v.file)!, expect: videoIdOf.get(v.clip.file)!, variant: v })),
    ...clips.map((c) => ({ fp: original(c), expect: videoIdOf.get(c.file)! })),
  ];
  while (queries.length < LOOKUPS) queries.push({ fp: fresh(), expect: null });
  for (const query of queries.slice(0, 50)) await service.findMatches(query.fp);

  const corpusIds = new Set(videoIdOf.values());
  const caughtIndexed = new Set<Variant>();
  const wrong: string[] = [];
  let freshFlagged = 0;
  // The queries go through LOOKUP_PASSES times: one pass's tail is ten queries, and a pause of the machine
  // moves it by milliseconds. Each pass is printed with its slowest queries (the same ones every pass: the
  // queries are slow; different ones: the machine was).
  log(
    `\nlookups (findMatches) among ${(STORED + clips.length).toLocaleString('en')} stored fingerprints, ${queries.length} queries one at a time, ${LOOKUP_PASSES} passes:`,
  );
  const p99s: number[] = [];
  for (let pass = 0; pass < LOOKUP_PASSES; pass += 1) {
    const latencies: { ms: number; query: number }[] = [];
    for (const [index, query] of queries.entries()) {
      const t0 = performance.now();
      const matches = await service.findMatches(query.fp);
      latencies.push({ ms: performance.now() - t0, query: index });
      if (pass > 0) continue;
      const found = new Set(matches.map((m) => m.videoId));
      if (query.variant && found.has(query.expect)) caughtIndexed.add(query.variant);
      if (query.expect === null && matches.length > 0) freshFlagged += 1;
      for (const m of matches) if (m.videoId !== query.expect && m.videoId !== null && corpusIds.has(m.videoId)) wrong.push(`${m.videoId}`);
    }
    latencies.sort((a, b) => a.ms - b.ms);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.ms;
    p99s.push(at(0.99));
    const slowest = latencies
      .slice(-5)
      .reverse()
      .map((l) => `#${l.query} ${l.ms.toFixed(1)}`);
    log(
      `  pass ${pass + 1}: p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  max ${latencies.at(-1)!.ms.toFixed(1)} ms  (slowest: ${slowest.join(', ')})`,
    );
  }
  log(`  re-uploads caught through the index: ${caughtIndexed.size}/${variants.length} = ${pct(caughtIndexed.size, variants.length)}`);
  for (const kind of VARIANT_KINDS)
    log(`    ${kind.padEnd(12)} ${[...caughtIndexed].filter((v) => v.kind === kind).length}/${variants.filter((v) => v.kind === kind).length}`);
  log(`  corpus videos matched to another corpus video: ${wrong.length}; new videos flagged: ${freshFlagged}/${queries.length - variants.length - clips.length}`);
  // The transcode looks up its first EARLY_FINGERPRINT_SECONDS before publishing while encoding; the corpus'
  // clips are all shorter, so there that lookup is the whole one. How much a shorter start would still catch:
  for (const seconds of [3, 5, 8, 10]) {
    let caught = 0;
    for (const variant of variants) {
      const fp = fpOf.get(variant.file)!;
      const start = { ...fp, durationSeconds: Math.min(fp.durationSeconds, seconds), hashes: fp.hashes.slice(0, seconds * fp.fps) };
      if ((await service.findMatches(start)).some((m) => m.videoId === videoIdOf.get(variant.clip.file))) caught += 1;
    }
    log(`  with only the first ${seconds} s of each re-upload: ${caught}/${variants.length} = ${pct(caught, variants.length)}`);
  }

  const catchRate = caughtIndexed.size / variants.length;
  const distinctRate = (flagged.length + crossFlagged.length) / (pairs + crossPairs);
  const p99 = Math.max(...p99s);
  log('\ngoals (issue 30):');
  log(`  re-uploads caught ≥ 95 %: ${pct(caughtIndexed.size, variants.length)} ${catchRate >= GOALS.catchRate ? 'ok' : 'MISSED'}`);
  log(`  distinct videos flagged ≤ 0.1 %: ${(100 * distinctRate).toFixed(3)} % ${distinctRate <= GOALS.distinctFlagged ? 'ok' : 'MISSED'}`);
  log(`  lookup p99 ≤ 20 ms at a million (the worst pass): ${p99.toFixed(1)} ms ${p99 <= GOALS.p99Ms ? 'ok' : 'MISSED'}`);
  const worstShare = Math.max(...shares);
  const worstBranch = Math.max(...branchShares);
  log(
    `  fingerprint ≤ 10 % of the transcode (CPU, worst source): its branch over the decode ${(100 * worstBranch).toFixed(2)} % ${worstBranch <= GOALS.costShare ? 'ok' : 'MISSED'}; ` +
      `in the transcode ${(100 * worstShare).toFixed(2)} % ${worstShare <= GOALS.costShare ? 'ok' : 'MISSED'} (within its run-to-run spread)`,
  );
  log(`(${elapsed()} in all)`);
} finally {
  await client.end().catch(() => undefined);
  await pool.end();
  await cluster.remove();
  if (!keep) await fs.rm(work, { recursive: true, force: true });
}
