import {
  accountMessages,
  profileColorSchema,
  profileDetailsSchema,
  profileGenderSchema,
  profilePasswordSchema,
  profileLinksRequestSchema,
  profilePreferenceSchema,
  type StatsRequest,
} from '@flick/contract';
import type { Multipart } from '@fastify/multipart';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { MediaUrls } from '../videos/media-urls.ts';
import { parseOr422, validationError } from '../../lib/validation.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import type { VisibilityService } from '../visibility/visibility.service.ts';
import { studiosRepository } from '../studios/studios.repository.ts';
import { followingModels } from './following-models.ts';
import { profileStats } from './profile-stats.ts';
import { likedVideos } from './liked-videos.ts';
import { toOwnProfileUser } from './own-profile.ts';
import { profileImageUpload } from './profile-image-upload.ts';
import { profileLinks } from './profile-links.ts';

export interface ProfileDependencies {
  db: Database;
  pool: pg.Pool;
  media: MediaStorage;
  /** Public or signed addresses per video (ADR 0027). */
  urls?: MediaUrls;
  logger: Logger;
  visibility: VisibilityService;
}

/** The signed-in account's own profile (accounts.md §7; viewer.md §2 profile screen, §6 owner actions, §7). */
export function profileService({ db, pool, media, urls, logger, visibility }: ProfileDependencies) {
  const repo = accountsRepository(db);
  const accounts = accountsService(db);
  const links = profileLinks(pool);
  const images = profileImageUpload({ db, media, logger });
  const liked = likedVideos({ pool, media, urls });
  const following = followingModels(pool);
  const stats = profileStats(pool);
  const studios = studiosRepository(pool);

  return {
    /** The account with its links, sized images and profile views. */
    own: async (user: UserRow) => toOwnProfileUser(user, links, (await studios.managedBy(user.id)) ?? null),

    /** POST /v1/profile multipart: a new avatar or cover. */
    replaceImage: (user: UserRow, parts: AsyncIterableIterator<Multipart>) => images.replace(user, parts),

    likedVideos: async (viewer: Viewer & { userId: number }, q: { cursor?: string; per_page: number }) =>
      liked.page(viewer.userId, q, [...(await visibility.hiddenCreatorsFor(viewer.place)).ids]),

    setLinkImportant: (user: UserRow, linkId: number, important: boolean) => links.setImportant(user, linkId, important),

    /** POST /v1/profile/stats: lifetime totals and a range of days. */
    stats: (user: UserRow, request: StatsRequest) => stats.read(user, request),

    followingModels: async (viewer: Viewer & { userId: number }, q: { cursor?: string; per_page: number }) =>
      following.page(viewer.userId, q, [...(await visibility.hiddenCreatorsFor(viewer.place)).ids]),

    /**
     * POST /v1/profile takes one kind of change at a time (accounts.md §7); the keys of the body say which.
     * Returns the updated user and the toast the spec names for that change.
     */
    async update(user: UserRow, tokenId: number | null, body: Record<string, unknown>) {
      if ('password' in body || 'password_confirmation' in body || 'current_password' in body) {
        const input = parseOr422(profilePasswordSchema, body);
        await accounts.changePassword(user.id, tokenId, input.current_password, input.password);
        return { message: accountMessages.passwordChanged, user };
      }
      if ('gender' in body) {
        const { gender } = parseOr422(profileGenderSchema, body);
        return { message: accountMessages.sexChanged, user: await repo.update(user.id, { gender }) };
      }
      if ('color' in body) {
        if (user.type !== 'channel') throw new HttpError(403, 'Only channel accounts have a color.');
        const { color } = parseOr422(profileColorSchema, body);
        return { message: accountMessages.colorChanged, user: await repo.update(user.id, { color: color.toLowerCase() }) };
      }
      if ('links' in body) {
        const input = parseOr422(profileLinksRequestSchema, body);
        return { message: await links.apply(user, input.links), user };
      }
      if ('preference' in body) {
        const { preference } = parseOr422(profilePreferenceSchema, body);
        return { message: 'Preferences saved', user: await repo.update(user.id, { preference: [...new Set(preference)] }) };
      }
      if ('name' in body) {
        const input = parseOr422(profileDetailsSchema, body);
        const values: Parameters<typeof repo.update>[1] = { name: input.name };
        // accounts.md §2: username, phone and description belong to non-user accounts only.
        if (user.type !== 'user') {
          if (input.username !== undefined && input.username !== user.username) {
            if (input.username === '') throw validationError([{ field: 'username', message: accountMessages.usernameRequired }]);
            const refused = await accounts.handleRefusal(input.username, user.id);
            if (refused) throw validationError([{ field: 'username', message: refused }]);
            values.username = input.username;
            values.slug = input.username;
          }
          if (input.description !== undefined) values.description = input.description || null;
          if (input.phone_number !== undefined) values.phoneNumber = input.phone_number || null;
        }
        return { message: accountMessages.detailsUpdated, user: await repo.update(user.id, values) };
      }
      throw validationError([{ field: '_', message: 'Nothing to update.' }]);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
