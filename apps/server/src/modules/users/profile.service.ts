import {
  accountMessages,
  profileColorSchema,
  profileDetailsSchema,
  profileGenderSchema,
  profilePasswordSchema,
  profileLinksRequestSchema,
  profilePreferenceSchema,
} from '@flick/contract';
import { HttpError } from '../../lib/http-error.ts';
import { parseOr422, validationError } from '../../lib/validation.ts';
import type { Database } from '../../db/client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { isReservedHandle } from '../auth/reserved-handles.ts';
import type { ProfileLinks } from './profile-links.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

/**
 * POST /v1/profile takes one kind of change at a time (accounts.md §7); the keys of the body say which.
 * Returns the updated user and the toast the spec names for that change.
 */
export function profileService(db: Database, auth: AuthService, links: ProfileLinks) {
  const repo = usersRepository(db);

  return {
    async update(user: UserRow, tokenId: number | null, body: Record<string, unknown>) {
      if ('password' in body || 'password_confirmation' in body || 'current_password' in body) {
        const input = parseOr422(profilePasswordSchema, body);
        await auth.changePassword(user.id, tokenId, input.current_password, input.password);
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
            if (isReservedHandle(input.username) || (await repo.handleTaken(input.username, user.id))) {
              throw validationError([{ field: 'username', message: accountMessages.usernameTaken }]);
            }
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
