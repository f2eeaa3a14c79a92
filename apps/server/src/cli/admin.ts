import { pageSlugSchema } from '@flick/contract';
import fs from 'node:fs/promises';
import pino from 'pino';
import { loadConfig } from '../config/env.ts';
import { createDatabase, runMigrations, type Database } from '../db/client.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { mediaStorage } from '../lib/media-storage.ts';
import { privateStorage } from '../lib/private-storage.ts';
import { pagesService } from '../modules/pages/pages.service.ts';
import { buildFeedSnapshot } from '../modules/feed/feed-snapshot.ts';
import { adminAccounts } from '../modules/accounts/admin-accounts.ts';
import { verificationService } from '../modules/verification/verification.service.ts';
import { videoReview } from '../modules/videos/video-review.ts';
import { studiosService } from '../modules/studios/studios.service.ts';
import { webcamSitesService } from '../modules/webcam-sites/webcam-sites.service.ts';
import { logSerializers } from '../lib/log-errors.ts';

/**
 * `npm run admin -- <command>`: the admin's tools until the admin screens exist. Works beside a
 * running server (it reuses its embedded database) or alone (it starts the database for itself).
 */
const usage = `Usage: npm run admin -- <command>

  admin:create <email> <password>                     make an account an admin (creating it if needed)
  channel:create <email> <name> <username> <password> create a channel account
  verification:list                                   identity verifications waiting for review
  verification:show <id>                              one request, with the paths of its private images
  verification:approve <id>                           approve it (the creator may upload)
  verification:reject <id> [reason]                   reject it (the creator may submit again)
  video:list-review                                   processed videos waiting for review (VIDEO_MODERATION=manual)
  approve-video <id>                                  publish a processed video
  reject-video <id> [reason]                          reject a video (the creator sees the reason)
  page:list                                           list the static pages
  page:show <slug>                                    print a page's HTML
  page:set <slug> <file.html> [title]                 replace a page's HTML (sanitized) and optionally its title
  site:list                                           the webcam sites of Discover, in order
  site:add <slug> <name> <hosts> [icon-file]          add a site; hosts comma-separated (stripchat.com,stripchat.global)
  site:edit <slug> name|hosts|icon <value>            change a site's name, hosts, or icon (a picture file, or "none")
  site:remove <slug>                                  remove a site (its feed then answers 404)
  site:live-status                                    each site's live status source: feed, last good poll, errors, pushes
  site:status-feed <slug> <url> [list-path] [room-field] [seconds]
                                                      poll a JSON status feed (e.g. ... results username 60); "none" stops
  site:push-secret <slug> [off]                       a new secret for the site's signed pushes (shown once), or none
  studio:create <name> <manager-email> [password]     a studio and its manager (created with the password if new); prints its join key once
  studio:add-manager <studio-id> <email> [password]   another manager for a studio
  studio:rotate-key <studio-id>                       a new join key (shown once); the old one stops working, members stay
  studio:list                                         the studios, their members and managers

Page slugs: ${pageSlugSchema.options.join(', ')}`;

type Command = (db: Database, args: string[]) => Promise<void>;

const config = loadConfig();
const media = mediaStorage(config);
const storage = privateStorage(config.dataDir, media.private);
const sites = (db: Database) => webcamSitesService({ pool: db.$client, media });
const describeSite = (site: { slug: string; name: string; hosts: string[]; icon: string | null }) =>
  `${site.slug.padEnd(14)} ${site.name.padEnd(16)} ${site.hosts.join(',').padEnd(36)} ${site.icon ?? '(drawn initial)'}`;

const studios = (db: Database) => studiosService({ db, pool: db.$client }).admin;

const commands: Record<string, { args: number; run: Command }> = {
  'studio:create': {
    args: 2,
    run: async (db, [name, email, password]) => {
      const { studio, manager, key } = await studios(db).create(name!, email!, password);
      console.log(`Studio #${studio.id} "${studio.name}", managed by #${manager.id} ${manager.email}.`);
      console.log(`Join key (shown once; creators enter it in Settings > Studio): ${key}`);
    },
  },
  'studio:add-manager': {
    args: 2,
    run: async (db, [id, email, password]) => {
      const { studio, manager } = await studios(db).addManager(Number(id), email!, password);
      console.log(`#${manager.id} ${manager.email} now manages "${studio.name}".`);
    },
  },
  'studio:rotate-key': {
    args: 1,
    run: async (db, [id]) => {
      console.log(`New join key of studio #${id} (shown once): ${await studios(db).rotateKey(Number(id))}`);
    },
  },
  'studio:list': {
    args: 0,
    run: async (db) => {
      const rows = await studios(db).list();
      if (rows.length === 0) console.log('No studio yet.');
      for (const r of rows) console.log(`#${r.id}  "${r.name}"  ${r.members} member(s)  managers: ${r.managers.join(', ') || '(none)'}`);
    },
  },
  'admin:create': {
    args: 2,
    run: async (db, [email, password]) => {
      const user = await adminAccounts(db).createAdmin({ email: email!, password: password! });
      console.log(`Admin: #${user!.id} ${user!.email}`);
    },
  },
  'channel:create': {
    args: 4,
    run: async (db, [email, name, username, password]) => {
      const user = await adminAccounts(db).createChannel({ email: email!, name: name!, username: username!, password: password! });
      console.log(`Channel: #${user.id} @${user.username} (${user.email})`);
    },
  },
  'verification:list': {
    args: 0,
    run: async (db) => {
      const rows = await verificationService(db, storage).listPending();
      if (rows.length === 0) console.log('No verification is waiting for review.');
      for (const r of rows) {
        console.log(`#${r.id}  user #${r.userId} ${r.email}  "${r.legalName}" as "${r.stageName}"  sent ${r.createdAt.toISOString()}`);
      }
    },
  },
  'verification:show': {
    args: 1,
    run: async (db, [id]) => {
      const row = await verificationService(db, storage).find(Number(id));
      if (!row) throw new Error(`No verification #${id}.`);
      const { files, ...rest } = row;
      console.log(rest);
      for (const key of files) console.log(`  ${storage.locate(key)}`);
    },
  },
  'verification:approve': {
    args: 1,
    run: async (db, [id]) => {
      const row = await verificationService(db, storage).review(Number(id), 'approved', null);
      console.log(`Approved verification #${row.id} of user #${row.userId}.`);
    },
  },
  'verification:reject': {
    args: 1,
    run: async (db, [id, ...reason]) => {
      const row = await verificationService(db, storage).review(Number(id), 'rejected', null, reason.join(' ') || undefined);
      console.log(`Rejected verification #${row.id} of user #${row.userId}.`);
    },
  },
  'video:list-review': {
    args: 0,
    run: async (db) => {
      const rows = await videoReview(db).waiting();
      if (rows.length === 0) console.log('No video is waiting for review.');
      for (const r of rows) console.log(`#${r.id}  user #${r.userId}  "${r.title}"  ${Math.round(r.duration)} s  uploaded ${r.createdAt.toISOString()}`);
    },
  },
  'approve-video': {
    args: 1,
    run: async (db, [id]) => {
      const row = await videoReview(db).decide(Number(id), 'approved');
      console.log(`Approved video #${row.id}.`);
      // Straight into the feed rather than at the next scheduled rebuild (ADR 0007).
      if (row.detailsAt && row.uploadDate <= new Date()) {
        const built = await buildFeedSnapshot(db.$client);
        console.log(`Feed re-ranked: ${built.videos} videos in ${built.totalMs} ms.`);
      }
    },
  },
  'reject-video': {
    args: 1,
    run: async (db, [id, ...reason]) => {
      const row = await videoReview(db).decide(Number(id), 'rejected', reason.join(' ') || 'Rejected by a moderator.');
      console.log(`Rejected video #${row.id}.`);
    },
  },
  'page:list': {
    args: 0,
    run: async (db) => {
      const pages = pagesService(db);
      for (const slug of pageSlugSchema.options) {
        const page = await pages.get(slug);
        console.log(`${slug.padEnd(8)} ${page.title.padEnd(28)} updated ${page.updatedAt}`);
      }
    },
  },
  'page:show': {
    args: 1,
    run: async (db, [slug]) => console.log((await pagesService(db).get(knownSlug(slug))).content),
  },
  'page:set': {
    args: 2,
    run: async (db, [slug, file, title]) => {
      const pages = pagesService(db);
      const page = knownSlug(slug);
      const html = await fs.readFile(file!, 'utf8');
      const newTitle = title ?? (await pages.get(page)).title;
      await pages.save(page, newTitle, html);
      console.log(`Saved /page/${page} ("${newTitle}").`);
    },
  },
  'site:list': {
    args: 0,
    run: async (db) => {
      const rows = await sites(db).rows();
      if (rows.length === 0) console.log('No webcam sites.');
      for (const row of rows) console.log(describeSite(row));
    },
  },
  'site:add': {
    args: 3,
    run: async (db, [slug, name, hosts, iconFile]) => {
      console.log(`Added: ${describeSite(await sites(db).add({ slug: slug!, name: name!, hosts: hosts!, iconFile }))}`);
    },
  },
  'site:edit': {
    args: 3,
    run: async (db, [slug, field, ...value]) => {
      const text = value.join(' ');
      const change =
        field === 'name' ? { name: text } : field === 'hosts' ? { hosts: text } : field === 'icon' ? { iconFile: text === 'none' ? null : text } : null;
      if (!change) throw new Error('Edit the name, hosts or icon of a site.');
      console.log(`Changed: ${describeSite(await sites(db).edit(slug!, change))}`);
    },
  },
  'site:live-status': {
    args: 0,
    run: async (db) => {
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
    run: async (db, [slug, url, listPath, roomField, seconds]) => {
      if (url === 'none') {
        await sites(db).setStatusSource(slug!, null);
        console.log(`${slug}: no status feed.`);
        return;
      }
      await sites(db).setStatusSource(slug!, { url: url!, listPath, roomField, intervalSeconds: seconds === undefined ? undefined : Number(seconds) });
      console.log(`${slug}: polled from ${url} (list "${listPath ?? ''}", room field "${roomField ?? ''}") within the next minute.`);
    },
  },
  'site:push-secret': {
    args: 1,
    run: async (db, [slug, off]) => {
      const secret = await sites(db).newPushSecret(slug!, off !== 'off');
      console.log(
        secret
          ? `${slug}: pushes to POST /v1/live-status/${slug} are signed with this secret (it is not shown again):\n${secret}`
          : `${slug}: takes no pushes.`,
      );
    },
  },
  'site:remove': {
    args: 1,
    run: async (db, [slug]) => {
      console.log(`Removed: ${describeSite(await sites(db).remove(slug!))}`);
    },
  },
};

function knownSlug(slug: string | undefined) {
  const parsed = pageSlugSchema.safeParse(slug);
  if (!parsed.success) throw new Error(`Unknown page "${slug ?? ''}".`);
  return parsed.data;
}

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command || args.length < command.args) {
  console.log(name && name !== 'help' && name !== '--help' ? `Unknown or incomplete command "${name}".\n\n${usage}` : usage);
  process.exit(name === 'help' || name === '--help' ? 0 : 64);
}

const logger = pino({ level: 'warn', serializers: logSerializers });
let stopEmbedded: (() => Promise<void>) | undefined;
let url = config.databaseUrl ?? (await runningEmbeddedPostgresUrl(config.dataDir, config.embeddedPgPort));
if (!url) {
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
  stopEmbedded = embedded.stop;
  url = embedded.url;
}
const { db, pool } = createDatabase(url, logger, { max: 2 });
let exitCode = 0;
try {
  await runMigrations(pool);
  await pagesService(db).seed();
  await command.run(db, args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await pool.end();
  await stopEmbedded?.();
}
process.exit(exitCode);
