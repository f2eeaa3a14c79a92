import type pg from 'pg';

/** Rows are never added to a chunk bucket that holds this many already: a common chunk value says little and would cost every lookup. */
export const FINGERPRINT_BUCKET_CAP = 1000;

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

/** SQL of the fingerprints module (tables in fingerprints.schema.ts, ADR 0028). */
export function fingerprintsRepository(pool: pg.Pool) {
  return {
    /**
     * Writes (or replaces) a video's fingerprint and its index rows in one transaction. The old index
     * rows are found by the keys of the old hashes (`oldEntries`), through the primary key.
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
          await client.query('delete from video_fingerprint_chunks where fingerprint_id = $1 and (key, hash) in (select * from unnest($2::int[], $3::int8[]))', [
            id,
            remove.map((e) => e.key),
            remove.map((e) => toSigned(e.hash)),
          ]);
        }
        if (add.length > 0) {
          // Only into buckets below the cap (counted up to it, from the index alone).
          await client.query(
            `insert into video_fingerprint_chunks (key, fingerprint_id, hash)
             select e.key, $1, e.hash from unnest($2::int[], $3::int8[]) as e(key, hash)
             where (select count(*) from (select 1 from video_fingerprint_chunks c where c.key = e.key limit $4) n) < $4
             on conflict do nothing`,
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
     * chunk with it, most such samples first. Each bucket is read from the index alone.
     */
    async candidates(query: IndexEntry[], maxDistance: number, limit: number): Promise<{ id: number; hits: number }[]> {
      const { rows } = await pool.query<{ id: string; hits: number }>({
        name: 'fingerprint-candidates',
        text: `with q as (select * from unnest($1::int[], $2::int8[]) as q(key, hash)),
                    k as (select distinct key from q)
               select c.fingerprint_id as id, count(distinct q.hash)::int as hits
               from k
               cross join lateral (select fingerprint_id, hash from video_fingerprint_chunks c where c.key = k.key limit $4) c
               join q on q.key = k.key and bit_count((c.hash # q.hash)::bit(64)) <= $3
               group by c.fingerprint_id
               order by hits desc
               limit $5`,
        values: [query.map((e) => e.key), query.map((e) => toSigned(e.hash)), maxDistance, FINGERPRINT_BUCKET_CAP, limit],
      });
      return rows.map((r) => ({ id: Number(r.id), hits: r.hits }));
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

    /** Adds the hashes to the list; answers how many were new. */
    async addToHashList(name: string, hashes: bigint[], importedBy: number | null): Promise<number> {
      const chunks = hashes.map(chunkKeys).map((keys) => keys.map((key) => key % 65536));
      const { rowCount } = await pool.query(
        `insert into hash_list_hashes (list_name, hash, c0, c1, c2, c3, imported_by)
         select $1, h, c0, c1, c2, c3, $7 from unnest($2::int8[], $3::int[], $4::int[], $5::int[], $6::int[]) as t(h, c0, c1, c2, c3)
         on conflict (list_name, hash) do nothing`,
        [name, hashes.map(toSigned), ...[0, 1, 2, 3].map((p) => chunks.map((c) => c[p]!)), importedBy],
      );
      return rowCount ?? 0;
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
