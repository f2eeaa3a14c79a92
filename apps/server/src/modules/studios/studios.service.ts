import { adminMessages, studioMessages } from '@flick/contract';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { databaseOn } from '../../db/transaction-database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { adminAccounts } from '../accounts/admin-accounts.ts';
import { newStudioKey, studioKeyHash } from './studio-keys.ts';
import { studiosRepository, type StudioRow } from './studios.repository.ts';

/** Actions shown in the studio console. */
const CONSOLE_ACTIONS = 50;

const isCreator = (user: UserRow) => user.type === 'model' || user.type === 'channel';

const nothing = async () => {};

/**
 * Studios (accounts.md §2, §4, §5, §7, §8; ADR 0014): creators join and leave with the studio's key;
 * the studio's managers see their members and act for them (plugins/studio-acting.ts), recorded here.
 */
export function studiosService({ db, pool }: { db: Database; pool: pg.Pool }) {
  const repo = studiosRepository(pool);
  const accounts = accountsRepository(db);

  return {
    /** GET /v1/profile/studio: 404 when the account is in no studio (the screen then offers to join). */
    async ofMember(user: UserRow) {
      const studio = await repo.ofMember(user.id);
      if (!studio) throw new HttpError(404, studioMessages.notManaged);
      return { name: studio.name };
    },

    /** POST /v1/profile/join-studio: 422 'Invalid key' for any key that is not a studio's. */
    async join(user: UserRow, key: string) {
      if (!isCreator(user)) throw new HttpError(403, studioMessages.forCreators);
      const studio = await repo.byKey(studioKeyHash(key));
      if (!studio) throw new HttpError(422, studioMessages.invalidKey);
      const { joined, current } = await repo.join(user.id, studio.id);
      if (!joined && current && current.id !== studio.id) throw new HttpError(409, studioMessages.alreadyManaged(current.name));
      if (joined) await repo.record({ studioId: studio.id, managerId: null, memberId: user.id, action: 'joined the studio' });
      return { name: studio.name };
    },

    /** POST /v1/profile/leave-studio: managers lose access at once. */
    async leave(user: UserRow) {
      const studio = await repo.leave(user.id);
      if (!studio) throw new HttpError(404, studioMessages.notManaged);
      await repo.record({ studioId: studio.id, managerId: null, memberId: user.id, action: 'left the studio' });
      return { message: studioMessages.left };
    },

    /** GET /v1/studio: the console of the studio the signed-in account manages. */
    async console(manager: UserRow) {
      const studio = await repo.managedBy(manager.id);
      if (!studio) throw new HttpError(403, studioMessages.notManager);
      const [members, actions] = await Promise.all([repo.members(studio.id), repo.actions(studio.id, CONSOLE_ACTIONS)]);
      return { studio, members, actions };
    },

    /** The studio an account manages, for its own profile (the console entry). */
    managedBy: (userId: number) => repo.managedBy(userId),

    /** For plugins/studio-acting.ts: the member a manager may act for now, or undefined. */
    async memberFor(managerId: number, memberId: number): Promise<{ member: UserRow; studioId: number } | undefined> {
      const studioId = await repo.studioOver(managerId, memberId);
      if (studioId === undefined) return undefined;
      const member = await accounts.findById(memberId);
      return member ? { member, studioId } : undefined;
    },

    record: repo.record,

    /**
     * The admin's tools (the console and npm run admin -- studio:...). Each write is one transaction;
     * `within` runs in it after the write (the admin's record, ADR 0015), and rolls it back if it throws.
     */
    admin: {
      /**
       * A studio with its first manager (an existing account, or a new one with this password); its key,
       * shown once. A taken name is a 409 and creates no manager account.
       */
      async create(
        name: string,
        managerEmail: string,
        managerPassword?: string,
        within: (client: pg.PoolClient, created: { studio: StudioRow; manager: UserRow }) => Promise<void> = nothing,
      ) {
        const trimmed = name.trim();
        if (!trimmed) throw new HttpError(422, adminMessages.studioNameRequired);
        return inTransaction(pool, async (client) => {
          const manager = await adminAccounts(databaseOn(client)).findOrCreateUser({ email: managerEmail, password: managerPassword, name: `${trimmed} manager` });
          const key = newStudioKey();
          const studios = studiosRepository(client);
          const studio = await studios.create(trimmed, studioKeyHash(key));
          if (!studio) throw new HttpError(409, adminMessages.studioNameTaken);
          await studios.addManager(studio.id, manager.id);
          await within(client, { studio, manager });
          return { studio, manager, key };
        });
      },
      async addManager(
        studioId: number,
        email: string,
        password?: string,
        within: (client: pg.PoolClient, added: { studio: StudioRow; manager: UserRow }) => Promise<void> = nothing,
      ) {
        return inTransaction(pool, async (client) => {
          const studios = studiosRepository(client);
          const studio = await studios.find(studioId);
          if (!studio) throw new HttpError(404, adminMessages.studioNotFound);
          const manager = await adminAccounts(databaseOn(client)).findOrCreateUser({ email, password, name: `${studio.name} manager` });
          await studios.addManager(studio.id, manager.id);
          await within(client, { studio, manager });
          return { studio, manager };
        });
      },
      /** A new join key; the old one stops working. Members stay members. */
      async rotateKey(studioId: number, within: (client: pg.PoolClient) => Promise<void> = nothing) {
        const key = newStudioKey();
        await inTransaction(pool, async (client) => {
          if (!(await studiosRepository(client).rotateKey(studioId, studioKeyHash(key)))) throw new HttpError(404, adminMessages.studioNotFound);
          await within(client);
        });
        return key;
      },
      list: () => repo.list(),
    },
  };
}

export type StudiosService = ReturnType<typeof studiosService>;
