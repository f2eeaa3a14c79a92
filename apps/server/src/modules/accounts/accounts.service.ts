import { accountMessages, isReservedHandle } from '@flick/contract';
import type { Database } from '../../db/client.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { validationError } from '../../lib/validation.ts';
import { accountsRepository } from './accounts.repository.ts';

/** What sign-up, the profile and the admin tools decide alike about an account. */
export function accountsService(db: Database) {
  const repo = accountsRepository(db);

  /** Why `handle` may not be taken for `exceptUserId` (or anyone): a first path segment of ours, or another account's username or slug. */
  async function handleRefusal(handle: string, exceptUserId?: number): Promise<string | null> {
    if (isReservedHandle(handle)) return accountMessages.usernameReserved;
    return (await repo.handleTaken(handle, exceptUserId)) ? accountMessages.usernameTaken : null;
  }

  return {
    handleRefusal,

    async isHandleAvailable(handle: string, exceptUserId?: number) {
      return (await handleRefusal(handle, exceptUserId)) === null;
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
