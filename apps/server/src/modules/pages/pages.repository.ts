import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pages } from './pages.schema.ts';

export function pagesRepository(db: Database) {
  return {
    async find(slug: string) {
      const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
      return row;
    },
    async upsert(page: { slug: string; title: string; content: string }) {
      await db
        .insert(pages)
        .values(page)
        .onConflictDoUpdate({
          target: pages.slug,
          set: { title: page.title, content: page.content, updatedAt: sql`now()` },
        });
    },
    /** Seeding never overwrites a page an admin has edited. */
    async insertMissing(rows: { slug: string; title: string; content: string }[]) {
      if (rows.length === 0) return;
      await db.insert(pages).values(rows).onConflictDoNothing({ target: pages.slug });
    },
  };
}
