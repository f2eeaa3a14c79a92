import { z } from 'zod';
import { fillable } from './fillable.ts';

/**
 * accounts.md §2, §4, §5, §7, §8 studios (ADR 0014): an agency managing several creators. A creator joins
 * with the studio's key; the studio's managers then act for them (profile, links, videos, stats), each
 * action recorded, until the creator leaves.
 */

/** Join keys are groups of letters and digits (no 0/O, 1/I/L), dashes and case ignored. */
export const STUDIO_KEY_MAX_LENGTH = 64;

export const studioMessages = {
  title: 'Join Studio',
  consent:
    'By joining a studio you give the studio permission to access and modify your profile, and to upload and manage your videos. You can leave the studio at any time.',
  keyLabel: 'Studio Key',
  join: 'Join Studio',
  invalidKey: 'Invalid key',
  managedBy: fillable('Your account is managed by {name}'),
  leave: 'Leave studio',
  leaveConfirmTitle: 'Leave studio',
  leaveConfirmText: 'Are you sure you want to leave the studio?',
  leaveError: 'Error leaving studio',
  joined: fillable('You joined {name}'),
  left: 'You left the studio',
  notManaged: 'Your account is not managed by a studio.',
  alreadyManaged: fillable('Your account is already managed by {name}: leave it first.'),
  forCreators: 'Studios manage creators and channels.',
  notManager: 'Only a studio manager can open the studio console.',
  notYourMember: 'This account is not a member of your studio.',
  memberBanned: "This member's account is banned: the studio cannot act for it until the ban is lifted.",
  notForMembers: 'A studio manager cannot do this for a member.',
  passwordOwnOnly: 'Only the creator can change their password.',
} as const;

export const studioResponseSchema = z.object({ name: z.string() });
export type StudioResponse = z.infer<typeof studioResponseSchema>;

export const joinStudioRequestSchema = z.object({
  key: z.string({ error: studioMessages.invalidKey }).trim().min(1, studioMessages.invalidKey).max(STUDIO_KEY_MAX_LENGTH, studioMessages.invalidKey),
});

export const studioMemberSchema = z.object({
  id: z.number(),
  type: z.enum(['model', 'channel']),
  name: z.string(),
  slug: z.string().nullable(),
  avatar: z.string().nullable(),
  isVerified: z.string(),
  /** Key numbers: published videos, their views and likes, followers. */
  videos: z.number(),
  views: z.number(),
  likes: z.number(),
  followers: z.number(),
});
export type StudioMember = z.infer<typeof studioMemberSchema>;

export const studioActionSchema = z.object({
  id: z.number(),
  at: z.string(),
  manager: z.string().nullable(),
  member: z.string().nullable(),
  action: z.string(),
});
export type StudioAction = z.infer<typeof studioActionSchema>;

/** GET /v1/studio: the manager's studio, its members with their key numbers, and the latest actions. */
export const studioConsoleResponseSchema = z.object({
  studio: z.object({ id: z.number(), name: z.string() }),
  members: z.array(studioMemberSchema),
  actions: z.array(studioActionSchema),
});
export type StudioConsoleResponse = z.infer<typeof studioConsoleResponseSchema>;

/** Join keys as stored and compared: upper case, without dashes or spaces. */
export const normalizeStudioKey = (key: string) => key.toUpperCase().replace(/[^A-Z0-9]/g, '');
