import { adminMessages, pageSlugSchema, type AdminContest } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import { databaseOn } from '../../db/transaction-database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { adminAccounts } from '../accounts/admin-accounts.ts';
import { pagesService } from '../pages/pages.service.ts';
import type { ReleasesService } from '../performers/releases.service.ts';
import type { StudiosService } from '../studios/studios.service.ts';
import { adminContentRepository, type ContestChange } from './admin-content.repository.ts';
import type { AdminPeople } from './admin-people.service.ts';

/** Record of one write, short enough to read in the log: a page's HTML by its length, not in full. */
const pageState = (row: { title: string; content: string } | undefined) => (row ? { title: row.title, htmlLength: row.content.length } : null);

/**
 * Content (ADR 0015): static pages, contests, studios and their keys, channel accounts, the searches
 * that found nothing, and creators' verification records for an inspection. Every write on the record,
 * in the write's own transaction.
 */
export function adminContent({
  pool,
  studios,
  people,
  videoRecords,
}: {
  pool: pg.Pool;
  studios: StudiosService;
  people: AdminPeople;
  /** Everyone depicted in each video, with their records (the performers module, ADR 0029); the admin CLI has none. */
  videoRecords?: ReleasesService['videoRecords'];
}) {
  const repo = adminContentRepository(pool);

  async function contest(id: number): Promise<AdminContest> {
    const found = await repo.contest(id);
    if (!found) throw new HttpError(404, adminMessages.contestNotFound);
    return found;
  }

  async function page(slug: string) {
    const found = await repo.page(slug);
    if (!found) throw new HttpError(404, adminMessages.pageNotFound);
    // Stored sanitized; sanitized again on the way out, like the public page, whatever wrote the row.
    return { ...found, html: sanitizeHtml(found.html) };
  }

  async function studio(id: number) {
    return (await studios.admin.list()).find((s) => s.id === id)!;
  }

  return {
    pages: () => repo.pages(),
    page,

    /** Stores the page's HTML sanitized, through the pages module (the editor shows what is stored). */
    async savePage(admin: UserRow, slug: string, title: string, html: string) {
      const known = pageSlugSchema.safeParse(slug);
      if (!known.success) throw new HttpError(404, adminMessages.pageNotFound);
      await inTransaction(pool, async (client) => {
        const before = await adminContentRepository(client).pageForUpdate(slug);
        await pagesService(databaseOn(client)).save(known.data, title, html);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'edited a page',
          targetType: 'page',
          targetId: null,
          before: { slug, ...pageState(before) },
          after: { slug, ...pageState({ title, content: sanitizeHtml(html) }) },
        });
      });
      return page(slug);
    },

    contests: () => repo.contests(),

    async createContest(admin: UserRow, input: { userId: number; title: string; content: string }) {
      const id = await inTransaction(pool, async (client) => {
        const contests = adminContentRepository(client);
        const type = await contests.accountType(input.userId);
        if (!type) throw new HttpError(404, adminMessages.personNotFound);
        if (type === 'user') throw new HttpError(422, adminMessages.contestsForCreators);
        const id = await contests.insertContest({ ...input, content: sanitizeHtml(input.content) });
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'created a contest',
          targetType: 'contest',
          targetId: id,
          after: { userId: input.userId, title: input.title },
        });
        return id;
      });
      return contest(id);
    },

    /** Edits, reorders or ends (or reopens) a contest. */
    async updateContest(admin: UserRow, id: number, change: ContestChange) {
      await inTransaction(pool, async (client) => {
        const contests = adminContentRepository(client);
        const before = await contests.contestForUpdate(id);
        if (!before) throw new HttpError(404, adminMessages.contestNotFound);
        await contests.updateContest(id, { ...change, content: change.content === undefined ? undefined : sanitizeHtml(change.content) });
        const action = change.ended === true ? 'ended a contest' : change.ended === false ? 'reopened a contest' : 'edited a contest';
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action,
          targetType: 'contest',
          targetId: id,
          before,
          after: {
            title: change.title ?? before.title,
            position: change.position ?? before.position,
            ended: change.ended ?? before.ended,
            contentChanged: change.content !== undefined,
          },
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
        const contests = adminContentRepository(client);
        const before = await contests.contestIdsForUpdate(userId);
        if (before.length === 0) throw new HttpError(404, adminMessages.contestNotFound);
        const known = new Set(before);
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw new HttpError(409, adminMessages.orderMismatch);
        await contests.orderContests(ids);
        await recordAdminDecisionOn(client, { adminId: admin.id, action: 'reordered contests', targetType: 'user', targetId: userId, before, after: ids });
      });
      return repo.contests();
    },

    studios: () => studios.admin.list(),

    async createStudio(admin: UserRow, input: { name: string; managerEmail: string; managerPassword?: string }) {
      const created = await studios.admin.create(input.name, input.managerEmail, input.managerPassword, (client, { studio, manager }) =>
        recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'created a studio',
          targetType: 'studio',
          targetId: studio.id,
          after: { name: studio.name, manager: manager.email },
        }),
      );
      return { studio: await studio(created.studio.id), key: created.key };
    },

    async addStudioManager(admin: UserRow, id: number, input: { email: string; password?: string }) {
      return studios.admin.addManager(id, input.email, input.password, (client, { manager }) =>
        recordAdminDecisionOn(client, { adminId: admin.id, action: 'added a studio manager', targetType: 'studio', targetId: id, after: { manager: manager.email } }),
      );
    },

    async rotateStudioKey(admin: UserRow, id: number) {
      const key = await studios.admin.rotateKey(id, (client) =>
        recordAdminDecisionOn(client, { adminId: admin.id, action: 'rotated a studio key', targetType: 'studio', targetId: id }),
      );
      return { studio: await studio(id), key };
    },

    async createChannel(admin: UserRow, input: { email: string; name: string; username: string; password: string }) {
      const channel = await inTransaction(pool, async (client) => {
        const created = await adminAccounts(databaseOn(client)).createChannel(input);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'created a channel',
          targetType: 'user',
          targetId: created.id,
          after: { email: created.email, username: created.username },
        });
        return created;
      });
      return people.person(channel.id);
    },

    /** Final searches that found nothing in the last 30 days, most asked first (Discover records them: ADR 0011). */
    searchMisses: () => repo.searchMisses(),

    /**
     * Verification records for an inspection (18 U.S.C. §2257): legal name, stage name and aliases, date of
     * birth, ID type and number, when and by whom it was checked. One creator, or all approved ones.
     */
    async verificationRecords(userId?: number) {
      const rows = await repo.verificationRecords(userId);
      return rows.map(({ names, ...row }) => ({ ...row, aliases: [...new Set(names.filter((name) => name && name !== row.stageName))] }));
    },

    /**
     * The whole export: the creators' records and, for each video, everyone depicted in it (ADR 0029). For
     * one video, the records of the accounts in it; for one creator, the videos they uploaded or appear in.
     */
    async recordExport(filter: { user_id?: number; video_id?: number }) {
      if (!videoRecords) throw new Error('The §2257 export needs the performers module.');
      const videos = await videoRecords({ userId: filter.user_id, videoId: filter.video_id });
      if (filter.video_id === undefined) return { data: await this.verificationRecords(filter.user_id), videos };
      const accounts = [...new Set(videos.flatMap((video) => video.people.flatMap((person) => (person.userId === null ? [] : [person.userId]))))];
      const data = (await Promise.all(accounts.map((id) => this.verificationRecords(id)))).flat();
      return { data: filter.user_id === undefined ? data : data.filter((row) => row.userId === filter.user_id), videos };
    },
  };
}

export type AdminContent = ReturnType<typeof adminContent>;
