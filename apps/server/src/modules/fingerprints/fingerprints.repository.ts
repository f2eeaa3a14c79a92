import { popcount32 } from '@flick/media';
import type pg from 'pg';

/** Entries are never added to a bucket that holds this many already: a common chunk value says little and would cost every lookup. */
export const FINGERPRINT_BUCKET_CAP = 1000;
/** Buckets read in one statement when a hash list is checked against the stored videos. */
const KEYS_A_READ = 2000;
/** Bytes of a bucket entry: the fingerprint's id (int4) and the whole hash (int8), big-endian. */
export const ENTRY_BYTES = 12;

/** A bucket's entries without those of fingerprint `id`. */
export function withoutFingerprint(entries: Buffer, id: number): Buffer {
  const kept: Buffer[] = [];
  for (let offset = 0; offset + ENTRY_BYTES <= entries.length; offset += ENTRY_BYTES) {
    if (entries.readInt32BE(offset) !== id) kept.push(entries.subarray(offset, offset + ENTRY_BYTES));
  }
  return Buffer.concat(kept);
}

/** A 64-bit hash as PostgreSQL's signed bigint (text, so no precision is lost on the way). */
export const toSigned = (hash: bigint): string => BigInt.asIntN(64, hash).toString();

/** The index key of each 16-bit chunk of `hash`: position (0 for the highest bits) * 65536 + value. */
export function chunkKeys(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return [0, 1, 2, 3].map((position) => position * 65536 + Number((unsigned >> BigInt(48 - 16 * position)) & 0xffffn));
}

export interface StoredFingerprintRow {
  id: number;
  videoId: number;
  userId: number;
  fps: number;
  durationSeconds: number;
  hashes: Buffer;
  removedAt: Date | null;
  /** Whether the video's and the owner's rows are still there. */
  videoExists: boolean;
  userExists: boolean;
}

export interface IndexEntry {
  key: number;
  hash: bigint;
}

/** The big-endian 32-bit word at `offset` (inline byte reads: a bucket holds hundreds of entries, a lookup reads ~40,000). */
const wordAt = (b: Buffer, offset: number): number => ((b[offset]! << 24) | (b[offset + 1]! << 16) | (b[offset + 2]! << 8) | b[offset + 3]!) >>> 0;

/** Where buckets are decoded, grown to the largest seen: a lookup decodes ~128 of them, and a Buffer each made
 * the garbage collector stop the server for a full collection every ten lookups or so (its p99). */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** A bucket's base64 text as bytes, in `scratch`: valid until the next call (callers use it synchronously). */
function decoded(base64: string): Buffer {
  const size = Math.ceil((base64.length * 3) / 4);
  if (size > scratch.length) scratch = Buffer.allocUnsafe(2 * size);
  return scratch.subarray(0, scratch.write(base64, 0, 'base64'));
}

/**
 * Reads the buckets of the query's keys and calls `visit` for each entry within `maxDistance` bits of a
 * query sample with that key: the fingerprint's id, the sample's index among the query's distinct hashes,
 * and the distance. Buckets come as base64 text: half the bytes of bytea's hex on the wire and to parse (a
 * lookup reads ~600 KB at a million), KEYS_A_READ keys a statement (a lookup's in one; read in two
 * statements side by side, its p99 was worse: two backends and the server on two cores).
 */
async function visitNear(pool: pg.Pool, query: IndexEntry[], maxDistance: number, visit: (id: number, sample: number, distance: number) => void) {
  const samples = [...new Set(query.map((e) => e.hash))];
  const sampleIndex = new Map(samples.map((hash, i) => [hash, i]));
  const high = samples.map((hash) => Number((BigInt.asUintN(64, hash) >> 32n) & 0xffffffffn));
  const low = samples.map((hash) => Number(hash & 0xffffffffn));
  const byKey = new Map<number, number[]>();
  for (const e of query) {
    const list = byKey.get(e.key) ?? [];
    const i = sampleIndex.get(e.hash)!;
    if (!list.includes(i)) list.push(i);
    byKey.set(e.key, list);
  }
  const filter = (rows: { key: number; entries: string }[]) => {
    for (const row of rows) {
      const entries = decoded(row.entries);
      const end = entries.length - ENTRY_BYTES;
      for (const i of byKey.get(row.key) ?? []) {
        const qHigh = high[i]!;
        const qLow = low[i]!;
        for (let offset = 0; offset <= end; offset += ENTRY_BYTES) {
          const highBits = popcount32(wordAt(entries, offset + 4) ^ qHigh);
          if (highBits > maxDistance) continue;
          const distance = highBits + popcount32(wordAt(entries, offset + 8) ^ qLow);
          if (distance <= maxDistance) visit(wordAt(entries, offset) | 0, i, distance);
        }
      }
    }
  };
  const keys = [...byKey.keys()];
  for (let start = 0; start < keys.length; start += KEYS_A_READ) {
    const { rows } = await pool.query<{ key: number; entries: string }>({
      name: 'fingerprint-buckets',
      text: `select key, encode(entries, 'base64') as entries from video_fingerprint_buckets where key = any($1::int[])`,
      values: [keys.slice(start, start + KEYS_A_READ)],
    });
    filter(rows);
  }
}

/** SQL of the fingerprints module (tables in fingerprints.schema.ts, ADR 0028). */
export function fingerprintsRepository(pool: pg.Pool) {
  return {
    /**
     * Writes (or replaces) a video's fingerprint and its index entries in one transaction. The old
     * entries are taken out of the buckets of the old hashes' keys; buckets are locked in key order, so
     * two uploads writing the same buckets wait for each other and never deadlock.
     */
    async store(
      row: { videoId: number; userId: number; fps: number; durationSeconds: number; hashes: Buffer },
      entries: (old: Buffer | null) => { add: IndexEntry[]; remove: IndexEntry[] },
    ): Promise<number> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows: previous } = await client.query<{ id: string; hashes: Buffer }>('select id, hashes from video_fingerprints where video_id = $1 for update', [
          row.videoId,
        ]);
        const { rows } = await client.query<{ id: string }>(
          `insert into video_fingerprints (video_id, user_id, fps, duration_seconds, hashes) values ($1, $2, $3, $4, $5)
           on conflict (video_id) do update set user_id = excluded.user_id, fps = excluded.fps, duration_seconds = excluded.duration_seconds,
             hashes = excluded.hashes, created_at = now()
           returning id`,
          [row.videoId, row.userId, row.fps, row.durationSeconds, row.hashes],
        );
        const id = Number(rows[0]!.id);
        const { add, remove } = entries(previous[0]?.hashes ?? null);
        if (remove.length > 0) {
          const keys = [...new Set(remove.map((e) => e.key))];
          const { rows: buckets } = await client.query<{ key: number; entries: Buffer }>(
            'select key, entries from video_fingerprint_buckets where key = any($1::int[]) order by key for update',
            [keys],
          );
          for (const bucket of buckets) {
            await client.query('update video_fingerprint_buckets set entries = $2 where key = $1', [bucket.key, withoutFingerprint(bucket.entries, id)]);
          }
        }
        if (add.length > 0) {
          // Appended only to buckets below the cap.
          await client.query(
            `insert into video_fingerprint_buckets as b (key, entries)
             select e.key, string_agg(int4send($1::int4) || int8send(e.hash), ''::bytea order by e.hash)
             from unnest($2::int[], $3::int8[]) as e(key, hash)
             group by e.key
             order by e.key
             on conflict (key) do update set entries = b.entries || excluded.entries
             where length(b.entries) < $4 * ${ENTRY_BYTES}`,
            [id, add.map((e) => e.key), add.map((e) => toSigned(e.hash)), FINGERPRINT_BUCKET_CAP],
          );
        }
        await client.query('commit');
        return id;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    /**
     * The fingerprints with an indexed sample within `maxDistance` bits of a query sample that shares a
     * chunk with it, best first: by how many query samples found them, then by how near (maxDistance + 2
     * - distance, summed). One row is read per distinct key, its bucket filtered here.
     */
    async candidates(query: IndexEntry[], maxDistance: number, limit: number): Promise<{ id: number; hits: number }[]> {
      /** Per fingerprint: the nearest distance found for each query sample. */
      const found = new Map<number, Map<number, number>>();
      await visitNear(pool, query, maxDistance, (id, sample, distance) => {
        const samplesFound = found.get(id) ?? new Map<number, number>();
        if (distance < (samplesFound.get(sample) ?? Infinity)) samplesFound.set(sample, distance);
        found.set(id, samplesFound);
      });
      const ranked = [...found].map(([id, distances]) => {
        let score = 0;
        for (const distance of distances.values()) score += maxDistance + 2 - distance;
        return { id, hits: distances.size, score };
      });
      ranked.sort((a, b) => b.hits - a.hits || b.score - a.score || a.id - b.id);
      return ranked.slice(0, limit).map(({ id, hits }) => ({ id, hits }));
    },

    /** The fingerprints by id that still count: their video is there, or it was removed by a decision. */
    async load(ids: number[]): Promise<StoredFingerprintRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<StoredFingerprintRow & { id: string; videoId: string; userId: string }>({
        name: 'fingerprint-load',
        text: `select f.id, f.video_id as "videoId", f.user_id as "userId", f.fps, f.duration_seconds as "durationSeconds", f.hashes,
                      f.removed_at as "removedAt", v.id is not null as "videoExists", u.id is not null as "userExists"
               from video_fingerprints f
               left join videos v on v.id = f.video_id
               left join users u on u.id = f.user_id
               where f.id = any($1::bigint[]) and (f.removed_at is not null or v.id is not null)`,
        values: [ids],
      });
      return rows.map((r) => ({ ...r, id: Number(r.id), videoId: Number(r.videoId), userId: Number(r.userId) }));
    },

    /**
     * Processed videos, after `afterId` by id, whose original is kept and that have no fingerprint (uploaded
     * before fingerprints existed): what the backfill fingerprints.
     */
    async lacking(afterId: number, limit: number): Promise<{ videoId: number; userId: number; originalKey: string }[]> {
      const { rows } = await pool.query<{ videoId: number; userId: number; originalKey: string }>(
        `select v.id::float8 as "videoId", v.user_id::float8 as "userId", v.original_key as "originalKey"
         from videos v
         where v.id > $1 and v.processed_at is not null and v.original_key is not null and v.status <> 'deleting'
           and not exists (select 1 from video_fingerprints f where f.video_id = v.id)
         order by v.id limit $2`,
        [afterId, limit],
      );
      return rows;
    },

    /** Marks the fingerprint removed when a decision removed its video (taken down, or rejected); whether it did. */
    async markRemovedIfDecided(videoId: number): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update video_fingerprints f set removed_at = now() from videos v
         where f.video_id = $1 and v.id = f.video_id and f.removed_at is null and (v.hidden_reason = 'taken down' or v.status = 'rejected')`,
        [videoId],
      );
      return Boolean(rowCount);
    },

    /** On `client` when given (a caller's transaction), else on the pool. */
    async setRemoved(videoId: number, removed: boolean, client: pg.Pool | pg.PoolClient = pool): Promise<boolean> {
      const { rowCount } = await client.query(
        removed
          ? 'update video_fingerprints set removed_at = now() where video_id = $1 and removed_at is null'
          : 'update video_fingerprints set removed_at = null where video_id = $1 and removed_at is not null',
        [videoId],
      );
      return Boolean(rowCount);
    },

    /** Adds the hashes to the list; answers those that were new. */
    async addToHashList(name: string, hashes: bigint[], importedBy: number | null): Promise<bigint[]> {
      const chunks = hashes.map(chunkKeys).map((keys) => keys.map((key) => key % 65536));
      const { rows } = await pool.query<{ hash: string }>(
        `insert into hash_list_hashes (list_name, hash, c0, c1, c2, c3, imported_by)
         select $1, h, c0, c1, c2, c3, $7 from unnest($2::int8[], $3::int[], $4::int[], $5::int[], $6::int[]) as t(h, c0, c1, c2, c3)
         on conflict (list_name, hash) do nothing
         returning hash::text`,
        [name, hashes.map(toSigned), ...[0, 1, 2, 3].map((p) => chunks.map((c) => c[p]!)), importedBy],
      );
      return rows.map((row) => BigInt.asUintN(64, BigInt(row.hash)));
    },

    /**
     * The videos (still there) with an indexed sample within `maxDistance` bits of one of `hashes` that
     * shares a chunk with it: what a list imported now says about videos stored before. Reads the buckets
     * of the hashes' keys, KEYS_A_READ at a time.
     */
    async videosNear(hashes: bigint[], maxDistance: number): Promise<number[]> {
      const fingerprints = new Set<number>();
      const entries = hashes.flatMap((hash) => chunkKeys(hash).map((key) => ({ key, hash })));
      await visitNear(pool, entries, maxDistance, (id) => fingerprints.add(id));
      if (fingerprints.size === 0) return [];
      const { rows } = await pool.query<{ videoId: number }>(
        'select v.id::float8 as "videoId" from video_fingerprints f join videos v on v.id = f.video_id where f.id = any($1::bigint[]) order by v.id',
        [[...fingerprints]],
      );
      return rows.map((row) => row.videoId);
    },

    /** The listed hash nearest to one of `hashes` within `maxDistance` bits (found through an exactly equal chunk), if any. */
    async nearestListed(hashes: bigint[], maxDistance: number): Promise<{ list: string; hash: bigint } | null> {
      if (hashes.length === 0) return null;
      const chunks = hashes.map(chunkKeys).map((keys) => keys.map((key) => key % 65536));
      const { rows } = await pool.query<{ list: string; hash: string }>({
        name: 'hash-list-nearest',
        text: `with q as (select * from unnest($1::int8[], $2::int[], $3::int[], $4::int[], $5::int[]) as q(hash, c0, c1, c2, c3)),
                    found as (select l.list_name, l.hash, q.hash as query from q join hash_list_hashes l on l.c0 = q.c0
                              union all select l.list_name, l.hash, q.hash from q join hash_list_hashes l on l.c1 = q.c1
                              union all select l.list_name, l.hash, q.hash from q join hash_list_hashes l on l.c2 = q.c2
                              union all select l.list_name, l.hash, q.hash from q join hash_list_hashes l on l.c3 = q.c3)
               select list_name as list, hash::text from found
               where bit_count((hash # query)::bit(64)) <= $6
               order by bit_count((hash # query)::bit(64)), list_name
               limit 1`,
        values: [hashes.map(toSigned), ...[0, 1, 2, 3].map((p) => chunks.map((c) => c[p]!)), maxDistance],
      });
      return rows[0] ? { list: rows[0].list, hash: BigInt(rows[0].hash) } : null;
    },
  };
}

export type FingerprintsRepository = ReturnType<typeof fingerprintsRepository>;
