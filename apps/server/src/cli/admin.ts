import { adminWebcamSiteFeedSchema, pageSlugSchema } from '@flick/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import pino from 'pino';
import { loadConfig } from '../config/env.ts';
import { decideFromCli, recordAdminDecision } from '../db/admin-audit.ts';
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
import { geoBlockingService } from '../modules/geo-blocking/geo-blocks.service.ts';
import { adminContent } from '../modules/admin/admin-content.service.ts';
import { adminPeople } from '../modules/admin/admin-people.service.ts';
import { adminSites } from '../modules/admin/admin-sites.service.ts';
import { adminModeration } from '../modules/admin/admin-moderation.service.ts';
import { videosService } from '../modules/videos/videos.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';
import type { UserRow } from '../db/schema.ts';
import { logSerializers } from '../lib/log-errors.ts';

/**
 * `npm run admin -- <command>`: the operator's tools from a shell. Works beside a running server (it
 * reuses its embedded database) or alone (it starts the database for itself). Its decisions go through
 * the console's services and are in the audit log with the OS user who ran it (ADR 0015).
 */
const usage = `Usage: npm run admin -- [--as <admin e-mail>] <command>

  --as <admin e-mail>   the admin account deciding; the audit log records it and your OS user (without it, only your OS user)

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

/** The admin deciding (the account named with --as, or none) and the database, for one command. */
interface Context {
  db: Database;
  admin: UserRow;
  adminId: number | null;
}
type Command = (context: Context, args: string[]) => Promise<void>;

const config = loadConfig();
const logger = pino({ level: 'warn', serializers: logSerializers });
const media = mediaStorage(config);
const storage = privateStorage(config.dataDir, media.private);
const sites = (db: Database) => webcamSitesService({ pool: db.$client, media });
const describeSite = (site: { slug: string; name: string; hosts: string[]; icon: string | null }) =>
  `${site.slug.padEnd(14)} ${site.name.padEnd(16)} ${site.hosts.join(',').padEnd(36)} ${site.icon ?? '(drawn initial)'}`;

const studios = (db: Database) => studiosService({ db, pool: db.$client }).admin;
const people = (db: Database) => adminPeople(db.$client, () => geoBlockingService(db.$client).creatorsChanged());
/** The CLI runs no job queue: the feed is re-ranked here, at once (ADR 0007), and nothing else it calls queues a job. */
const noJobs: JobQueue = { send: () => Promise.reject(new Error('The admin CLI queues no jobs.')) };
const moderation = (db: Database) => {
  const dependencies = {
    pool: db.$client,
    videos: videosService({ db, media, jobs: noJobs, logger }),
    people: people(db),
    onHiddenChanged: () => geoBlockingService(db.$client).creatorsChanged(),
    onPublishedChanged: async () => {
      const built = await buildFeedSnapshot(db.$client);
      console.log(`Feed re-ranked: ${built.videos} videos in ${built.totalMs} ms.`);
    },
  };
  return adminModeration(dependencies);
};
/** A video decided through the console's moderation, or why not. */
async function decideVideo(context: Context, id: string | undefined, decision: 'approved' | 'rejected', reason?: string) {
  const [result] = (await moderation(context.db).decide(context.admin, [Number(id)], decision, reason)).results;
  if (result?.outcome !== 'decided') throw new Error(`No processed video #${id ?? ''} is waiting for review.`);
}
const consoleSites = (db: Database) => {
  const dependencies = { pool: db.$client, sites: sites(db) };
  return adminSites(dependencies);
};
const consoleContent = (db: Database) => {
  const dependencies = { db, pool: db.$client, studios: studiosService({ db, pool: db.$client }), people: people(db) };
  return adminContent(dependencies);
};
const iconBytes = async (file: string) => (file === 'none' ? null : fs.readFile(file));

const commands: Record<string, { args: number; run: Command }> = {
  'studio:create': {
    args: 2,
    run: async ({ db, admin }, [name, email, password]) => {
      const { studio, key } = await consoleContent(db).createStudio(admin, { name: name!, managerEmail: email!, managerPassword: password });
      console.log(`Studio #${studio.id} "${studio.name}", managed by ${studio.managers.join(', ')}.`);
      console.log(`Join key (shown once; creators enter it in Settings > Studio): ${key}`);
    },
  },
  'studio:add-manager': {
    args: 2,
    run: async ({ db, admin }, [id, email, password]) => {
      const { studio, manager } = await consoleContent(db).addStudioManager(admin, Number(id), { email: email!, password });
      console.log(`#${manager.id} ${manager.email} now manages "${studio.name}".`);
    },
  },
  'studio:rotate-key': {
    args: 1,
    run: async ({ db, admin }, [id]) => {
      console.log(`New join key of studio #${id} (shown once): ${(await consoleContent(db).rotateStudioKey(admin, Number(id))).key}`);
    },
  },
  'studio:list': {
    args: 0,
    run: async ({ db }) => {
      const rows = await studios(db).list();
      if (rows.length === 0) console.log('No studio yet.');
      for (const r of rows) console.log(`#${r.id}  "${r.name}"  ${r.members} member(s)  managers: ${r.managers.join(', ') || '(none)'}`);
    },
  },
  'admin:create': {
    args: 2,
    run: async ({ db, adminId }, [email, password]) => {
      // The console makes existing accounts admins; only here is one created, on the record all the same.
      const user = await db.transaction(async (tx) => {
        const writer = tx as unknown as Database;
        const wasAdmin = (await accountsRepository(writer).findByEmail(email!.trim()))?.isAdmin ?? null;
        const made = (await adminAccounts(writer).createAdmin({ email: email!, password: password! }))!;
        if (wasAdmin !== true) {
          await recordAdminDecision(tx, { adminId, action: 'made an admin', targetType: 'user', targetId: made.id, before: { isAdmin: wasAdmin ?? false, created: wasAdmin === null }, after: { isAdmin: true } });
        }
        return made;
      });
      console.log(`Admin: #${user.id} ${user.email}`);
    },
  },
  'channel:create': {
    args: 4,
    run: async ({ db, admin }, [email, name, username, password]) => {
      const user = await consoleContent(db).createChannel(admin, { email: email!, name: name!, username: username!, password: password! });
      console.log(`Channel: #${user.id} @${user.username} (${user.email})`);
    },
  },
  'verification:list': {
    args: 0,
    run: async ({ db }) => {
      const rows = await verificationService(db, storage).listPending();
      if (rows.length === 0) console.log('No verification is waiting for review.');
      for (const r of rows) {
        console.log(`#${r.id}  user #${r.userId} ${r.email}  "${r.legalName}" as "${r.stageName}"  sent ${r.createdAt.toISOString()}`);
      }
    },
  },
  'verification:show': {
    args: 1,
    run: async ({ db }, [id]) => {
      const row = await verificationService(db, storage).find(Number(id));
      if (!row) throw new Error(`No verification #${id}.`);
      const { files, ...rest } = row;
      console.log(rest);
      for (const key of files) console.log(`  ${storage.locate(key)}`);
    },
  },
  'verification:approve': {
    args: 1,
    run: async ({ db, adminId }, [id]) => {
      const row = await verificationService(db, storage).review(Number(id), 'approved', adminId);
      console.log(`Approved verification #${row.id} of user #${row.userId}.`);
    },
  },
  'verification:reject': {
    args: 1,
    run: async ({ db, adminId }, [id, ...reason]) => {
      const row = await verificationService(db, storage).review(Number(id), 'rejected', adminId, reason.join(' ') || undefined);
      console.log(`Rejected verification #${row.id} of user #${row.userId}.`);
    },
  },
  'video:list-review': {
    args: 0,
    run: async ({ db }) => {
      const rows = await videoReview(db).waiting();
      if (rows.length === 0) console.log('No video is waiting for review.');
      for (const r of rows) console.log(`#${r.id}  user #${r.userId}  "${r.title}"  ${Math.round(r.duration)} s  uploaded ${r.createdAt.toISOString()}`);
    },
  },
  'approve-video': {
    args: 1,
    run: async (context, [id]) => {
      await decideVideo(context, id, 'approved');
      console.log(`Approved video #${id}.`);
    },
  },
  'reject-video': {
    args: 1,
    run: async (context, [id, ...reason]) => {
      await decideVideo(context, id, 'rejected', reason.join(' ') || 'Rejected by a moderator.');
      console.log(`Rejected video #${id}.`);
    },
  },
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
        secret
          ? `${slug}: pushes to POST /v1/live-status/${slug} are signed with this secret (it is not shown again):\n${secret}`
          : `${slug}: takes no pushes.`,
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

function knownSlug(slug: string | undefined) {
  const parsed = pageSlugSchema.safeParse(slug);
  if (!parsed.success) throw new Error(`Unknown page "${slug ?? ''}".`);
  return parsed.data;
}

/** `--as <e-mail>` anywhere on the line, and the rest of it. */
function parseLine(line: string[]) {
  const at = line.indexOf('--as');
  if (at === -1) return { asEmail: undefined, rest: line };
  return { asEmail: line[at + 1] ?? '', rest: [...line.slice(0, at), ...line.slice(at + 2)] };
}

/**
 * The admin the console's services are told decides: the account named with --as, which must be an
 * admin; without it none, and the services, which read only its id and only to record it, record null.
 */
async function decidingAdmin(db: Database, asEmail: string | undefined): Promise<Pick<Context, 'admin' | 'adminId'>> {
  if (asEmail === undefined) return { admin: { id: null } as unknown as UserRow, adminId: null };
  const account = await accountsRepository(db).findByEmail(asEmail.trim());
  if (!account?.isAdmin || account.bannedAt) throw new Error(`--as ${asEmail}: no admin account has this e-mail.`);
  return { admin: account, adminId: account.id };
}

/** Who ran this, as the audit log shows it beside the admin (ADR 0015). */
function osUser() {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? `uid ${process.getuid?.() ?? '?'}`;
  }
}

const { asEmail, rest: line } = parseLine(process.argv.slice(2));
const [name, ...args] = line;
const command = name ? commands[name] : undefined;
if (!command || args.length < command.args || asEmail === '') {
  console.log(name && name !== 'help' && name !== '--help' ? `Unknown or incomplete command "${name}".\n\n${usage}` : usage);
  process.exit(name === 'help' || name === '--help' ? 0 : 64);
}

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
  const context = { db, ...(await decidingAdmin(db, asEmail)) };
  await decideFromCli(osUser(), () => command.run(context, args));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await pool.end();
  await stopEmbedded?.();
}
process.exit(exitCode);
