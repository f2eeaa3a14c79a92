import { z } from 'zod';
import { imageSourceSchema } from './images.ts';
import { fillable } from './fillable.ts';

/** DESIGN.md "Video lifecycle"; viewer.md §4: each has its own badge colour. */
export const videoStatuses = ['uploaded', 'preprocess', 'processing', 'approved', 'rejected', 'deleting', 'error'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

/** accounts.md §9 */
export const VIDEO_MAX_BYTES = 2 * 1024 ** 3;
export const VIDEO_MAX_SECONDS = 30 * 60;
export const TAG_MIN_LENGTH = 2;
export const TAG_MAX_LENGTH = 40;
export const TAGS_MAX = 20;
export const TITLE_MAX_LENGTH = 120;
/** Uploads one creator may have under way at once (an unfinished one lapses a day after it started). */
export const UPLOADS_OPEN_MAX = 5;
/** What one creator may start uploading in any 24 hours, declared sizes added up: ten of the largest. */
export const UPLOAD_BYTES_PER_DAY = 10 * VIDEO_MAX_BYTES;

/** accounts.md §5 "Upload details" and §8, word for word. */
export const videoMessages = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title cannot exceed ${TITLE_MAX_LENGTH} characters.`,
  selectDate: 'Select a date',
  dateInPast: 'Selected date is in the past',
  tagNoSpaces: 'Tags cannot have spaces.',
  tagNoHash: 'Tags cannot have #.',
  tagTooShort: 'Tag must be at least 2 characters long',
  tagTooLong: `Tag cannot exceed ${TAG_MAX_LENGTH} characters.`,
  tagDuplicate: 'Cannot add the same tag twice',
  tooManyTags: `A video can have at most ${TAGS_MAX} tags.`,
  missingVideoId: 'Missing video identifier.',
  uploadSuccess: 'Video uploaded successfully',
  uploadFailed: fillable('Video upload failed: {reason}'),
  detailsFailed: 'Failed to submit video details.',
  deleted: 'Video deleted successfully',
  videoRequired: 'Choose a video file to upload.',
  tooBig: 'The video is larger than 2 GB.',
  tooLong: 'The video is longer than 30 minutes.',
  notAVideo: 'This file is not a video we can play.',
  verifyFirst: 'Verify your identity before uploading videos.',
  creatorsOnly: 'Only creator accounts can upload videos.',
  notYours: 'You can only manage your own videos.',
  tooManyOpenUploads: `You have ${UPLOADS_OPEN_MAX} uploads under way. Finish or cancel one before starting another (an unfinished upload lapses a day after it started).`,
  dailyUploadLimit: `Uploads started in the last 24 hours come to the daily limit of ${UPLOAD_BYTES_PER_DAY / 1024 ** 3} GB. Try again tomorrow.`,
} as const;

/** accounts.md §5: the message for a tag that cannot be added next to `existing`, or null when it can. */
export function tagProblem(tag: string, existing: readonly string[] = []): string | null {
  if (/\s/.test(tag)) return videoMessages.tagNoSpaces;
  if (tag.includes('#')) return videoMessages.tagNoHash;
  if (tag.length < TAG_MIN_LENGTH) return videoMessages.tagTooShort;
  if (tag.length > TAG_MAX_LENGTH) return videoMessages.tagTooLong;
  if (existing.some((t) => t.toLowerCase() === tag.toLowerCase())) return videoMessages.tagDuplicate;
  return null;
}

/** A tag's URL form: lowercase, letters, digits and dashes. */
export function tagSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const uploadResponseSchema = z.object({
  videoId: z.number(),
  /** The first frame, so the details step can show what was uploaded. */
  screenshot: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

const booleanish = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true');

/** POST /v1/videos/upload-details (accounts.md §3). */
export const uploadDetailsRequestSchema = z.object({
  videoId: z.coerce.number(videoMessages.missingVideoId).int(videoMessages.missingVideoId).positive(videoMessages.missingVideoId),
  title: z.string(videoMessages.titleRequired).trim().min(1, videoMessages.titleRequired).max(TITLE_MAX_LENGTH, videoMessages.titleTooLong),
  /** Comma-joined. */
  tags: z.string().max(2000).default(''),
  is_nsfw: booleanish.default(true),
  /** 'YYYY-MM-DD HH:mm' in `uploadDateTimezone`; absent or empty publishes now. */
  uploadDate: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2})?$/, videoMessages.selectDate)
    .optional(),
  uploadDateTimezone: z.string().trim().max(64).optional(),
});
export type UploadDetailsRequest = z.input<typeof uploadDetailsRequestSchema>;

export const tagSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/** viewer.md §3 Video. URLs are absolute or relative to the app (MEDIA_BASE_URL when set). */
export const videoSchema = z.object({
  id: z.number(),
  slug: z.string(),
  userId: z.number(),
  user: z.object({ id: z.number(), slug: z.string().nullable(), name: z.string(), avatar: z.string().nullable() }),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  /**
   * The thumbnail's sized copies for `srcset`, narrowest first, with their pixel sizes: 360 on the
   * short side for grids (when the video is larger) and `thumbnailUrl` itself. Empty while it has none.
   */
  thumbnailSources: z.array(imageSourceSchema),
  firstFrameUrl: z.string().nullable(),
  playlistUrl: z.string().nullable(),
  /**
   * What a player asks for after the master playlist before its first frame (the start rendition's
   * playlist and first segment): fetched beside it, they save two round trips. Empty until processed.
   */
  preloadUrls: z.array(z.string()),
  duration: z.number(),
  viewCount: z.number(),
  likeCount: z.number(),
  isLiked: z.boolean(),
  isRated: z.boolean(),
  isVertical: z.boolean(),
  isNsfw: z.boolean(),
  status: z.enum(videoStatuses),
  /** Why processing failed or a moderator rejected it; only for the owner. */
  statusReason: z.string().nullable(),
  tags: z.array(tagSchema),
  uploadDate: z.string(),
  createdAt: z.string(),
});
export type Video = z.infer<typeof videoSchema>;
