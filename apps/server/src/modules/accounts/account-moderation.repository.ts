import type pg from 'pg';

/** The pool, or the client of the transaction a decision and its audit record share (ADR 0015). */
type Queryable = pg.Pool | pg.PoolClient;

/**
 * What admins decide about an account: bans and the admin role. Each runs on the caller's client, so it
 * joins the caller's transaction; the hiding of a banned creator's videos is the videos module's.
 */
export function accountModerationRepository(db: Queryable) {
  return {
    async exists(id: number): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from users where id = $1', [id]);
      return Boolean(rowCount);
    },

    /** Bans the account and signs it out everywhere; false when it is already banned or does not exist. */
    async ban(id: number, reason: string): Promise<boolean> {
      const { rowCount } = await db.query('update users set banned_at = now(), banned_reason = $2, updated_at = now() where id = $1 and banned_at is null', [id, reason]);
      if (!rowCount) return false;
      await db.query('delete from auth_tokens where user_id = $1', [id]);
      return true;
    },

    /** Lifts the ban; the reason it had, or undefined when the account is not banned or does not exist. */
    async unban(id: number): Promise<{ reason: string | null } | undefined> {
      const { rows } = await db.query<{ reason: string | null }>(
        `update users u set banned_at = null, banned_reason = null, updated_at = now()
         from (select banned_reason as reason from users where id = $1 for update) b
         where u.id = $1 and u.banned_at is not null returning b.reason`,
        [id],
      );
      return rows[0];
    },

    /** Sets the admin role; what it was, or undefined when the account does not exist. */
    async setAdmin(id: number, isAdmin: boolean): Promise<{ was: boolean } | undefined> {
      const { rows } = await db.query<{ was: boolean }>(
        `update users u set is_admin = $2, updated_at = now() from (select is_admin as was from users where id = $1 for update) b
         where u.id = $1 returning b.was`,
        [id, isAdmin],
      );
      return rows[0];
    },
  };
}
