import { z } from 'zod';
import { listResponseSchema } from './errors.ts';

/**
 * Every decision the admin audit log records (ADR 0015), from the console, the admin CLI and the ads
 * console alike: the server records only these, and the console's filter offers them.
 */
export const adminAuditActions = [
  'approved a verification',
  'rejected a verification',
  'banned an account',
  'unbanned an account',
  'made an admin',
  'revoked an admin',
  'approved a video',
  'rejected a video',
  'took a video down',
  'restored a video',
  'handled reports',
  'released a held video',
  'imported a hash list',
  'edited a page',
  'created a contest',
  'edited a contest',
  'ended a contest',
  'reopened a contest',
  'reordered contests',
  'created a studio',
  'added a studio manager',
  'rotated a studio key',
  'created a channel',
  'added a webcam site',
  'edited a webcam site',
  'changed a webcam site icon',
  'removed a webcam site icon',
  'removed a webcam site',
  'reordered the webcam sites',
  'set a webcam site status feed',
  'removed a webcam site status feed',
  'made a new webcam site push secret',
  'stopped webcam site pushes',
  'created an ad campaign',
  'edited an ad campaign',
  'paused an ad campaign',
  'resumed an ad campaign',
  'added an ad creative',
  'stopped an ad creative',
  'resumed an ad creative',
  'approved a co-performer release',
  'rejected a co-performer release',
  'recorded a withdrawn consent',
  'set an age rule',
  'removed an age rule',
] as const;
export const adminAuditActionSchema = z.enum(adminAuditActions);
export type AdminAuditAction = z.infer<typeof adminAuditActionSchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The admin who decided: null when the admin CLI named none, or the account was since deleted. */
  admin: z.object({ id: z.number(), email: z.string() }).nullable(),
  /** The OS account that ran the admin CLI for it; null for a decision taken in the console (ADR 0015). */
  cliUser: z.string().nullable(),
  /** One of adminAuditActions; read as text, so an entry recorded under an earlier wording still shows. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditQuerySchema = z.object({
  target_type: z.string().max(40).optional(),
  target_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(60).optional(),
  cursor: z.string().max(200).optional(),
});
/** GET /v1/admin/audit: newest first, by keyset. */
export const adminAuditListSchema = listResponseSchema(adminAuditEntrySchema);
