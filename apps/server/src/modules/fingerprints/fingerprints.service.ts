import { FRAME_MAX_DISTANCE, NO_HASH, type VideoFingerprint, compareFingerprints, hashFromHex, hashToHex, hashesFromBytes, hashesToBytes, isMatch } from '@flick/media';
import type pg from 'pg';
import { type IndexEntry, chunkKeys, fingerprintsRepository } from './fingerprints.repository.ts';

/** One indexed sample per this many seconds of a stored video (the query uses every sample). */
export const INDEX_EVERY_SECONDS = 1;
/** Samples of an upload a lookup reads the index through (16 s at two a second; spread over a longer upload). */
export const QUERY_SAMPLES = 32;
/** Fingerprints verified in full per lookup, the best ranked by the index first (a row of ~300 bytes and a comparison each). */
const CANDIDATES = 50;
/** A sample of an upload matches a listed hash at this Hamming distance or less (stricter than between videos: one picture decides). */
export const HASH_LIST_MAX_DISTANCE = 8;
/** The longest list name, and the most lines reported back as errors. */
const MAX_LIST_NAME = 100;
const MAX_REPORTED_ERRORS = 100;

export interface FingerprintMatch {
  /** Null when the video's row is gone (it was removed by a decision and then deleted). */
  videoId: number | null;
  /** Null when the owner's account is gone. */
  userId: number | null;
  fingerprintId: number;
  /** Set while the video is taken down or removed. */
  removedAt: Date | null;
  /** Share of the samples both have at the best alignment that match (0.5 to 1). */
  ratio: number;
}

export interface HashListImport {
  imported: number;
  skipped: number;
  errors: string[];
  /** Stored videos with an indexed sample near a newly listed hash. */
  matchedVideoIds: number[];
}

/** The samples that go into the index: the first with a hash in every INDEX_EVERY_SECONDS window. */
export function indexedSamples(fp: Pick<VideoFingerprint, 'fps' | 'hashes'>): bigint[] {
  const window = Math.max(1, Math.round(INDEX_EVERY_SECONDS * fp.fps));
  const picked: bigint[] = [];
  for (let start = 0; start < fp.hashes.length; start += window) {
    const hash = fp.hashes.slice(start, start + window).find((h) => h !== NO_HASH);
    if (hash !== undefined) picked.push(hash);
  }
  return picked;
}

/**
 * At most `count` of `items`, evenly spread (all of them when there are no more). A lookup reads a bucket
 * per key of each query sample: a long upload looks into the index through some of its samples, spread
 * over its length, and is then compared with each candidate through all of them.
 */
export function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

const entriesOf = (hashes: bigint[]): IndexEntry[] => [...new Set(hashes)].flatMap((hash) => chunkKeys(hash).map((key) => ({ key, hash })));

/**
 * Perceptual fingerprints of videos and known-bad hash lists (issue 30, ADR 0028): stored when a video
 * is processed, looked up before it is published. The flows (holds, admin imports) sit on top.
 */
export function fingerprintsService(pool: pg.Pool) {
  const repo = fingerprintsRepository(pool);

  return {
    /** Stores (or replaces) the fingerprint of `videoId`, owned by `userId`, with its samples in the index. */
    async store(videoId: number, userId: number, fp: VideoFingerprint): Promise<void> {
      const fresh = entriesOf(indexedSamples(fp));
      await repo.store({ videoId, userId, fps: fp.fps, durationSeconds: fp.durationSeconds, hashes: hashesToBytes(fp.hashes) }, (old) => ({
        add: fresh,
        remove: old ? entriesOf(indexedSamples({ fps: fp.fps, hashes: hashesFromBytes(old) })) : [],
      }));
    },

    /**
     * The stored videos `fp` is a copy of (re-encoded, scaled, cropped, trimmed, marked), best first:
     * candidates share an exact 16-bit chunk with a sample of `fp` within FRAME_MAX_DISTANCE, then each
     * is compared in full at every alignment (`compareFingerprints`, `isMatch`). Videos deleted by their
     * owner do not count; removed ones do, even once their row is gone.
     */
    async findMatches(fp: VideoFingerprint, options: { excludeVideoId?: number } = {}): Promise<FingerprintMatch[]> {
      const samples = spread([...new Set(fp.hashes.filter((h) => h !== NO_HASH))], QUERY_SAMPLES);
      if (samples.length === 0) return [];
      const candidates = await repo.candidates(entriesOf(samples), FRAME_MAX_DISTANCE, CANDIDATES);
      const stored = await repo.load(candidates.map((c) => c.id));
      const matches: (FingerprintMatch & { matchedFrames: number })[] = [];
      for (const row of stored) {
        if (options.excludeVideoId !== undefined && row.videoId === options.excludeVideoId) continue;
        if (row.fps !== fp.fps) continue;
        const result = compareFingerprints(fp, { fps: row.fps, durationSeconds: row.durationSeconds, hashes: hashesFromBytes(row.hashes) });
        if (!isMatch(result)) continue;
        matches.push({
          videoId: row.videoExists ? row.videoId : null,
          userId: row.userExists ? row.userId : null,
          fingerprintId: row.id,
          removedAt: row.removedAt,
          ratio: result.ratio,
          matchedFrames: result.matchedFrames,
        });
      }
      return matches.sort((a, b) => b.ratio - a.ratio || b.matchedFrames - a.matchedFrames).map(({ matchedFrames: _, ...match }) => match);
    },

    /** Processed videos without a fingerprint (stored before fingerprints existed), after `afterId` by id. */
    lacking(afterId: number, limit: number) {
      return repo.lacking(afterId, limit);
    },

    /** Marks the fingerprint of a video a decision removed (taken down, rejected) as removed; says whether it was one. */
    markRemovedIfDecided(videoId: number): Promise<boolean> {
      return repo.markRemovedIfDecided(videoId);
    },

    /** The video was taken down or removed: its fingerprint now stands for removed content, whatever becomes of its row. */
    async markRemoved(videoId: number, client?: pg.PoolClient): Promise<void> {
      await repo.setRemoved(videoId, true, client);
    },

    /** The video was restored: its fingerprint is an ordinary one again. */
    async markRestored(videoId: number, client?: pg.PoolClient): Promise<void> {
      await repo.setRemoved(videoId, false, client);
    },

    /**
     * Imports a hash list: one 64-bit hash a line as 16 hex digits (an optional 0x before them), blank lines
     * and `#` comments (whole lines or after a hash) ignored. A bad line is reported and the others still
     * imported; importing the same list again adds nothing (`skipped` counts hashes it had already, or
     * that came twice).
     */
    async importHashList(name: string, text: string, importedBy: number | null): Promise<HashListImport> {
      const listName = name.trim();
      if (listName.length === 0 || listName.length > MAX_LIST_NAME) {
        return { imported: 0, skipped: 0, errors: [`The list needs a name of 1 to ${MAX_LIST_NAME} characters.`], matchedVideoIds: [] };
      }
      const hashes: bigint[] = [];
      const errors: string[] = [];
      let badLines = 0;
      text.split(/\r?\n/).forEach((line, index) => {
        const content = line.replace(/#.*$/, '').trim();
        if (content.length === 0) return;
        const hash = hashFromHex(content.replace(/^0x/i, ''));
        if (hash !== null) {
          hashes.push(hash);
          return;
        }
        badLines += 1;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push(`Line ${index + 1}: "${content.slice(0, 40)}" is not a 64-bit hash in 16 hex digits.`);
      });
      if (badLines > errors.length) errors.push(`...and ${badLines - errors.length} more lines that are not hashes.`);
      const added: bigint[] = [];
      const BATCH = 5000;
      for (let start = 0; start < hashes.length; start += BATCH) added.push(...(await repo.addToHashList(listName, hashes.slice(start, start + BATCH), importedBy)));
      // Videos stored before the list came: only through hashes new to it, so a hold an admin released stays released when the same list comes again.
      const matchedVideoIds = await repo.videosNear(added, HASH_LIST_MAX_DISTANCE);
      return { imported: added.length, skipped: hashes.length - added.length, errors, matchedVideoIds };
    },

    /** The listed hash nearest to a sample of `fp` (within HASH_LIST_MAX_DISTANCE), with its list; null when none. */
    async matchHashList(fp: VideoFingerprint): Promise<{ list: string; hash: string } | null> {
      const samples = [...new Set(fp.hashes.filter((h) => h !== NO_HASH))];
      const found = await repo.nearestListed(samples, HASH_LIST_MAX_DISTANCE);
      return found ? { list: found.list, hash: hashToHex(found.hash) } : null;
    },
  };
}

export type FingerprintsService = ReturnType<typeof fingerprintsService>;
