import { adminMessages, pageSlugSchema, type AdminContest } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import { databaseOn } from '../../db/transaction-database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { adminAccounts } from '../accounts/admin-accounts.ts';
import type { StudiosService } from '../studios/studios.service.ts';
import type { AdminPeople } from './admin-people.ts';

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const contestColumns = `c.id::float8 as id, c.user_id::float8 as "userId", u.name as creator, c.title, c.content, c.position,
  ${iso('c.ended_at')} as "endedAt", ${iso('c.created_at')} as "createdAt"`;

/** Record of one write, short enough to read in the log: a page's HTML by its length, not in full. */
const pageState = (row: { title: string; content: string } | undefined) => (row ? { title: row.title, htmlLength: row.content.length } : null);

/**
 * Content (issue 15): static pages, contests, studios and their keys, channel accounts, the searches
 * that found nothing, and creators' verification records for an inspection. Every write on the record,
 * in the write's own transaction (ADR 0015).
 */
export function adminContent({ pool, studios, people }: { pool: pg.Pool; studios: StudiosService; people: AdminPeople }) {
  async function contest(id: number): Promise<AdminContest> {
    const { rows } = await pool.query<AdminContest>(`select ${contestColumns} from contests c join users u on u.id = c.user_id where c.id = $1`, [id]);
    if (!rows[0]) throw new HttpError(404, adminMessages.contestNotFound);
    return rows[0];
  }

  return {
    async pages() {
      const { rows } = await pool.query<{ slug: string; title: string; updatedAt: string }>(`select slug, title, ${iso('updated_at')} as "updatedAt" from pages order by slug`);
      return rows;
    },

    async page(slug: string) {
      const { rows } = await pool.query<{ slug: string; title: string; html: string; updatedAt: string }>(
        `select slug, title, content as html, ${iso('updated_at')} as "updatedAt" from pages where slug = $1`,
        [slug],
      );
      if (!rows[0]) throw new HttpError(404, adminMessages.pageNotFound);
      // Stored sanitized; sanitized again on the way out, like the public page, whatever wrote the row.
      return { ...rows[0], html: sanitizeHtml(rows[0].html) };
    },

    /** Stores the page's HTML sanitized (the editor shows what is stored). */
    async savePage(admin: UserRow, slug: string, title: string, html: string) {
      if (!pageSlugSchema.safeParse(slug).success) throw new HttpError(404, adminMessages.pageNotFound);
      const content = sanitizeHtml(html);
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ title: string; content: string }>('select title, content from pages where slug = $1 for update', [slug]);
        await client.query(
          `insert into pages (slug, title, content, updated_at) values ($1, $2, $3, now())
           on conflict (slug) do update set title = excluded.title, content = excluded.content, updated_at = now()`,
          [slug, title.trim(), content],
        );
        await recordAdminDecisionOn(client, { adminId: admin.id, action: 'edited a page', targetType: 'page', targetId: null, before: { slug, ...pageState(rows[0]) }, after: { slug, ...pageState({ title, content }) } });
      });
      return this.page(slug);
    },

    async contests(): Promise<AdminContest[]> {
      const { rows } = await pool.query<AdminContest>(
        `select ${contestColumns} from contests c join users u on u.id = c.user_id order by c.ended_at is not null, u.name, c.position, c.id limit 500`,
      );
      return rows;
    },

    async createContest(admin: UserRow, input: { userId: number; title: string; content: string }) {
      const id = await inTransaction(pool, async (client) => {
        const { rows: owner } = await client.query<{ type: string }>('select type from users where id = $1', [input.userId]);
        if (!owner[0]) throw new HttpError(404, adminMessages.personNotFound);
        if (owner[0].type === 'user') throw new HttpError(422, adminMessages.contestsForCreators);
        const { rows } = await client.query<{ id: string }>(
          `insert into contests (user_id, title, content, position)
           values ($1, $2, $3, coalesce((select max(position) + 1 from contests where user_id = $1), 0)) returning id`,
          [input.userId, input.title, sanitizeHtml(input.content)],
        );
        const id = Number(rows[0]!.id);
        await recordAdminDecisionOn(client, { adminId: admin.id, action: 'created a contest', targetType: 'contest', targetId: id, after: { userId: input.userId, title: input.title } });
        return id;
      });
      return contest(id);
    },

    /** Edits, reorders or ends (or reopens) a contest. */
    async updateContest(admin: UserRow, id: number, change: { title?: string; content?: string; position?: number; ended?: boolean }) {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ title: string; position: number; ended: boolean }>(
          'select title, position, ended_at is not null as ended from contests where id = $1 for update',
          [id],
        );
        if (!rows[0]) throw new HttpError(404, adminMessages.contestNotFound);
        await client.query(
          `update contests set title = coalesce($2, title), content = coalesce($3, content), position = coalesce($4, position),
             ended_at = case when $5::boolean is null then ended_at when $5 then coalesce(ended_at, now()) else null end
           where id = $1`,
          [id, change.title ?? null, change.content === undefined ? null : sanitizeHtml(change.content), change.position ?? null, change.ended ?? null],
        );
        const action = change.ended === true ? 'ended a contest' : change.ended === false ? 'reopened a contest' : 'edited a contest';
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action,
          targetType: 'contest',
          targetId: id,
          before: rows[0],
          after: { title: change.title ?? rows[0].title, position: change.position ?? rows[0].position, ended: change.ended ?? rows[0].ended, contentChanged: change.content !== undefined },
        });
      });
      return contest(id);
    },

    /**
     * One creator's contests in a new order, written at once: the ids must be each of their contests
     * exactly once (checked under a lock), so the order is never half applied.
     */
    async reorderContests(admin: UserRow, userId: number, ids: number[]) {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: number }>('select id::float8 as id from contests where user_id = $1 order by position, id for update', [userId]);
        if (rows.length === 0) throw new HttpError(404, adminMessages.contestNotFound);
        const known = new Set(rows.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw new HttpError(409, adminMessages.orderMismatch);
        await client.query('update contests c set position = o.position - 1 from unnest($1::bigint[]) with ordinality as o(id, position) where c.id = o.id', [ids]);
        await recordAdminDecisionOn(client, { adminId: admin.id, action: 'reordered contests', targetType: 'user', targetId: userId, before: rows.map((row) => row.id), after: ids });
      });
      return this.contests();
    },

    studios: () => studios.admin.list(),

    async createStudio(admin: UserRow, input: { name: string; managerEmail: string; managerPassword?: string }) {
      const created = await studios.admin.create(input.name, input.managerEmail, input.managerPassword, (client, { studio, manager }) =>
        recordAdminDecisionOn(client, { adminId: admin.id, action: 'created a studio', targetType: 'studio', targetId: studio.id, after: { name: studio.name, manager: manager.email } }),
      );
      const studio = (await studios.admin.list()).find((s) => s.id === created.studio.id)!;
      return { studio, key: created.key };
    },

    async addStudioManager(admin: UserRow, id: number, input: { email: string; password?: string }) {
      return studios.admin.addManager(id, input.email, input.password, (client, { manager }) =>
        recordAdminDecisionOn(client, { adminId: admin.id, action: 'added a studio manager', targetType: 'studio', targetId: id, after: { manager: manager.email } }),
      );
    },

    async rotateStudioKey(admin: UserRow, id: number) {
      const key = await studios.admin.rotateKey(id, (client) => recordAdminDecisionOn(client, { adminId: admin.id, action: 'rotated a studio key', targetType: 'studio', targetId: id }));
      const studio = (await studios.admin.list()).find((s) => s.id === id)!;
      return { studio, key };
    },

    async createChannel(admin: UserRow, input: { email: string; name: string; username: string; password: string }) {
      const channel = await inTransaction(pool, async (client) => {
        const created = await adminAccounts(databaseOn(client)).createChannel(input);
        await recordAdminDecisionOn(client, { adminId: admin.id, action: 'created a channel', targetType: 'user', targetId: created.id, after: { email: created.email, username: created.username } });
        return created;
      });
      return people.person(channel.id);
    },

    /** Final searches that found nothing in the last 30 days, most asked first (the Discover issue records them). */
    async searchMisses() {
      const { rows } = await pool.query<{ query: string; searches: number; lastAt: string }>(
        `select normalized as query, count(*)::int as searches, ${iso('max(created_at)')} as "lastAt"
         from searches where results = 0 and created_at > now() - interval '30 days'
         group by normalized order by count(*) desc, max(created_at) desc limit 100`,
      );
      return rows;
    },

    /**
     * Verification records for an inspection (18 U.S.C. §2257): legal name, stage name and aliases, date of
     * birth, ID type and number, when and by whom it was checked. One creator, or all approved ones.
     */
    async verificationRecords(userId?: number) {
      const { rows } = await pool.query(
        `select u.id::float8 as "userId", u.email, v.legal_name as "legalName", v.stage_name as "stageName",
                array_remove(array[u.name, u.username], null) as names, v.date_of_birth::text as "dateOfBirth",
                v.identification, v.identification_id as "identificationId", v.country, v.status::text as status,
                ${iso('v.created_at')} as "submittedAt", ${iso('v.reviewed_at')} as "checkedAt", r.email as "checkedBy"
         from verifications v join users u on u.id = v.user_id left join users r on r.id = v.reviewed_by
         where ${userId === undefined ? "v.status = 'approved'" : 'v.user_id = $1'}
         order by u.id, v.created_at`,
        userId === undefined ? [] : [userId],
      );
      return rows.map(({ names, ...row }) => ({
        ...row,
        aliases: [...new Set((names as string[]).filter((name) => name && name !== row.stageName))],
      }));
    },
  };
}

export type AdminContent = ReturnType<typeof adminContent>;
