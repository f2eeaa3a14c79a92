import { z } from 'zod';
import { adminVideoSchema } from './admin-moderation.ts';

/**
 * Held videos in the admin console: videos that may not be published while a hold is open (a
 * fingerprint match with removed content, another creator's video or an imported hash list; co-performers
 * who have not all consented), and the import of known-bad hash lists.
 */

export const videoHoldKinds = ['hash-list', 'matches-removed', 'matches-published', 'co-performers'] as const;
export type VideoHoldKindName = (typeof videoHoldKinds)[number];

/** The holds a moderator releases here; a co-performers hold is released by the co-performers' consent or its own review. */
export const releasableHoldKinds = ['hash-list', 'matches-removed', 'matches-published'] as const;

/** The video a fingerprint hold matched: enough to compare the two and open it. */
export const adminHeldMatchSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  hiddenReason: z.string().nullable(),
  creator: z.object({ id: z.number(), name: z.string(), slug: z.string().nullable() }),
});
export type AdminHeldMatch = z.infer<typeof adminHeldMatchSchema>;

export const adminHoldSchema = z.object({
  kind: z.enum(videoHoldKinds),
  /** What the uploader is shown. */
  reason: z.string(),
  urgent: z.boolean(),
  createdAt: z.string(),
  /** The video it matched; null for a hash-list match, a match whose video was since deleted, or a co-performers hold. */
  matched: adminHeldMatchSchema.nullable(),
});
export type AdminHold = z.infer<typeof adminHoldSchema>;

/** A video with its open holds, the queue's unit. */
export const adminHeldVideoSchema = z.object({
  video: adminVideoSchema,
  holds: z.array(adminHoldSchema),
  urgent: z.boolean(),
  /** A hash-list match: visible to admins only, its uploader told only that it is under review. */
  quarantined: z.boolean(),
});
export type AdminHeldVideo = z.infer<typeof adminHeldVideoSchema>;

/** GET /v1/admin/holds: urgent first, then oldest first. */
export const adminHeldListSchema = z.object({ data: z.array(adminHeldVideoSchema) });

/** POST /v1/admin/holds/{id}/release */
export const adminHoldReleaseSchema = z.object({ kind: z.enum(releasableHoldKinds, { error: 'Say which hold to release.' }) });
export const adminHoldReleaseResponseSchema = z.object({
  /** Published by this release (with automatic moderation, once no other hold is open). */
  published: z.boolean(),
  /** The holds still open. */
  holds: z.array(adminHoldSchema),
  video: adminVideoSchema,
});
export type AdminHoldReleaseResponse = z.infer<typeof adminHoldReleaseResponseSchema>;

/** A hash list's text: 16 hex digits (a 64-bit hash, 0x before them allowed) a line; blank lines and # comments are skipped. */
export const HASH_LIST_MAX_BYTES = 8 * 1024 * 1024;
export const adminHashListImportSchema = z.object({
  name: z.string({ error: 'Name the list.' }).trim().min(1, 'Name the list.').max(100, 'A list name has at most 100 characters.'),
  text: z.string({ error: 'Choose a text file of hashes.' }).min(1, 'Choose a text file of hashes.').max(HASH_LIST_MAX_BYTES, 'The list is too large (8 MB at most).'),
});
export const adminHashListImportResponseSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
  /** The lines that are not a hash, each said with its line number (the first hundred, then how many more). */
  errors: z.array(z.string()),
  /** Videos stored before the list came that match one of its new hashes: quarantined now. */
  quarantined: z.number(),
});
export type AdminHashListImportResponse = z.infer<typeof adminHashListImportResponseSchema>;

export const holdMessages = {
  notHeld: 'This video has no such hold open.',
  notHeldVideo: 'This video is not held.',
  /** Shown to the uploader. */
  matchesRemoved: 'This video matches a video removed from Flick, so it waits for a moderator’s review.',
  matchesPublished: 'This video matches a video another creator published on Flick, so it waits for a moderator’s review.',
  underReview: 'This video is under review.',
  notChecked: 'This video could not be checked automatically, so it waits for a moderator’s review.',
} as const;
