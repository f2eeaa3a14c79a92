import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The pages module's table (docs/decisions/0023-tables-beside-their-module.md). */

/** Static pages (viewer.md §2); HTML is sanitized before it is stored. */
export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
