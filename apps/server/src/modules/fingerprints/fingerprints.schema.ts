import { bigint, customType, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/** The fingerprints module's tables (docs/decisions/0023-tables-beside-their-module.md, 0028-video-fingerprints.md). */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Each video's perceptual fingerprint: every sample's 64-bit hash (8 bytes big-endian each, NO_HASH
 * included, in time order). No foreign keys on purpose: the fingerprint of a video removed by a decision
 * outlives the video's and even the owner's row, so the same clip is still recognised when it comes
 * back. `removed_at` says it was removed (take-down, removal on request) and is cleared on restore; a
 * fingerprint whose video is gone without it (the owner deleted it) is ignored.
 */
export const videoFingerprints = pgTable(
  'video_fingerprints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    videoId: bigint('video_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fps: real('fps').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    hashes: bytea('hashes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('video_fingerprints_video_key').on(t.videoId), index('video_fingerprints_user_idx').on(t.userId)],
);

/**
 * The near-match index (multi-index hashing, ADR 0028): a sparse subset of each fingerprint's samples,
 * each split into four 16-bit chunks. `key` is the chunk's position (0-3) times 65536 plus its value; two
 * hashes within 3 bits share at least one chunk exactly, and nearer ones usually more. One row per key,
 * its bucket: `entries` packs 12 bytes per indexed sample (the fingerprint's id, 4 bytes, and the whole
 * hash, 8, big-endian), so a lookup reads one row per chunk of the query and filters in memory. A
 * bucket takes no more than FINGERPRINT_BUCKET_CAP entries (a common chunk value says little).
 * Kept in its row up to a page (migration 0033: toast_tuple_target 8160, storage main), so reading a
 * bucket is one heap page rather than a TOAST index search and its chunks; fuller ones go out of line.
 */
export const videoFingerprintBuckets = pgTable('video_fingerprint_buckets', {
  key: integer('key').primaryKey(),
  entries: bytea('entries').notNull(),
});

/**
 * Known-bad hashes imported from hash lists (the text files of hex 64-bit hashes that hash-sharing
 * programmes distribute), by list. `c0`-`c3` are the hash's 16-bit chunks, high first, each indexed,
 * for the same near-match lookup as the videos'.
 */
export const hashListHashes = pgTable(
  'hash_list_hashes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listName: text('list_name').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    c0: integer('c0').notNull(),
    c1: integer('c1').notNull(),
    c2: integer('c2').notNull(),
    c3: integer('c3').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: bigint('imported_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('hash_list_hashes_list_hash_key').on(t.listName, t.hash),
    index('hash_list_hashes_c0_idx').on(t.c0),
    index('hash_list_hashes_c1_idx').on(t.c1),
    index('hash_list_hashes_c2_idx').on(t.c2),
    index('hash_list_hashes_c3_idx').on(t.c3),
  ],
);
