import { pageSlugSchema } from '@flick/contract';
import os from 'node:os';
import { decideFromCli } from '../db/admin-audit.ts';
import { createDatabase, runMigrations, type Database } from '../db/client.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import type { UserRow } from '../db/schema.ts';
import { accountsRepository } from '../modules/accounts/accounts.repository.ts';
import { pagesService } from '../modules/pages/pages.service.ts';
import { accountCommands } from './admin-account-commands.ts';
import { contentCommands } from './admin-content-commands.ts';
import { config, logger, type Commands, type Context } from './admin-context.ts';
import { reviewCommands } from './admin-review-commands.ts';

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

const commands: Commands = { ...accountCommands, ...reviewCommands, ...contentCommands };

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
