import { pageSlugSchema } from '@flick/contract';
import fs from 'node:fs/promises';
import pino from 'pino';
import { loadConfig } from '../config/env.ts';
import { createDatabase, runMigrations } from '../db/client.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { pagesService } from '../modules/pages/pages.service.ts';

/**
 * `npm run admin -- <command>`: the admin's tools until the admin screens exist. Works beside a
 * running server (it reuses its embedded database) or alone (it starts the database for itself).
 */
const usage = `Usage: npm run admin -- <command>

  page:list                          list the static pages
  page:show <slug>                   print a page's HTML
  page:set <slug> <file.html> [title]  replace a page's HTML (sanitized) and optionally its title

Slugs: ${pageSlugSchema.options.join(', ')}`;

const [command, ...args] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help') {
  console.log(usage);
  process.exit(command ? 0 : 64);
}

const config = loadConfig();
const logger = pino({ level: 'warn' });
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
  const pages = pagesService(db);
  await pages.seed();
  exitCode = await run(pages);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await pool.end();
  await stopEmbedded?.();
}
process.exit(exitCode);

async function run(pages: ReturnType<typeof pagesService>): Promise<number> {
  switch (command) {
    case 'page:list': {
      for (const slug of pageSlugSchema.options) {
        const page = await pages.get(slug);
        console.log(`${slug.padEnd(8)} ${page.title.padEnd(28)} updated ${page.updatedAt}`);
      }
      return 0;
    }
    case 'page:show': {
      const slug = pageSlugSchema.safeParse(args[0]);
      if (!slug.success) return fail(`Unknown page "${args[0] ?? ''}".`);
      console.log((await pages.get(slug.data)).content);
      return 0;
    }
    case 'page:set': {
      const slug = pageSlugSchema.safeParse(args[0]);
      if (!slug.success) return fail(`Unknown page "${args[0] ?? ''}".`);
      if (!args[1]) return fail('Give the HTML file to store.');
      const html = await fs.readFile(args[1], 'utf8');
      const title = args[2] ?? (await pages.get(slug.data)).title;
      await pages.save(slug.data, title, html);
      console.log(`Saved /page/${slug.data} ("${title}").`);
      return 0;
    }
    default:
      return fail(`Unknown command "${command}".`);
  }
}

function fail(message: string) {
  console.error(`${message}\n\n${usage}`);
  return 64;
}
