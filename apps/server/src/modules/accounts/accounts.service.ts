import { accountMessages } from '@flick/contract';
import type { Database } from '../../db/client.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { validationError } from '../../lib/validation.ts';
import { accountsRepository } from './accounts.repository.ts';
import { isReservedHandle } from './reserved-handles.ts';

/** What sign-up, the profile and the admin tools decide alike about an account. */
export function accountsService(db: Database) {
  const repo = accountsRepository(db);

  return {
    /** Free for `exceptUserId` (or anyone): no other account has it as username or slug, and no route is named so. */
    async isHandleAvailable(handle: string, exceptUserId?: number) {
      return !isReservedHandle(handle) && !(await repo.handleTaken(handle, exceptUserId));
    },

    async changePassword(userId: number, currentTokenId: number | null, current: string, next: string) {
      const user = await repo.findById(userId);
      if (!user || !(await verifyPassword(current, user.passwordHash))) {
        throw validationError([{ field: 'current_password', message: accountMessages.currentPasswordWrong }]);
      }
      await repo.changePassword(userId, await hashPassword(next), currentTokenId);
    },
  };
}

