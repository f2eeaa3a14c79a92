import type { AdminContest, AdminPageSummary, AdminSearchMiss, AdminVerificationRecord } from '@flick/contract';
import type pg from 'pg';

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const contestColumns = `c.id::float8 as id, c.user_id::float8 as "userId", u.name as creator, c.title, c.content, c.position,
  ${iso('c.ended_at')} as "endedAt", ${iso('c.created_at')} as "createdAt"`;

export interface ContestChange {
  title?: string;
  content?: string;
  position?: number;
  ended?: boolean;
}

/**
 * Content's statements: static pages as the console lists them, creators' contests (written only here),
 * the searches that found nothing and the verification records; on the pool or a transaction's client.
 */
export function adminContentRepository(db: pg.Pool | pg.PoolClient) {
  return {
    async pages(): Promise<AdminPageSummary[]> {
      const { rows } = await db.query<AdminPageSummary>(`select slug, title, ${iso('updated_at')} as "updatedAt" from pages order by slug`);
      return rows;
    },

    async page(slug: string): Promise<{ slug: string; title: string; html: string; updatedAt: string } | undefined> {
      const { rows } = await db.query<{ slug: string; title: string; html: string; updatedAt: string }>(
        `select slug, title, content as html, ${iso('updated_at')} as "updatedAt" from pages where slug = $1`,
        [slug],
      );
      return rows[0];
    },

    /** The page as it is before an edit, locked until the edit's transaction ends. */
    async pageForUpdate(slug: string): Promise<{ title: string; content: string } | undefined> {
      const { rows } = await db.query<{ title: string; content: string }>('select title, content from pages where slug = $1 for update', [slug]);
      return rows[0];
    },

    async contest(id: number): Promise<AdminContest | undefined> {
      const { rows } = await db.query<AdminContest>(`select ${contestColumns} from contests c join users u on u.id = c.user_id where c.id = $1`, [id]);
      return rows[0];
    },

    /** Running contests first, by creator and their order. */
    async contests(): Promise<AdminContest[]> {
      const { rows } = await db.query<AdminContest>(
        `select ${contestColumns} from contests c join users u on u.id = c.user_id order by c.ended_at is not null, u.name, c.position, c.id limit 500`,
      );
      return rows;
    },

    async accountType(userId: number): Promise<string | undefined> {
      const { rows } = await db.query<{ type: string }>('select type from users where id = $1', [userId]);
      return rows[0]?.type;
    },

    /** A contest last in its creator's order; its id. `content` is sanitized by the caller. */
    async insertContest(input: { userId: number; title: string; content: string }): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `insert into contests (user_id, title, content, position)
         values ($1, $2, $3, coalesce((select max(position) + 1 from contests where user_id = $1), 0)) returning id`,
        [input.userId, input.title, input.content],
      );
      return Number(rows[0]!.id);
    },

    /** The contest as it is before an edit, locked until the edit's transaction ends. */
    async contestForUpdate(id: number): Promise<{ title: string; position: number; ended: boolean } | undefined> {
      const { rows } = await db.query<{ title: string; position: number; ended: boolean }>(
        'select title, position, ended_at is not null as ended from contests where id = $1 for update',
        [id],
      );
      return rows[0];
    },

    /** Changes what is given; `ended` true ends it (keeping when it first ended), false reopens it. */
    async updateContest(id: number, change: ContestChange): Promise<void> {
      await db.query(
        `update contests set title = coalesce($2, title), content = coalesce($3, content), position = coalesce($4, position),
           ended_at = case when $5::boolean is null then ended_at when $5 then coalesce(ended_at, now()) else null end
         where id = $1`,
        [id, change.title ?? null, change.content ?? null, change.position ?? null, change.ended ?? null],
      );
    },

    /** One creator's contest ids in their order, locked until the transaction ends. */
    async contestIdsForUpdate(userId: number): Promise<number[]> {
      const { rows } = await db.query<{ id: number }>('select id::float8 as id from contests where user_id = $1 order by position, id for update', [userId]);
      return rows.map((row) => row.id);
    },

    /** Positions 0, 1, 2... in the order of `ids`. */
    async orderContests(ids: readonly number[]): Promise<void> {
      await db.query('update contests c set position = o.position - 1 from unnest($1::bigint[]) with ordinality as o(id, position) where c.id = o.id', [ids]);
    },

    /** Final searches that found nothing in the last 30 days, most asked first. */
    async searchMisses(): Promise<AdminSearchMiss[]> {
      const { rows } = await db.query<AdminSearchMiss>(
        `select normalized as query, count(*)::int as searches, ${iso('max(created_at)')} as "lastAt"
         from searches where results = 0 and created_at > now() - interval '30 days'
         group by normalized order by count(*) desc, max(created_at) desc limit 100`,
      );
      return rows;
    },

    /** One creator's verification records, or every approved one's, with the names they went by. */
    async verificationRecords(userId?: number): Promise<(Omit<AdminVerificationRecord, 'aliases'> & { names: string[] })[]> {
      const { rows } = await db.query<Omit<AdminVerificationRecord, 'aliases'> & { names: string[] }>(
        `select u.id::float8 as "userId", u.email, v.legal_name as "legalName", v.stage_name as "stageName",
                array_remove(array[u.name, u.username], null) as names, v.date_of_birth::text as "dateOfBirth",
                v.identification, v.identification_id as "identificationId", v.country, v.status::text as status,
                ${iso('v.created_at')} as "submittedAt", ${iso('v.reviewed_at')} as "checkedAt", r.email as "checkedBy"
         from verifications v join users u on u.id = v.user_id left join users r on r.id = v.reviewed_by
         where ${userId === undefined ? "v.status = 'approved'" : 'v.user_id = $1'}
         order by u.id, v.created_at`,
        userId === undefined ? [] : [userId],
      );
      return rows;
    },
  };
}
