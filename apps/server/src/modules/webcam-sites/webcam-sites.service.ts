import { adminMessages, WEBCAM_SITE_ICON_MAX_BYTES, type WebcamSite } from '@flick/contract';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { webcamSitesRepository, type WebcamSiteRow } from './webcam-sites.repository.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;
const HOST = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Icons are drawn at most 64 px wide; a 2x copy is plenty. */
const ICON_SIZE = 128;

/** `stripchat.com, www.Stripchat.com` -> ['stripchat.com']; a 422 for anything that is not a host name. */
export function parseHosts(text: string): string[] {
  const hosts = [
    ...new Set(
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((h) => h.toLowerCase().replace(/^www\./, '')),
    ),
  ];
  if (hosts.length === 0) throw new HttpError(422, adminMessages.siteHostsRequired);
  const bad = hosts.find((h) => !HOST.test(h));
  if (bad) throw new HttpError(422, adminMessages.siteHostInvalid(bad));
  return hosts;
}

function checkSlug(slug: string): string {
  if (!SLUG.test(slug)) throw new HttpError(422, adminMessages.siteSlug);
  return slug;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 40) throw new HttpError(422, adminMessages.siteName);
  return trimmed;
}

/**
 * Work to do in a write's own transaction, after the write (the admin's record of it, ADR 0015): when it
 * throws, the write is rolled back.
 */
export type Within<T> = (client: pg.PoolClient, change: T) => Promise<void>;

const nothing = async () => {};

/**
 * The webcam sites (Discover's 'Cams sites', "Best of {site}"): read by the feed and Discover, edited by
 * an admin. Icons are copies we make and serve: any picture sharp reads (PNG, JPEG, WebP, SVG) becomes a
 * square WebP named by its content, so no viewer's browser ever asks the site itself. What a write
 * refuses is an HttpError with the contract's words; anything else (an outage) is not ours to word.
 */
export function webcamSitesService({ pool, media }: { pool: pg.Pool; media: MediaStorage }) {
  const repo = webcamSitesRepository(pool);

  const present = (row: WebcamSiteRow): WebcamSite => ({ slug: row.slug, name: row.name, icon: row.icon ? media.siteIconUrl(row.icon) : null });

  /** The icon from a file (the CLI) or from the bytes an admin uploaded. */
  async function makeIcon(slug: string, source: string | Buffer): Promise<string> {
    if (typeof source === 'string') {
      const stat = await fs.stat(source).catch(() => null);
      if (!stat?.isFile()) throw new HttpError(422, adminMessages.iconFileMissing(source));
      if (stat.size > WEBCAM_SITE_ICON_MAX_BYTES) throw new HttpError(422, adminMessages.iconTooLarge);
    } else if (source.length > WEBCAM_SITE_ICON_MAX_BYTES) throw new HttpError(422, adminMessages.iconTooLarge);
    const image = await sharp(source, { limitInputPixels: 4096 * 4096 })
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90 })
      .toBuffer()
      .catch(() => {
        throw new HttpError(422, adminMessages.iconType);
      });
    const name = `${slug}-${createHash('sha256').update(image).digest('hex').slice(0, 16)}.webp`;
    await media.publishData(`sites/${name}`, image);
    return name;
  }

  const removeIcon = (icon: string | null) => (icon ? media.public.remove([`sites/${path.basename(icon)}`]) : Promise.resolve());

  return {
    /** Every site, in the admin's order, as Discover shows it. */
    async list(): Promise<WebcamSite[]> {
      return (await repo.list()).map(present);
    },

    /** Everything about every site, for the admin CLI. */
    rows: () => repo.list(),

    /** A site by its slug, hosts included; undefined for none. */
    find: (slug: string) => (SLUG.test(slug) ? repo.bySlug(slug) : Promise.resolve(undefined)),

    /** The creators with a link on one of the hosts. */
    creatorsOn: (hosts: readonly string[]) => repo.creatorsOn(hosts),

    async add(input: { slug: string; name: string; hosts: string; iconFile?: string }, within: Within<WebcamSiteRow> = nothing) {
      const slug = checkSlug(input.slug);
      const name = checkName(input.name);
      const hosts = parseHosts(input.hosts);
      if (await repo.bySlug(slug)) throw new HttpError(409, adminMessages.siteTaken);
      const icon = input.iconFile ? await makeIcon(slug, input.iconFile) : null;
      try {
        return await inTransaction(pool, async (client) => {
          const site = await webcamSitesRepository(client).insert({ slug, name, hosts, icon });
          if (!site) throw new HttpError(409, adminMessages.siteTaken);
          await within(client, site);
          return site;
        });
      } catch (error) {
        await removeIcon(icon);
        throw error;
      }
    },

    /**
     * Changes a site's name, hosts or icon: `iconFile` is a file's path or the uploaded bytes, and null goes
     * back to the drawn initial. The icon it replaces is removed once the change is committed.
     */
    async edit(
      slugText: string,
      change: { name?: string; hosts?: string; iconFile?: string | Buffer | null },
      within: Within<{ before: WebcamSiteRow; after: WebcamSiteRow }> = nothing,
    ) {
      const slug = checkSlug(slugText);
      const before = await repo.bySlug(slug);
      if (!before) throw new HttpError(404, adminMessages.siteNotFound);
      const name = change.name === undefined ? undefined : checkName(change.name);
      const hosts = change.hosts === undefined ? undefined : parseHosts(change.hosts);
      const icon = change.iconFile === undefined ? undefined : change.iconFile === null ? null : await makeIcon(slug, change.iconFile);
      let after: WebcamSiteRow;
      try {
        after = await inTransaction(pool, async (client) => {
          const updated = await webcamSitesRepository(client).update(slug, { name, hosts, icon });
          if (!updated) throw new HttpError(404, adminMessages.siteNotFound);
          await within(client, { before, after: updated });
          return updated;
        });
      } catch (error) {
        if (icon && icon !== before.icon) await removeIcon(icon);
        throw error;
      }
      if (icon !== undefined && before.icon !== icon) await removeIcon(before.icon);
      return after;
    },

    /**
     * Where the site says who is online (ADR 0012): a JSON URL, the dot path of the list in it ('' for the
     * whole answer) and the field of an entry naming the room ('' when entries are names); null for none.
     */
    async setStatusSource(
      slugText: string,
      source: { url: string; listPath?: string; roomField?: string; intervalSeconds?: number } | null,
      within: Within<null> = nothing,
    ) {
      const slug = checkSlug(slugText);
      let value: { url: string; listPath: string; roomField: string; intervalSeconds: number } | null = null;
      if (source) {
        let url: URL;
        try {
          url = new URL(source.url);
        } catch {
          throw new HttpError(422, adminMessages.statusFeedUrl(source.url));
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new HttpError(422, adminMessages.statusFeedProtocol);
        const interval = source.intervalSeconds ?? 60;
        if (!Number.isInteger(interval) || interval < 15 || interval > 3600) throw new HttpError(422, adminMessages.statusFeedInterval);
        const path = source.listPath ?? '';
        if (!/^([A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*)?$/.test(path)) throw new HttpError(422, adminMessages.statusFeedListPath(path));
        value = { url: url.href, listPath: path, roomField: source.roomField ?? '', intervalSeconds: interval };
      }
      await inTransaction(pool, async (client) => {
        if (!(await webcamSitesRepository(client).setStatusSource(slug, value))) throw new HttpError(404, adminMessages.siteNotFound);
        await within(client, null);
      });
    },

    /** A new secret for the site's signed pushes (POST /v1/live-status/{site}), shown once; null stops taking pushes. */
    async newPushSecret(slugText: string, enabled = true, within: Within<null> = nothing): Promise<string | null> {
      const slug = checkSlug(slugText);
      const secret = enabled ? randomBytes(32).toString('base64url') : null;
      await inTransaction(pool, async (client) => {
        if (!(await webcamSitesRepository(client).setPushSecret(slug, secret))) throw new HttpError(404, adminMessages.siteNotFound);
        await within(client, null);
      });
      return secret;
    },

    statusSources: () => repo.statusSources(),

    /** The icon's address as viewers load it. */
    iconUrl: (icon: string | null) => (icon ? media.siteIconUrl(icon) : null),

    /** Every site in the order given (each exactly once), or a 409 when the order does not name them all. */
    async reorder(slugs: readonly string[], within: Within<null> = nothing) {
      await inTransaction(pool, async (client) => {
        if (!(await webcamSitesRepository(client).reorder(slugs))) throw new HttpError(409, adminMessages.orderMismatch);
        await within(client, null);
      });
    },

    /** Removes a site; its icon file goes once that is committed. */
    async remove(slugText: string, within: Within<WebcamSiteRow> = nothing) {
      const slug = checkSlug(slugText);
      const removed = await inTransaction(pool, async (client) => {
        const row = await webcamSitesRepository(client).remove(slug);
        if (!row) throw new HttpError(404, adminMessages.siteNotFound);
        await within(client, row);
        return row;
      });
      await removeIcon(removed.icon);
      return removed;
    },
  };
}

export type WebcamSitesService = ReturnType<typeof webcamSitesService>;
