import { randomBytes } from 'node:crypto';
import { NO_HASH, type VideoFingerprint, hashToHex } from '@flick/media';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ENTRY_BYTES, FINGERPRINT_BUCKET_CAP, chunkKeys, toSigned } from '../src/modules/fingerprints/fingerprints.repository.ts';
import { INDEX_EVERY_SECONDS, QUERY_SAMPLES, fingerprintsService, spread } from '../src/modules/fingerprints/fingerprints.service.ts';
import { adminQuery, databaseUrl } from './helpers/postgres-cluster.ts';

/**
 * The fingerprints module on a real PostgreSQL (a copy of the migrated template): fingerprints here are
 * made up, as the bench's synthetic ones are (pHash-like: 32 of 64 bits set), so the test is about the
 * index and the rules, not about ffmpeg (packages/media/test/fingerprint.test.ts covers that).
 */
let pool: pg.Pool;
let name: string;
const adminUrl = () => inject('adminDatabaseUrl');

beforeAll(async () => {
  name = `flick_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl(), `create database ${name} template ${inject('templateDatabase')}`);
  pool = new pg.Pool({ connectionString: databaseUrl(adminUrl(), name), max: 4 });
});
afterAll(async () => {
  await pool.end();
  await adminQuery(adminUrl(), `drop database if exists ${name} with (force)`);
});

let seed = 12345;
/** A small deterministic generator, so a failure can be replayed. */
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
/** A pHash-like hash: 32 of 64 bits set. */
function randomHash(): bigint {
  const bits = Array.from({ length: 64 }, (_, i) => i);
  for (let i = 63; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [bits[i], bits[j]] = [bits[j]!, bits[i]!];
  }
  return bits.slice(0, 32).reduce((hash, bit) => hash | (1n << BigInt(bit)), 0n);
}
/** `hash` with `count` bits flipped (a set one and a clear one at a time, as between two pHashes). */
function perturb(hash: bigint, count: number): bigint {
  let result = hash;
  for (let flipped = 0; flipped < count;) {
    const bit = 1n << BigInt(Math.floor(random() * 64));
    if (((result ^ hash) & bit) !== 0n) continue;
    result ^= bit;
    flipped += 1;
  }
  return result;
}
const fingerprint = (hashes: bigint[]): VideoFingerprint => ({ fps: 2, durationSeconds: hashes.length / 2, hashes });
const randomFingerprint = (samples = 30) => fingerprint(Array.from({ length: samples }, randomHash));
/** A re-upload: every sample a few bits off, the first `trimmed` samples cut, a black one in it. */
function reupload(fp: VideoFingerprint, trimmed = 3, bits = 6): VideoFingerprint {
  const hashes = fp.hashes.slice(trimmed).map((hash) => perturb(hash, bits));
  hashes[5] = NO_HASH;
  return fingerprint(hashes);
}

let users = 0;
async function user(): Promise<number> {
  users += 1;
  const { rows } = await pool.query<{ id: string }>(`insert into users (email, password_hash, name) values ($1, 'x', $2) returning id`, [
    `fingerprints-${users}@example.com`,
    `Fingerprints ${users}`,
  ]);
  return Number(rows[0]!.id);
}
async function video(userId: number): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(`insert into videos (user_id, slug, title, status) values ($1, 'clip', 'Clip', 'approved') returning id`, [userId]);
  return Number(rows[0]!.id);
}

describe('fingerprintsService', () => {
  it('finds a re-upload of a stored video (trimmed, every sample a few bits off) and not a different one', async () => {
    const service = fingerprintsService(pool);
    const owner = await user();
    const original = randomFingerprint();
    const videoId = await video(owner);
    await service.store(videoId, owner, original);
    const other = await video(owner);
    await service.store(other, owner, randomFingerprint());

    const matches = await service.findMatches(reupload(original));
    expect(matches).toEqual([{ videoId, userId: owner, fingerprintId: expect.any(Number), removedAt: null, ratio: expect.any(Number) }]);
    expect(matches[0]!.ratio).toBeGreaterThan(0.9);
    expect(await service.findMatches(randomFingerprint())).toEqual([]);
    // The upload itself is not its own match.
    expect(await service.findMatches(original, { excludeVideoId: videoId })).toEqual([]);
    expect(await service.findMatches(fingerprint([NO_HASH, NO_HASH]))).toEqual([]);
  });

  it('remembers a removed video after its row and its owner are gone, and forgets one its owner deleted', async () => {
    const service = fingerprintsService(pool);
    const owner = await user();
    const removed = randomFingerprint();
    const removedId = await video(owner);
    await service.store(removedId, owner, removed);
    const deleted = randomFingerprint();
    const deletedId = await video(owner);
    await service.store(deletedId, owner, deleted);

    await service.markRemoved(removedId);
    const [taken] = await service.findMatches(reupload(removed));
    expect(taken).toMatchObject({ videoId: removedId, userId: owner });
    expect(taken!.removedAt).toBeInstanceOf(Date);

    await service.markRestored(removedId);
    expect(await service.findMatches(reupload(removed))).toMatchObject([{ videoId: removedId, removedAt: null }]);
    await service.markRemoved(removedId);

    await pool.query('delete from videos where id = any($1)', [[removedId, deletedId]]);
    await pool.query('delete from users where id = $1', [owner]);
    expect(await service.findMatches(reupload(removed))).toMatchObject([{ videoId: null, userId: null, removedAt: expect.any(Date) }]);
    expect(await service.findMatches(reupload(deleted))).toEqual([]);
  });

  it("finds a three-minute upload's copy through at most QUERY_SAMPLES of its samples, spread over its length", async () => {
    const service = fingerprintsService(pool);
    const owner = await user();
    const videoId = await video(owner);
    const long = randomFingerprint(360);
    await service.store(videoId, owner, long);
    const query = reupload(long, 3, 8);
    const picked = spread(query.hashes, QUERY_SAMPLES);
    expect(picked).toHaveLength(QUERY_SAMPLES);
    expect(picked[0]).toBe(query.hashes[0]);
    expect(picked.at(-1)).toBe(query.hashes[Math.floor(((QUERY_SAMPLES - 1) * query.hashes.length) / QUERY_SAMPLES)]);
    expect(await service.findMatches(query)).toMatchObject([{ videoId }]);
  });

  it('replaces a video fingerprint when stored again, index included', async () => {
    const service = fingerprintsService(pool);
    const owner = await user();
    const videoId = await video(owner);
    const first = randomFingerprint();
    await service.store(videoId, owner, first);
    const second = randomFingerprint();
    await service.store(videoId, owner, second);

    expect(await service.findMatches(reupload(first))).toEqual([]);
    expect(await service.findMatches(reupload(second))).toMatchObject([{ videoId }]);
    const { rows: stored } = await pool.query<{ id: number }>('select id::int from video_fingerprints where video_id = $1', [videoId]);
    const { rows: buckets } = await pool.query<{ entries: Buffer }>('select entries from video_fingerprint_buckets');
    const entries = buckets.flatMap(({ entries }) =>
      Array.from({ length: entries.length / ENTRY_BYTES }, (_, i) => entries.subarray(i * ENTRY_BYTES, (i + 1) * ENTRY_BYTES)),
    );
    // One sample per INDEX_EVERY_SECONDS of 15 s, four chunks each; none of the first fingerprint's left.
    const ofVideo = entries.filter((entry) => entry.readInt32BE(0) === stored[0]!.id);
    expect(ofVideo).toHaveLength(Math.ceil(15 / INDEX_EVERY_SECONDS) * 4);
    expect(ofVideo.every((entry) => second.hashes.includes(entry.readBigUInt64BE(4)))).toBe(true);
  });

  it('writes nothing more into a bucket that is full (a common chunk value), and still finds the video by its other chunks', async () => {
    const service = fingerprintsService(pool);
    const owner = await user();
    const videoId = await video(owner);
    const fp = randomFingerprint();
    const hot = chunkKeys(fp.hashes[0]!)[0]!;
    await pool.query(
      `insert into video_fingerprint_buckets (key, entries)
       select $1, string_agg(int4send(-g) || int8send($2::int8), ''::bytea) from generate_series(1, $3) g
       on conflict (key) do update set entries = excluded.entries`,
      [hot, toSigned(fp.hashes[0]!), FINGERPRINT_BUCKET_CAP],
    );
    await service.store(videoId, owner, fp);
    const { rows } = await pool.query<{ n: number }>('select length(entries)::int / $2 as n from video_fingerprint_buckets where key = $1', [hot, ENTRY_BYTES]);
    expect(rows[0]!.n).toBe(FINGERPRINT_BUCKET_CAP);
    expect(await service.findMatches(reupload(fp, 0, 4))).toMatchObject([{ videoId }]);
  });
});

describe('hash lists', () => {
  it('imports one hex hash a line, reports bad lines, ignores comments and blank lines, and imports nothing twice', async () => {
    const service = fingerprintsService(pool);
    const admin = await user();
    const [a, b, c] = [randomHash(), randomHash(), randomHash()];
    const text = [
      '# known-bad list, 2026-11',
      hashToHex(a),
      '',
      `0x${hashToHex(b).toUpperCase()}   # from a partner`,
      'not a hash',
      '123',
      hashToHex(a),
      `${hashToHex(c)}\r`,
    ].join('\n');
    const first = await service.importHashList('partner-list', text, admin);
    expect(first).toEqual({
      imported: 3,
      skipped: 1,
      errors: ['Line 5: "not a hash" is not a 64-bit hash in 16 hex digits.', 'Line 6: "123" is not a 64-bit hash in 16 hex digits.'],
      // Random hashes: no stored video is near them.
      matchedVideoIds: [],
    });
    expect(await service.importHashList('partner-list', text, admin)).toMatchObject({ imported: 0, skipped: 4 });
    const { rows } = await pool.query('select list_name, hash::text, imported_by::int from hash_list_hashes where list_name = $1 order by id', ['partner-list']);
    expect(rows).toEqual([a, b, c].map((hash) => ({ list_name: 'partner-list', hash: toSigned(hash), imported_by: admin })));
    expect(await service.importHashList('  ', text, admin)).toMatchObject({ imported: 0, errors: [expect.stringContaining('name')] });
  });

  it('matches a video with a sample near a listed hash, and not one without', async () => {
    const service = fingerprintsService(pool);
    const listed = randomHash();
    await service.importHashList('csam-list', `${hashToHex(listed)}\n`, null);
    const hit = randomFingerprint();
    hit.hashes[7] = perturb(listed, 6);
    expect(await service.matchHashList(hit)).toEqual({ list: 'csam-list', hash: hashToHex(listed) });
    const far = randomFingerprint();
    far.hashes[7] = perturb(listed, 12);
    expect(await service.matchHashList(far)).toBeNull();
    expect(await service.matchHashList(fingerprint([NO_HASH]))).toBeNull();
  });
});
