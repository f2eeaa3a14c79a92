import {
  IMPORTANT_LINKS_MAX,
  LINKS_MAX,
  liveMessages,
  normalizeLinkUrl,
  profilePageMessages,
  type Link,
  type LinkChange,
  type LinkChangeResponse,
} from '@flick/contract';
import type pg from 'pg';
import { linkLiveSql, type UserRow } from '../../db/schema.ts';
import { validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { linkName, linkSite } from '../users/link-site.ts';
import { toLink, type LinkRow } from '../users/user-links.ts';

const linkSql = `select id::float8 as id, url, name, site, ${linkLiveSql('user_links')} as "isLive", is_important as "isImportant" from user_links`;
const listSql = `${linkSql} where user_id = $1 order by position, id`;

/**
 * A creator's own links (viewer.md §6 owner actions): POST /v1/profile `{links: [...]}` adds and deletes
 * them together or not at all, and only ever on the signed-in account.
 */
export function profileLinks(pool: pg.Pool) {
  return {
    async list(userId: number): Promise<Link[]> {
      const { rows } = await pool.query<LinkRow>({ name: 'profile-links', text: listSql, values: [userId] });
      return rows.map(toLink);
    },

    /** Applies the changes and answers the spec's toast for them (viewer.md §8). */
    async apply(user: UserRow, changes: LinkChange[]): Promise<string> {
      if (user.type === 'user') throw new HttpError(403, profilePageMessages.linksForCreators);
      const deletes = changes.flatMap((change, index) => (change.action === 'delete' ? [{ id: change.id, index }] : []));
      const adds = changes.flatMap((change, index) => (change.action === 'add' ? [{ url: normalizeLinkUrl(change.url), index }] : []));

      const client = await pool.connect();
      try {
        await client.query('begin');
        // One change of this account's links at a time, so the count and duplicate checks hold.
        await client.query('select 1 from users where id = $1 for update', [user.id]);
        const { rows: targeted } = await client.query<{ id: number; userId: number }>(
          'select id::float8 as id, user_id::float8 as "userId" from user_links where id = any($1::bigint[])',
          [deletes.map((d) => d.id)],
        );
        for (const { id } of deletes) {
          const link = targeted.find((row) => row.id === id);
          if (!link) throw new HttpError(404, profilePageMessages.linkNotFound);
          if (link.userId !== user.id) throw new HttpError(403, profilePageMessages.notYourLink);
        }

        const { rows: kept } = await client.query<{ url: string }>('select url from user_links where user_id = $1 and not (id = any($2::bigint[]))', [
          user.id,
          deletes.map((d) => d.id),
        ]);
        const taken = new Set(kept.map((row) => row.url.toLowerCase()));
        for (const { url, index } of adds) {
          if (taken.has(url.toLowerCase())) throw validationError([{ field: `links.${index}.url`, message: profilePageMessages.duplicateLink }]);
          taken.add(url.toLowerCase());
        }
        if (kept.length + adds.length > LINKS_MAX) {
          throw validationError([{ field: 'links', message: profilePageMessages.tooManyLinks(LINKS_MAX) }]);
        }

        if (deletes.length > 0) {
          await client.query('delete from user_links where user_id = $1 and id = any($2::bigint[])', [user.id, deletes.map((d) => d.id)]);
        }
        if (adds.length > 0) {
          // The URL pattern guarantees a host with a dot, so every added link has a site.
          const sites = adds.map(({ url }) => linkSite(url)!);
          await client.query(
            `insert into user_links (user_id, url, name, site, position)
             select $1, x.url, x.name, x.site, coalesce((select max(position) from user_links where user_id = $1), -1) + x.n
             from unnest($2::text[], $3::text[], $4::text[]) with ordinality as x(url, name, site, n)`,
            [user.id, adds.map((a) => a.url), sites.map(linkName), sites],
          );
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }

      if (deletes.length === 0) return profilePageMessages.linkAdded;
      if (adds.length === 0) return profilePageMessages.linkDeleted;
      return profilePageMessages.linksUpdated;
    },

    /** POST /v1/profile/links/{id}/important: the accent border, on at most IMPORTANT_LINKS_MAX of the owner's links. */
    async setImportant(user: UserRow, linkId: number, important: boolean): Promise<LinkChangeResponse> {
      if (user.type === 'user') throw new HttpError(403, liveMessages.linksForCreators);
      const client = await pool.connect();
      try {
        await client.query('begin');
        // One change of this account's links at a time, so the count holds.
        await client.query('select 1 from users where id = $1 for update', [user.id]);
        const { rows: found } = await client.query<{ userId: number }>('select user_id::float8 as "userId" from user_links where id = $1', [linkId]);
        if (!found[0]) throw new HttpError(404, liveMessages.linkNotFound);
        if (found[0].userId !== user.id) throw new HttpError(403, liveMessages.notYourLink);
        if (important) {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from user_links where user_id = $1 and is_important and id <> $2', [
            user.id,
            linkId,
          ]);
          if (rows[0]!.n >= IMPORTANT_LINKS_MAX) throw validationError([{ field: 'important', message: liveMessages.tooManyImportant }]);
        }
        await client.query('update user_links set is_important = $2 where id = $1', [linkId, important]);
        const { rows } = await client.query<LinkRow>(`${linkSql} where id = $1`, [linkId]);
        await client.query('commit');
        return { message: important ? liveMessages.markedImportant : liveMessages.unmarkedImportant, data: toLink(rows[0]!) };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export type ProfileLinks = ReturnType<typeof profileLinks>;
