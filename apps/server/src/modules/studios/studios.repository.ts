import type { StudioAction, StudioMember } from '@flick/contract';
import type pg from 'pg';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

export interface StudioRow {
  id: number;
  name: string;
}

/** Each member with the numbers of what viewers can see of theirs: a scheduled video counts once it is out. */
const membersSql = `
  select u.id::float8 as id, u.type, u.name, u.slug, u.avatar, u.is_verified as "isVerified",
         coalesce(n.videos, 0)::float8 as videos, coalesce(n.views, 0)::float8 as views, coalesce(n.likes, 0)::float8 as likes,
         u.followers_count::float8 as followers
  from users u
  left join lateral (
    select count(*) as videos, sum(v.view_count) as views, sum(v.like_count) as likes
    from videos v where v.user_id = u.id and ${PUBLISHED_SQL}
  ) n on true
  where u.studio_id = $1
  order by u.name, u.id`;

/** studios, studio_managers, users.studio_id and studio_actions; on the pool or a transaction's client. */
export function studiosRepository(pool: pg.Pool | pg.PoolClient) {
  return {
    /** The new studio, or undefined when its name (in any case) is taken. */
    async create(name: string, keyHash: string): Promise<StudioRow | undefined> {
      const { rows } = await pool.query<StudioRow>('insert into studios (name, join_key_hash) values ($1, $2) on conflict do nothing returning id::float8 as id, name', [
        name,
        keyHash,
      ]);
      return rows[0];
    },

    async find(id: number): Promise<StudioRow | undefined> {
      const { rows } = await pool.query<StudioRow>('select id::float8 as id, name from studios where id = $1', [id]);
      return rows[0];
    },

    async list(): Promise<(StudioRow & { members: number; managers: string[] })[]> {
      const { rows } = await pool.query<StudioRow & { members: number; managers: string[] }>(
        `select s.id::float8 as id, s.name,
                (select count(*) from users u where u.studio_id = s.id)::int as members,
                coalesce((select array_agg(u.email order by u.email) from studio_managers m join users u on u.id = m.user_id where m.studio_id = s.id), '{}') as managers
         from studios s order by s.name`,
      );
      return rows;
    },

    async rotateKey(id: number, keyHash: string): Promise<boolean> {
      const { rowCount } = await pool.query('update studios set join_key_hash = $2, key_rotated_at = now() where id = $1', [id, keyHash]);
      return Boolean(rowCount);
    },

    async addManager(studioId: number, userId: number): Promise<void> {
      await pool.query('insert into studio_managers (studio_id, user_id) values ($1, $2) on conflict do nothing', [studioId, userId]);
    },

    async byKey(keyHash: string): Promise<StudioRow | undefined> {
      const { rows } = await pool.query<StudioRow>('select id::float8 as id, name from studios where join_key_hash = $1', [keyHash]);
      return rows[0];
    },

    /** The studio managing `userId`, if any. */
    async ofMember(userId: number): Promise<StudioRow | undefined> {
      const { rows } = await pool.query<StudioRow>('select s.id::float8 as id, s.name from users u join studios s on s.id = u.studio_id where u.id = $1', [userId]);
      return rows[0];
    },

    /** The studio `userId` manages (the first, should an account manage several). */
    async managedBy(userId: number): Promise<StudioRow | undefined> {
      const { rows } = await pool.query<StudioRow>(
        'select s.id::float8 as id, s.name from studio_managers m join studios s on s.id = m.studio_id where m.user_id = $1 order by s.id limit 1',
        [userId],
      );
      return rows[0];
    },

    /** Joins when the account is in no studio; the studio it is in otherwise (nothing changes). */
    async join(userId: number, studioId: number): Promise<{ joined: boolean; current: StudioRow | undefined }> {
      const { rowCount } = await pool.query('update users set studio_id = $2, updated_at = now() where id = $1 and studio_id is null', [userId, studioId]);
      return { joined: Boolean(rowCount), current: rowCount ? undefined : await this.ofMember(userId) };
    },

    /** Leaves the studio; the studio it left, or undefined when it was in none. */
    async leave(userId: number): Promise<StudioRow | undefined> {
      const { rows } = await pool.query<StudioRow>(
        `with before as (select studio_id from users where id = $1 for update)
         update users u set studio_id = null, updated_at = now() from before b join studios s on s.id = b.studio_id
         where u.id = $1 returning s.id::float8 as id, s.name`,
        [userId],
      );
      return rows[0];
    },

    /**
     * The studio through which `managerId` may act for `memberId`: one they manage and the member is in,
     * read as it is now (so leaving revokes access on the very next request).
     */
    async studioOver(managerId: number, memberId: number): Promise<number | undefined> {
      const { rows } = await pool.query<{ studio_id: string }>({
        name: 'studio-over',
        // Not while the member's account waits to be deleted (ADR 0031): nothing is done for it meanwhile.
        text: `select u.studio_id from users u join studio_managers m on m.studio_id = u.studio_id and m.user_id = $1
               where u.id = $2 and not exists (select 1 from account_deletions d where d.user_id = u.id)`,
        values: [managerId, memberId],
      });
      return rows[0] ? Number(rows[0].studio_id) : undefined;
    },

    async members(studioId: number): Promise<StudioMember[]> {
      const { rows } = await pool.query<StudioMember>({ name: 'studio-members', text: membersSql, values: [studioId] });
      return rows;
    },

    async record(entry: { studioId: number; managerId: number | null; memberId: number | null; action: string; detail?: string | null }) {
      await pool.query('insert into studio_actions (studio_id, manager_id, member_id, action, detail) values ($1, $2, $3, $4, $5)', [
        entry.studioId,
        entry.managerId,
        entry.memberId,
        entry.action,
        entry.detail ?? null,
      ]);
    },

    async actions(studioId: number, limit: number): Promise<StudioAction[]> {
      const { rows } = await pool.query<StudioAction>(
        `select a.id::float8 as id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
                mu.name as manager, me.name as member, a.action || coalesce(' ' || a.detail, '') as action
         from studio_actions a
         left join users mu on mu.id = a.manager_id
         left join users me on me.id = a.member_id
         where a.studio_id = $1
         order by a.created_at desc, a.id desc
         limit $2`,
        [studioId, limit],
      );
      return rows;
    },
  };
}

export type StudiosRepository = ReturnType<typeof studiosRepository>;
