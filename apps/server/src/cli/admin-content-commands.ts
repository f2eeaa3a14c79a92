import { adminWebcamSiteFeedSchema, pageSlugSchema } from '@flick/contract';
import fs from 'node:fs/promises';
import { pagesService } from '../modules/pages/pages.service.ts';
import { consoleContent, consoleSites, sites, type Commands } from './admin-context.ts';

const describeSite = (site: { slug: string; name: string; hosts: string[]; icon: string | null }) =>
  `${site.slug.padEnd(14)} ${site.name.padEnd(16)} ${site.hosts.join(',').padEnd(36)} ${site.icon ?? '(drawn initial)'}`;
const iconBytes = async (file: string) => (file === 'none' ? null : fs.readFile(file));

function knownSlug(slug: string | undefined) {
  const parsed = pageSlugSchema.safeParse(slug);
  if (!parsed.success) throw new Error(`Unknown page "${slug ?? ''}".`);
  return parsed.data;
}

/** `npm run admin`: the static pages and Discover's webcam sites. */
export const contentCommands: Commands = {
  'page:list': {
    args: 0,
    run: async ({ db }) => {
      const pages = pagesService(db);
      for (const slug of pageSlugSchema.options) {
        const page = await pages.get(slug);
        console.log(`${slug.padEnd(8)} ${page.title.padEnd(28)} updated ${page.updatedAt}`);
      }
    },
  },
  'page:show': {
    args: 1,
    run: async ({ db }, [slug]) => console.log((await pagesService(db).get(knownSlug(slug))).content),
  },
  'page:set': {
    args: 2,
    run: async ({ db, admin }, [slug, file, title]) => {
      const page = knownSlug(slug);
      const html = await fs.readFile(file!, 'utf8');
      const newTitle = title ?? (await pagesService(db).get(page)).title;
      await consoleContent(db).savePage(admin, page, newTitle, html);
      console.log(`Saved /page/${page} ("${newTitle}").`);
    },
  },
  'site:list': {
    args: 0,
    run: async ({ db }) => {
      const rows = await sites(db).rows();
      if (rows.length === 0) console.log('No webcam sites.');
      for (const row of rows) console.log(describeSite(row));
    },
  },
  'site:add': {
    args: 3,
    run: async ({ db, admin }, [slug, name, hosts, iconFile]) => {
      const icon = iconFile === undefined ? null : await iconBytes(iconFile);
      const added = await consoleSites(db).create(admin, { slug: slug!, name: name!, hosts: hosts! });
      console.log(`Added: ${describeSite(icon ? await consoleSites(db).setIcon(admin, added.slug, icon) : added)}`);
    },
  },
  'site:edit': {
    args: 3,
    run: async ({ db, admin }, [slug, field, ...value]) => {
      const text = value.join(' ');
      if (field !== 'name' && field !== 'hosts' && field !== 'icon') throw new Error('Edit the name, hosts or icon of a site.');
      const changed =
        field === 'icon' ? await consoleSites(db).setIcon(admin, slug!, await iconBytes(text)) : await consoleSites(db).update(admin, slug!, { [field]: text });
      console.log(`Changed: ${describeSite(changed)}`);
    },
  },
  'site:live-status': {
    args: 0,
    run: async ({ db }) => {
      for (const site of await sites(db).statusSources()) {
        const feed = site.statusUrl
          ? `${site.statusUrl} every ${site.intervalSeconds} s, last good ${site.confirmedAt?.toISOString() ?? 'never'}` +
            (site.failures > 0 ? `, ${site.failures} failed in a row: ${site.error}` : '')
          : 'no status feed';
        console.log(`${site.slug.padEnd(14)} ${feed}; ${site.takesPushes ? 'takes signed pushes' : 'no pushes'}`);
      }
    },
  },
  'site:status-feed': {
    args: 2,
    run: async ({ db, admin }, [slug, url, listPath, roomField, seconds]) => {
      if (url === 'none') {
        await consoleSites(db).setStatusFeed(admin, slug!, null);
        console.log(`${slug}: no status feed.`);
        return;
      }
      const feed = adminWebcamSiteFeedSchema.safeParse({ url, listPath, roomField, intervalSeconds: seconds === undefined ? undefined : Number(seconds) });
      if (!feed.success) throw new Error(feed.error.issues[0]!.message);
      await consoleSites(db).setStatusFeed(admin, slug!, feed.data);
      console.log(`${slug}: polled from ${url} (list "${listPath ?? ''}", room field "${roomField ?? ''}") within the next minute.`);
    },
  },
  'site:push-secret': {
    args: 1,
    run: async ({ db, admin }, [slug, off]) => {
      const { secret } = await consoleSites(db).pushSecret(admin, slug!, off !== 'off');
      console.log(
        secret ? `${slug}: pushes to POST /v1/live-status/${slug} are signed with this secret (it is not shown again):\n${secret}` : `${slug}: takes no pushes.`,
      );
    },
  },
  'site:remove': {
    args: 1,
    run: async ({ db, admin }, [slug]) => {
      await consoleSites(db).remove(admin, slug!);
      console.log(`Removed ${slug}.`);
    },
  },
};
