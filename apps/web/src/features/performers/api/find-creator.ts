import { performerMessages, publicUserPath, publicUserResponseSchema, type PublicUser } from '@flick/contract';
import { api, ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';

export type FoundCreator = Pick<PublicUser, 'id' | 'name' | 'slug' | 'username' | 'avatar' | 'color'>;

/**
 * A co-performer named by handle (GET /users/{handle}): found only when it is a verified model or
 * channel. Anything else is the message the declaration itself would answer with (ADR 0029).
 */
export async function findCreator(handle: string, uploaderId: string | null, signal?: AbortSignal): Promise<FoundCreator> {
  let user: PublicUser;
  try {
    user = publicUserResponseSchema.parse(await api.get<unknown>(publicUserPath(handle), { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new ApiError(404, t('There is no creator @{handle}.', { handle }));
    throw error;
  }
  // An address of digits names an account by id; a handle is a username or a slug.
  const named = [user.username, user.slug].some((name) => name?.toLowerCase() === handle.toLowerCase());
  if (!named) throw new ApiError(404, t('There is no creator @{handle}.', { handle }));
  if (String(user.id) === uploaderId) throw new ApiError(422, performerMessages.notYourself);
  if (user.type === 'user' || user.isVerified !== 'approved')
    throw new ApiError(422, t('@{handle} is not a verified creator: add them with a release instead.', { handle }));
  return { id: user.id, name: user.name, slug: user.slug, username: user.username, avatar: user.avatar, color: user.color };
}
