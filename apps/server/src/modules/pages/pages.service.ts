import { PAGE_NOT_FOUND, pageSlugSchema, type PageResponse, type PageSlug } from '@flick/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { HttpError } from '../../lib/http-error.ts';
import { pagesRepository } from './pages.repository.ts';

const contentDir = path.join(import.meta.dirname, 'content');

export function pagesService(db: Database) {
  const repo = pagesRepository(db);
  return {
    async get(slug: string): Promise<PageResponse> {
      const known = pageSlugSchema.safeParse(slug);
      const page = known.success ? await repo.find(known.data) : undefined;
      if (!known.success || !page) throw new HttpError(404, PAGE_NOT_FOUND);
      // Sanitized on write and again on read: a row edited by hand in SQL cannot reach a browser raw.
      return {
        slug: known.data,
        title: page.title,
        content: sanitizeHtml(page.content),
        updatedAt: page.updatedAt.toISOString(),
      };
    },

    async save(slug: PageSlug, title: string, html: string) {
      await repo.upsert({ slug, title: title.trim(), content: sanitizeHtml(html) });
    },

    /** Inserts the shipped starting text of any page that is not in the database yet. */
    async seed() {
      const titles = JSON.parse(await fs.readFile(path.join(contentDir, 'titles.json'), 'utf8')) as Record<PageSlug, string>;
      const rows = await Promise.all(
        pageSlugSchema.options.map(async (slug) => ({
          slug,
          title: titles[slug],
          content: sanitizeHtml(await fs.readFile(path.join(contentDir, `${slug}.html`), 'utf8')),
        })),
      );
      await repo.insertMissing(rows);
    },
  };
}

export type PagesService = ReturnType<typeof pagesService>;
