import { z } from 'zod';
import { IMAGE_MAX_BYTES, profileUserSchema } from './accounts.ts';
import { verificationMessages } from './verification.ts';
import { listResponseSchema } from './errors.ts';
import { linkSchema, publicUserSchema } from './users.ts';
import { imageSourceSchema } from './images.ts';
import { fillable } from './fillable.ts';

/**
 * The profile screen (viewer.md §2 "Profile screen", §3, §5, §6, §7, §8, §9): the owner's links, avatar
 * and cover; the viewer's liked videos and followed models; profile views.
 */

/** viewer.md §8 toasts and messages, and ours for what the spec does not name. */
export const profilePageMessages = {
  linkAdded: 'Link added',
  linkDeleted: 'Link deleted successfully',
  linksUpdated: 'Links updated',
  invalidLinkUrl: 'Invalid link URL',
  linkNotFound: 'Link not found.',
  notYourLink: 'You can only delete your own links.',
  duplicateLink: 'You already have this link.',
  tooManyLinks: fillable('You can have at most {max} links.'),
  linksForCreators: 'Only creators and channels have links.',
  linksRequired: 'Send at least one link change.',
  profileImageUpdated: 'Profile image updated successfully',
  coverImageUpdated: 'Cover image updated successfully',
  imageTooBig: verificationMessages.imageTooBig,
  imageType: 'Only png, jpeg and jpg images are allowed.',
  imageUnreadable: 'This image could not be read. Please choose another one.',
  imageRequired: 'Choose an image: profile_photo or profile_cover.',
  oneImageAtATime: 'Send one image at a time: profile_photo or profile_cover.',
  uploadFailed: 'Something went wrong uploading the image, try again later',
  invalidServerResponse: 'Invalid SERVER RESPONSE',
  deleteLinkConfirm: 'Delete link',
  addLink: 'Add new',
  discoverModels: 'Discover models',
  rateVideos: 'Rate Videos',
} as const;

/** viewer.md §5 Link URL: optional http(s) scheme, a host whose top-level domain has 2+ letters, optional port and path. */
export const LINK_URL_PATTERN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:\/\S*)?$/i;
export const LINK_URL_MAX_LENGTH = 500;
/** Links one profile may have: a screenful, not a link farm. */
export const LINKS_MAX = 20;

/** A link as stored and opened: the scheme added when the creator typed none. */
export function normalizeLinkUrl(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export const linkUrlSchema = z
  .string({ error: profilePageMessages.invalidLinkUrl })
  .trim()
  .max(LINK_URL_MAX_LENGTH, profilePageMessages.invalidLinkUrl)
  .regex(LINK_URL_PATTERN, profilePageMessages.invalidLinkUrl);

/** POST /v1/profile `{ links: [...] }` (viewer.md §7): adds and deletes, applied together or not at all. */
export const linkChangeSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), url: linkUrlSchema }),
  z.object({ action: z.literal('delete'), id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
]);
export type LinkChange = z.infer<typeof linkChangeSchema>;
export const profileLinksRequestSchema = z.object({
  links: z.array(linkChangeSchema).min(1, profilePageMessages.linksRequired).max(LINKS_MAX),
});
export type ProfileLinksRequest = z.input<typeof profileLinksRequestSchema>;

/**
 * viewer.md §5, §9 images: png or jpeg up to 16 MB, cropped by the client to 1:1 (avatar) or 2:1 (cover).
 * The server stores sized WebP copies; `widths` are the copies made, `width` x `height` the base one.
 */
export const PROFILE_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const profileImageTypes = ['image/png', 'image/jpeg'] as const;
export const profileImages = {
  avatar: { field: 'profile_photo', width: 150, height: 150, widths: [150, 300] },
  cover: { field: 'profile_cover', width: 1000, height: 500, widths: [500, 1000] },
} as const;
export type ProfileImageKind = keyof typeof profileImages;
export type ProfileImageField = (typeof profileImages)[ProfileImageKind]['field'];

/** The sized copies beside `avatar` and `cover`, narrowest first; empty when there is no image. */
const imageSources = {
  avatarSources: z.array(imageSourceSchema),
  coverSources: z.array(imageSourceSchema),
};

/** GET /v1/profile and every POST /v1/profile answer: the signed-in account with its links and images. */
export const ownProfileUserSchema = profileUserSchema.extend({
  ...imageSources,
  links: z.array(linkSchema),
  /** Profile views counted so far (POST /v1/profile-view). */
  totalProfileViews: z.number(),
});
export type OwnProfileUser = z.infer<typeof ownProfileUserSchema>;
export const ownProfileResponseSchema = z.object({ user: ownProfileUserSchema });
export const ownProfileUpdateResponseSchema = z.object({ message: z.string(), user: ownProfileUserSchema });
export type OwnProfileUpdateResponse = z.infer<typeof ownProfileUpdateResponseSchema>;

/**
 * GET /v1/users/{id or slug}: the public profile with its sized images; contests' HTML is sanitized.
 * `appearances` counts the published videos of others it approved appearing in, as
 * GET /v1/users/{id}/appearances lists them for this viewer (ADR 0029): the profile shows that list's
 * tab only when there are any, without asking for it first.
 */
export const publicProfileSchema = publicUserSchema.extend({ ...imageSources, appearances: z.number().int().nonnegative() });
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponseSchema = z.object({ data: publicProfileSchema });

/** viewer.md §9: followed models shown on a viewer's own profile. */
export const FOLLOWED_MODELS_ON_PROFILE = 12;
export const PROFILE_LIST_PAGE_SIZE = 30;
export const PROFILE_LIST_MAX_PAGE_SIZE = 100;

/** GET /v1/profile/liked-videos and /v1/profile/following-models: keyset pages by `links.next`. */
export const profileListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  per_page: z.coerce.number().int().min(1).max(PROFILE_LIST_MAX_PAGE_SIZE).default(PROFILE_LIST_PAGE_SIZE).catch(PROFILE_LIST_PAGE_SIZE),
  /** Accepted for clients that send it; the cursor decides. */
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

/** viewer.md §3 "Followed model entry", newest follow first. */
export const followedModelSchema = z.object({
  id: z.number(),
  type: z.enum(['model', 'channel']),
  name: z.string(),
  slug: z.string().nullable(),
  avatar: z.string().nullable(),
  avatarSources: z.array(imageSourceSchema),
  /** Any of the model's links is live. */
  isLive: z.boolean(),
  followedAt: z.string(),
});
export type FollowedModel = z.infer<typeof followedModelSchema>;
export const followedModelListResponseSchema = listResponseSchema(followedModelSchema);

/** POST /v1/profile-view (viewer.md §7): the bearer decides who a user is; user_id is accepted and not trusted. */
export const profileViewRequestSchema = z.object({
  profile_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  user_id: z.coerce.number().int().positive().optional(),
  guest_id: z.uuid().optional(),
});
export type ProfileViewRequest = z.input<typeof profileViewRequestSchema>;
/** `counted` is false for the owner's own profile and for a repeat within the view window. */
export const profileViewResponseSchema = z.object({ counted: z.boolean() });
