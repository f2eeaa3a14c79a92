import type pg from 'pg';

/** Where a person is named other than by a foreign key to users.id: a viewer key `u<id>` (tracking). */
export const VIEWER_KEY_TABLES = ['video_views', 'video_likes', 'profile_views', 'link_click_viewers'] as const;

/** A column that points at users.id, as the database itself declares it (every foreign key, whatever its table). */
export interface UserColumn {
  table: string;
  column: string;
}

/**
 * Columns through which a person appears only as the one who acted on someone else's record (an admin
 * reviewing, a manager acting): an export lists such rows by their key, never the other person's data.
 */
export const ACTOR_COLUMNS = new Set(['admin_id', 'reviewed_by', 'handled_by', 'released_by', 'imported_by', 'updated_by', 'manager_id']);

/** Secrets and derived bytes that no export shows (password and token hashes, fingerprint hashes). */
export const isSecretColumn = (name: string, dataType: string) => /(^|_)hash(es)?$/.test(name) || dataType === 'bytea';

/** The deletions and exports of accounts, and the sweep of every table that names one (ADR 0031). */
export function personalDataRepository(pool: pg.Pool) {
  return {
    /** Every column that references users(id), from the catalogue: a new table is found without a list to edit. */
    async userColumns(): Promise<UserColumn[]> {
      const { rows } = await pool.query<UserColumn>(
        `select cl.relname as "table", a.attname as "column"
         from pg_constraint c
         join pg_class cl on cl.oid = c.conrelid
         join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         where c.contype = 'f' and c.confrelid = 'public.users'::regclass and array_length(c.conkey, 1) = 1
         order by 1, 2`,
      );
      return rows;
    },

    /** The data type of each column of a table (to leave secrets out). */
    async columnTypes(table: string): Promise<Map<string, string>> {
      const { rows } = await pool.query<{ name: string; type: string }>(
        `select column_name as name, data_type as type from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      );
      return new Map(rows.map((r) => [r.name, r.type]));
    },

    /** The primary key columns of a table (an actor's rows are listed by these). */
    async primaryKey(table: string): Promise<string[]> {
      const { rows } = await pool.query<{ name: string }>(
        `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ('public.' || quote_ident($1))::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
        [table],
      );
      return rows.map((r) => r.name);
    },

    /** Rows of `table` whose `column` is `value`, as JSON (the names come from the catalogue, never a request). */
    async rowsWhere(table: string, column: string, value: string | number): Promise<Record<string, unknown>[]> {
      const { rows } = await pool.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from ${quoteIdent(table)} t where ${quoteIdent(column)} = $1`, [
        value,
      ]);
      return rows.map((r) => r.row);
    },

    async deletion(userId: number): Promise<{ dueAt: Date; requestedAt: Date } | undefined> {
      const { rows } = await pool.query<{ dueAt: Date; requestedAt: Date }>(
        'select due_at as "dueAt", requested_at as "requestedAt" from account_deletions where user_id = $1',
        [userId],
      );
      return rows[0];
    },

    /**
     * Schedules the deletion and signs the account out everywhere, together; a second request keeps the
     * first date. Answers the date.
     */
    async schedule(userId: number, graceDays: number): Promise<Date> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ dueAt: Date }>(
          `with inserted as (
             insert into account_deletions (user_id, due_at) values ($1, now() + make_interval(days => $2)) on conflict (user_id) do nothing
             returning due_at)
           select due_at as "dueAt" from inserted union all select due_at from account_deletions where user_id = $1 limit 1`,
          [userId, graceDays],
        );
        await client.query('update auth_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
        await client.query('commit');
        return rows[0]!.dueAt;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    /**
     * Undo, while the grace period lasts: the account is as it was. 'none' when nothing was scheduled;
     * 'too-late' once the date has come (the purge may be removing its files already).
     */
    async cancel(userId: number): Promise<'kept' | 'none' | 'too-late'> {
      const { rows } = await pool.query<{ kept: boolean; late: boolean }>(
        `with gone as (delete from account_deletions where user_id = $1 and due_at > now() returning 1)
         select exists (select 1 from gone) as kept, exists (select 1 from account_deletions where user_id = $1 and due_at <= now()) as late`,
        [userId],
      );
      const row = rows[0]!;
      return row.kept ? 'kept' : row.late ? 'too-late' : 'none';
    },

    async insertToken(userId: number, purpose: 'keep' | 'delete', tokenHash: string, expiresAt: Date) {
      await pool.query('delete from account_deletion_tokens where user_id = $1 and (purpose = $2 or expires_at < now())', [userId, purpose]);
      await pool.query('insert into account_deletion_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, $4)', [tokenHash, userId, purpose, expiresAt]);
    },

    /** Uses up a token of this purpose; its account's id, or undefined for none (unknown, used, expired). */
    async consumeToken(tokenHash: string, purpose: 'keep' | 'delete'): Promise<number | undefined> {
      const { rows } = await pool.query<{ userId: number }>(
        'delete from account_deletion_tokens where token_hash = $1 and purpose = $2 and expires_at > now() returning user_id::float8 as "userId"',
        [tokenHash, purpose],
      );
      return rows[0]?.userId;
    },

    /** What the account has, for the deletion screen. */
    async counts(userId: number) {
      const { rows } = await pool.query<Record<'videos' | 'links' | 'following' | 'followers' | 'likes' | 'ratings', number>>(
        `select (select count(*) from videos where user_id = $1 and status <> 'deleting')::int as videos,
                (select count(*) from user_links where user_id = $1)::int as links,
                (select count(*) from follows where follower_id = $1)::int as following,
                (select count(*) from follows where model_id = $1)::int as followers,
                (select count(*) from video_likes where viewer_key = 'u' || $1::text)::int as likes,
                (select count(*) from video_ratings where user_id = $1)::int as ratings`,
        [userId],
      );
      return rows[0]!;
    },

    /** Accounts whose grace period is over, oldest first. */
    async due(limit: number): Promise<number[]> {
      const { rows } = await pool.query<{ id: number }>('select user_id::float8 as id from account_deletions where due_at <= now() order by due_at limit $1', [limit]);
      return rows.map((r) => r.id);
    },
  };
}

/** A catalogue name as an SQL identifier (it comes from pg_constraint, but is quoted all the same). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export type PersonalDataRepository = ReturnType<typeof personalDataRepository>;
