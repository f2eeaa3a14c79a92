import { adminMessages, type AdminPerson } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import type { UserRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';

const PEOPLE_PAGE = 50;

const personColumns = `
  u.id::float8 as id, u.type, u.email, u.name, u.username, u.slug, u.is_verified::text as "isVerified", u.is_admin as "isAdmin",
  to_char(u.banned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "bannedAt", u.banned_reason as "bannedReason",
  s.name as studio,
  (select count(*) from videos v where v.user_id = u.id and v.status = 'approved')::int as videos,
  (select count(*) from video_reports r join videos v on v.id = r.video_id where v.user_id = u.id)::int as reports,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`;

/**
 * People (issue 15): find accounts, ban and unban them, make or revoke admins. Each decision and its
 * record in one transaction; `onHiddenChanged` tells every instance who is hidden now.
 */
export function adminPeople(pool: pg.Pool, onHiddenChanged: () => Promise<void>) {
  async function person(id: number): Promise<AdminPerson> {
    const { rows } = await pool.query<AdminPerson>(`select ${personColumns} from users u left join studios s on s.id = u.studio_id where u.id = $1`, [id]);
    if (!rows[0]) throw new HttpError(404, adminMessages.personNotFound);
    return rows[0];
  }

  async function banOn(client: pg.PoolClient, admin: UserRow, id: number, reason: string): Promise<void> {
    if (id === admin.id) throw new HttpError(409, adminMessages.notYourself);
    const { rows } = await client.query('update users set banned_at = now(), banned_reason = $2, updated_at = now() where id = $1 and banned_at is null returning id', [id, reason]);
    if (!rows[0]) {
      const exists = await client.query('select 1 from users where id = $1', [id]);
      throw exists.rowCount ? new HttpError(409, adminMessages.alreadyBanned) : new HttpError(404, adminMessages.personNotFound);
    }
    await client.query('delete from auth_tokens where user_id = $1', [id]);
    const hidden = await client.query(
      `update videos set hidden_reason = 'creator banned', hidden_at = now() where user_id = $1 and hidden_reason is null and status = 'approved'`,
      [id],
    );
    await recordAdminDecisionOn(client, {
      adminId: admin.id,
      action: 'banned an account',
      targetType: 'user',
      targetId: id,
      before: { banned: false },
      after: { banned: true, reason, videosHidden: hidden.rowCount ?? 0 },
    });
  }

  return {
    person,

    /** By e-mail, username or name (contains, without case); newest accounts first. */
    async search(query: string): Promise<AdminPerson[]> {
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await pool.query<AdminPerson>(
        `select ${personColumns} from users u left join studios s on s.id = u.studio_id
         where $1 = '%%' or u.email ilike $1 or u.username ilike $1 or u.name ilike $1
         order by u.created_at desc, u.id desc limit $2`,
        [like, PEOPLE_PAGE],
      );
      return rows;
    },

    /**
     * Signs the account out everywhere, hides its profile and videos (kept for an appeal) and refuses its
     * sign-in. 409 when already banned; an admin cannot ban themself.
     */
    async ban(admin: UserRow, id: number, reason: string): Promise<AdminPerson> {
      await inTransaction(pool, (client) => banOn(client, admin, id, reason));
      await onHiddenChanged();
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
        const { rows } = await client.query<{ reason: string | null }>(
          `update users u set banned_at = null, banned_reason = null, updated_at = now()
           from (select banned_reason as reason from users where id = $1 for update) b
           where u.id = $1 and u.banned_at is not null returning b.reason`,
          [id],
        );
        if (!rows[0]) {
          const exists = await client.query('select 1 from users where id = $1', [id]);
          throw exists.rowCount ? new HttpError(409, adminMessages.notBanned) : new HttpError(404, adminMessages.personNotFound);
        }
        const shown = await client.query(`update videos set hidden_reason = null, hidden_at = null where user_id = $1 and hidden_reason = 'creator banned'`, [id]);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'unbanned an account',
          targetType: 'user',
          targetId: id,
          before: { banned: true, reason: rows[0].reason },
          after: { banned: false, videosShown: shown.rowCount ?? 0 },
        });
      });
      await onHiddenChanged();
      return person(id);
    },

    /** Makes an account an admin, or revokes it; never one's own role (so the last admin cannot lock everyone out). */
    async setAdmin(admin: UserRow, id: number, isAdmin: boolean): Promise<AdminPerson> {
      if (id === admin.id) throw new HttpError(409, adminMessages.notYourself);
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ was: boolean }>(
          `update users u set is_admin = $2, updated_at = now() from (select is_admin as was from users where id = $1 for update) b
           where u.id = $1 returning b.was`,
          [id, isAdmin],
        );
        if (!rows[0]) throw new HttpError(404, adminMessages.personNotFound);
        if (rows[0].was === isAdmin) throw new HttpError(409, isAdmin ? adminMessages.alreadyAdmin : adminMessages.notAdmin);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: isAdmin ? 'made an admin' : 'revoked an admin',
          targetType: 'user',
          targetId: id,
          before: { isAdmin: rows[0].was },
          after: { isAdmin },
        });
      });
      return person(id);
    },
  };
}

export type AdminPeople = ReturnType<typeof adminPeople>;
