import { adminMessages, WEBCAM_SITE_ICON_MAX_BYTES, type WebcamSite } from '@flick/contract';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { webcamSitesRepository, type WebcamSiteRow } from './webcam-sites.repository.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;
const HOST = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Icons are drawn at most 64 px wide; a 2x copy is plenty. */
const ICON_SIZE = 128;

/** `stripchat.com, www.Stripchat.com` -> ['stripchat.com']; throws on anything that is not a host name. */
export function parseHosts(text: string): string[] {
  const hosts = [...new Set(text.split(/[\s,]+/).filter(Boolean).map((h) => h.toLowerCase().replace(/^www\./, '')))];
  if (hosts.length === 0) throw new Error('Give at least one host name, e.g. stripchat.com.');
  const bad = hosts.find((h) => !HOST.test(h));
  if (bad) throw new Error(`"${bad}" is not a host name (e.g. stripchat.com).`);
  return hosts;
}

function checkSlug(slug: string): string {
  if (!SLUG.test(slug)) throw new Error('A site slug is 1 to 40 lowercase letters, digits and dashes, e.g. stripchat.');
  return slug;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 40) throw new Error('A site name is 1 to 40 characters.');
  return trimmed;
}

/**
 * The webcam sites (Discover's 'Cams sites', "Best of {site}"): read by the feed and Discover, edited by
 * an admin. Icons are copies we make and serve: any picture sharp reads (PNG, JPEG, WebP, SVG) becomes a
 * square WebP named by its content, so no viewer's browser ever asks the site itself.
 */
export function webcamSitesService({ pool, media }: { pool: pg.Pool; media: MediaStorage }) {
  const repo = webcamSitesRepository(pool);

  const present = (row: WebcamSiteRow): WebcamSite => ({ slug: row.slug, name: row.name, icon: row.icon ? media.siteIconUrl(row.icon) : null });

  /** The icon from a file (the CLI) or from the bytes an admin uploaded. */
  async function makeIcon(slug: string, source: string | Buffer): Promise<string> {
    if (typeof source === 'string') {
      const stat = await fs.stat(source).catch(() => null);
      if (!stat?.isFile()) throw new Error(`No file at ${source}.`);
      if (stat.size > WEBCAM_SITE_ICON_MAX_BYTES) throw new Error(adminMessages.iconTooLarge);
    } else if (source.length > WEBCAM_SITE_ICON_MAX_BYTES) throw new Error(adminMessages.iconTooLarge);
    const image = await sharp(source, { limitInputPixels: 4096 * 4096 })
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90 })
      .toBuffer()
      .catch(() => {
        throw new Error(adminMessages.iconType);
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

    async add(input: { slug: string; name: string; hosts: string; iconFile?: string }) {
      const slug = checkSlug(input.slug);
      const name = checkName(input.name);
      const hosts = parseHosts(input.hosts);
      if (await repo.bySlug(slug)) throw new Error(`There is a site "${slug}" already.`);
      const icon = input.iconFile ? await makeIcon(slug, input.iconFile) : null;
      try {
        return await repo.insert({ slug, name, hosts, icon });
      } catch (error) {
        await removeIcon(icon);
        throw error;
      }
    },

    /**
     * Changes a site's name, hosts or icon: `iconFile` is a file's path or the uploaded bytes, and null goes
     * back to the drawn initial.
     */
    async edit(slugText: string, change: { name?: string; hosts?: string; iconFile?: string | Buffer | null }) {
      const slug = checkSlug(slugText);
      const before = await repo.bySlug(slug);
      if (!before) throw new Error(`No site "${slug}".`);
      const name = change.name === undefined ? undefined : checkName(change.name);
      const hosts = change.hosts === undefined ? undefined : parseHosts(change.hosts);
      const icon = change.iconFile === undefined ? undefined : change.iconFile === null ? null : await makeIcon(slug, change.iconFile);
      const after = await repo.update(slug, { name, hosts, icon });
      if (icon !== undefined && before.icon !== icon) await removeIcon(before.icon);
      return after!;
    },

    /**
     * Where the site says who is online (ADR 0012): a JSON URL, the dot path of the list in it ('' for the
     * whole answer) and the field of an entry naming the room ('' when entries are names); null for none.
     */
    async setStatusSource(slugText: string, source: { url: string; listPath?: string; roomField?: string; intervalSeconds?: number } | null) {
      const slug = checkSlug(slugText);
      if (source) {
        let url: URL;
        try {
          url = new URL(source.url);
        } catch {
          throw new Error(`"${source.url}" is not a URL.`);
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('A status feed is an http or https URL.');
        const interval = source.intervalSeconds ?? 60;
        if (!Number.isInteger(interval) || interval < 15 || interval > 3600) throw new Error('Poll every 15 to 3600 seconds.');
        const path = source.listPath ?? '';
        if (!/^([A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*)?$/.test(path)) throw new Error(`"${path}" is not a dot path such as data.models.`);
        if (!(await repo.setStatusSource(slug, { url: url.href, listPath: path, roomField: source.roomField ?? '', intervalSeconds: interval }))) {
          throw new Error(`No site "${slug}".`);
        }
      } else if (!(await repo.setStatusSource(slug, null))) throw new Error(`No site "${slug}".`);
    },

    /** A new secret for the site's signed pushes (POST /v1/live-status/{site}), shown once; null stops taking pushes. */
    async newPushSecret(slugText: string, enabled = true): Promise<string | null> {
      const slug = checkSlug(slugText);
      const secret = enabled ? randomBytes(32).toString('base64url') : null;
      if (!(await repo.setPushSecret(slug, secret))) throw new Error(`No site "${slug}".`);
      return secret;
    },

    statusSources: () => repo.statusSources(),

    /** The icon's address as viewers load it. */
    iconUrl: (icon: string | null) => (icon ? media.siteIconUrl(icon) : null),

    /** Every site in the order given (each exactly once), or an error naming the mismatch. */
    async reorder(slugs: readonly string[]) {
      if (!(await repo.reorder(slugs))) throw new Error(adminMessages.orderMismatch);
    },

    async remove(slugText: string) {
      const removed = await repo.remove(checkSlug(slugText));
      if (!removed) throw new Error(`No site "${slugText}".`);
      await removeIcon(removed.icon);
      return removed;
    },
  };
}

export type WebcamSitesService = ReturnType<typeof webcamSitesService>;
