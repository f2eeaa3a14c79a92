import { adminMessages, type AdminPerson } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import type { UserRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';
import { accountModerationRepository } from '../accounts/account-moderation.repository.ts';
import { videoModerationRepository } from '../videos/video-moderation.repository.ts';
import { adminPeopleRepository } from './admin-people.repository.ts';

const PEOPLE_PAGE = 50;

/**
 * People (ADR 0015): find accounts, ban and unban them, make or revoke admins. Each decision and its
 * record in one transaction; `onHiddenChanged` tells every instance who is hidden now (given the account
 * banned or unbanned, so its videos' media follows: ADR 0027).
 */
export function adminPeople(pool: pg.Pool, onHiddenChanged: (userId?: number) => Promise<void>) {
  const repo = adminPeopleRepository(pool);

  async function person(id: number): Promise<AdminPerson> {
    const found = await repo.person(id);
    if (!found) throw new HttpError(404, adminMessages.personNotFound);
    return found;
  }

  async function banOn(client: pg.PoolClient, admin: UserRow, id: number, reason: string): Promise<void> {
    if (id === admin.id) throw new HttpError(409, adminMessages.notYourself);
    const accounts = accountModerationRepository(client);
    if (!(await accounts.ban(id, reason))) {
      throw (await accounts.exists(id)) ? new HttpError(409, adminMessages.alreadyBanned) : new HttpError(404, adminMessages.personNotFound);
    }
    const videosHidden = await videoModerationRepository(client).hideForBan(id);
    await recordAdminDecisionOn(client, {
      adminId: admin.id,
      action: 'banned an account',
      targetType: 'user',
      targetId: id,
      before: { banned: false },
      after: { banned: true, reason, videosHidden },
    });
  }

  return {
    person,

    /** By e-mail, username or name (contains, without case); newest accounts first. */
    search: (query: string) => repo.search(query, PEOPLE_PAGE),

    /**
     * Signs the account out everywhere, hides its profile and videos (kept for an appeal) and refuses its
     * sign-in. 409 when already banned; an admin cannot ban themself.
     */
    async ban(admin: UserRow, id: number, reason: string): Promise<AdminPerson> {
      await inTransaction(pool, (client) => banOn(client, admin, id, reason));
      await onHiddenChanged(id);
      return person(id);
    },

    /**
     * The ban inside a transaction of the caller's, with its record (a decision on reports bans and closes
     * them together); the caller tells every instance once it commits (`hiddenChanged`).
     */
    banOn,
    hiddenChanged: onHiddenChanged,

    /** Lifts a ban: the account may sign in again, its videos hidden by the ban come back. */
    async unban(admin: UserRow, id: number): Promise<AdminPerson> {
      await inTransaction(pool, async (client) => {
        const accounts = accountModerationRepository(client);
        const lifted = await accounts.unban(id);
        if (!lifted) throw (await accounts.exists(id)) ? new HttpError(409, adminMessages.notBanned) : new HttpError(404, adminMessages.personNotFound);
        const videosShown = await videoModerationRepository(client).showAfterBan(id);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'unbanned an account',
          targetType: 'user',
          targetId: id,
          before: { banned: true, reason: lifted.reason },
          after: { banned: false, videosShown },
        });
      });
      await onHiddenChanged(id);
      return person(id);
    },

    /** Makes an account an admin, or revokes it; never one's own role (so the last admin cannot lock everyone out). */
    async setAdmin(admin: UserRow, id: number, isAdmin: boolean): Promise<AdminPerson> {
      if (id === admin.id) throw new HttpError(409, adminMessages.notYourself);
      await inTransaction(pool, async (client) => {
        const role = await accountModerationRepository(client).setAdmin(id, isAdmin);
        if (!role) throw new HttpError(404, adminMessages.personNotFound);
        if (role.was === isAdmin) throw new HttpError(409, isAdmin ? adminMessages.alreadyAdmin : adminMessages.notAdmin);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: isAdmin ? 'made an admin' : 'revoked an admin',
          targetType: 'user',
          targetId: id,
          before: { isAdmin: role.was },
          after: { isAdmin },
        });
      });
      return person(id);
    },
  };
}

export type AdminPeople = ReturnType<typeof adminPeople>;
