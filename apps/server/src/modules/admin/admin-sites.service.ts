import { adminMessages, type AdminAuditAction, type AdminWebcamSite } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { WebcamSiteRow } from '../webcam-sites/webcam-sites.repository.ts';
import type { WebcamSitesService } from '../webcam-sites/webcam-sites.service.ts';

/** What the log keeps of a site: enough to see what changed, never a push secret. */
const siteState = (site: WebcamSiteRow) => ({ slug: site.slug, name: site.name, hosts: site.hosts, icon: site.icon, position: site.position });

/**
 * Webcam sites in the console (ADR 0015): the same service the admin CLI uses, so both check the same
 * slugs, hosts and icons and answer the same HttpErrors. Each write is recorded in its own transaction
 * (ADR 0015), so a decision without its record is rolled back.
 */
export function adminSites({ sites }: { sites: WebcamSitesService }) {
  async function list(): Promise<AdminWebcamSite[]> {
    const [rows, feeds] = await Promise.all([sites.rows(), sites.statusSources()]);
    const feedOf = new Map(feeds.map((feed) => [feed.slug, feed]));
    return rows.map((row) => {
      const feed = feedOf.get(row.slug);
      return {
        slug: row.slug,
        name: row.name,
        hosts: row.hosts,
        icon: sites.iconUrl(row.icon),
        position: row.position,
        statusFeed: feed?.statusUrl
          ? {
              url: feed.statusUrl,
              listPath: feed.listPath,
              roomField: feed.roomField,
              intervalSeconds: feed.intervalSeconds,
              confirmedAt: feed.confirmedAt?.toISOString() ?? null,
              failures: feed.failures,
              error: feed.error,
            }
          : null,
        takesPushes: feed?.takesPushes ?? false,
      };
    });
  }

  async function existing(slug: string): Promise<WebcamSiteRow> {
    const site = await sites.find(slug);
    if (!site) throw new HttpError(404, adminMessages.siteNotFound);
    return site;
  }

  async function one(slug: string): Promise<AdminWebcamSite> {
    const site = (await list()).find((candidate) => candidate.slug === slug);
    if (!site) throw new HttpError(404, adminMessages.siteNotFound);
    return site;
  }

  const record = (client: pg.PoolClient, admin: UserRow, action: AdminAuditAction, site: WebcamSiteRow, after: unknown, before: unknown = siteState(site)) =>
    recordAdminDecisionOn(client, { adminId: admin.id, action, targetType: 'webcam-site', targetId: site.id, before, after });

  return {
    list,

    async create(admin: UserRow, input: { slug: string; name: string; hosts: string }) {
      const site = await sites.add(input, (client, added) => record(client, admin, 'added a webcam site', added, siteState(added), null));
      return one(site.slug);
    },

    async update(admin: UserRow, slug: string, change: { name?: string; hosts?: string }) {
      await sites.edit(slug, change, (client, { before, after }) => record(client, admin, 'edited a webcam site', before, siteState(after)));
      return one(slug);
    },

    /** The uploaded picture becomes our own square WebP copy; null goes back to the drawn initial. */
    async setIcon(admin: UserRow, slug: string, bytes: Buffer | null) {
      const action = bytes ? 'changed a webcam site icon' : 'removed a webcam site icon';
      await sites.edit(slug, { iconFile: bytes }, (client, { before, after }) => record(client, admin, action, before, siteState(after)));
      return one(slug);
    },

    async remove(admin: UserRow, slug: string) {
      await sites.remove(slug, (client, removed) => record(client, admin, 'removed a webcam site', removed, null));
    },

    async reorder(admin: UserRow, slugs: string[]) {
      const before = (await sites.rows()).map((site) => site.slug);
      await sites.reorder(slugs, (client) =>
        recordAdminDecisionOn(client, { adminId: admin.id, action: 'reordered the webcam sites', targetType: 'webcam-site', targetId: null, before, after: slugs }),
      );
      return list();
    },

    async setStatusFeed(admin: UserRow, slug: string, feed: { url: string; listPath: string; roomField: string; intervalSeconds: number } | null) {
      const before = await existing(slug);
      await sites.setStatusSource(slug, feed, (client) =>
        record(client, admin, feed ? 'set a webcam site status feed' : 'removed a webcam site status feed', before, feed, null),
      );
      return one(slug);
    },

    /** A new secret for the site's signed pushes, in this answer only; `enabled: false` stops taking pushes. */
    async pushSecret(admin: UserRow, slug: string, enabled: boolean) {
      const before = await existing(slug);
      const secret = await sites.newPushSecret(slug, enabled, (client) =>
        record(client, admin, enabled ? 'made a new webcam site push secret' : 'stopped webcam site pushes', before, null, null),
      );
      return { site: await one(slug), secret };
    },
  };
}

export type AdminSites = ReturnType<typeof adminSites>;
