import type { AdminPerson } from '@flick/contract';
import type pg from 'pg';

const personColumns = `
  u.id::float8 as id, u.type, u.email, u.name, u.username, u.slug, u.is_verified::text as "isVerified", u.is_admin as "isAdmin",
  to_char(u.banned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "bannedAt", u.banned_reason as "bannedReason",
  s.name as studio,
  (select count(*) from videos v where v.user_id = u.id and v.status = 'approved')::int as videos,
  (select count(*) from video_reports r join videos v on v.id = r.video_id where v.user_id = u.id)::int as reports,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`;

/** People's reads: accounts as the console shows them (the decisions are the accounts module's). */
export function adminPeopleRepository(pool: pg.Pool | pg.PoolClient) {
  return {
    async person(id: number): Promise<AdminPerson | undefined> {
      const { rows } = await pool.query<AdminPerson>(`select ${personColumns} from users u left join studios s on s.id = u.studio_id where u.id = $1`, [id]);
      return rows[0];
    },

    /** By e-mail, username or name containing `query` (without case); newest accounts first. */
    async search(query: string, limit: number): Promise<AdminPerson[]> {
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await pool.query<AdminPerson>(
        `select ${personColumns} from users u left join studios s on s.id = u.studio_id
         where $1 = '%%' or u.email ilike $1 or u.username ilike $1 or u.name ilike $1
         order by u.created_at desc, u.id desc limit $2`,
        [like, limit],
      );
      return rows;
    },
  };
}
