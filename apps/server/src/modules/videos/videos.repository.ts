import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { tags, videos, videoTags } from './videos.schema.ts';

export type VideoRow = typeof videos.$inferSelect;

/** DESIGN.md "Video lifecycle": the videos that reach viewers (served by videos_published_idx), as `v`. */
export const PUBLISHED_SQL = `v.status = 'approved' and v.details_at is not null and v.upload_date <= now() and v.hidden_reason is null`;

export function videosRepository(db: Database) {
  return {
    async insert(values: typeof videos.$inferInsert) {
      const [row] = await db.insert(videos).values(values).returning();
      return row!;
    },
    async find(id: number) {
      const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
      return row;
    },
    async findMany(ids: readonly number[]) {
      return ids.length === 0
        ? []
        : db
            .select()
            .from(videos)
            .where(inArray(videos.id, [...ids]));
    },
    /** The updated row; with `whileStatus`, only if the video still has it (undefined otherwise). */
    async update(id: number, values: Partial<typeof videos.$inferInsert>, whileStatus?: VideoRow['status']) {
      const [row] = await db
        .update(videos)
        .set({ ...values, updatedAt: sql`now()` })
        .where(whileStatus ? and(eq(videos.id, id), eq(videos.status, whileStatus)) : eq(videos.id, id))
        .returning();
      return row;
    },
    async remove(id: number) {
      await db.delete(videos).where(eq(videos.id, id));
    },
    /** A creator's own videos, newest first, by keyset (never OFFSET). */
    async listOwn(userId: number, options: { before?: number; limit: number }) {
      return db
        .select()
        .from(videos)
        .where(and(eq(videos.userId, userId), ne(videos.status, 'deleting'), options.before ? lt(videos.id, options.before) : undefined))
        .orderBy(desc(videos.id))
        .limit(options.limit);
    },
    async owners(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select({ id: users.id, slug: users.slug, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, ids));
    },
    async tagsOf(videoIds: number[]) {
      if (videoIds.length === 0) return [];
      return db
        .select({ videoId: videoTags.videoId, id: tags.id, name: tags.name, slug: tags.slug })
        .from(videoTags)
        .innerJoin(tags, eq(tags.id, videoTags.tagId))
        .where(inArray(videoTags.videoId, videoIds))
        .orderBy(videoTags.videoId, videoTags.position);
    },
    /** Creates missing tags (by slug) and sets the video's tags in the given order. */
    async setTags(videoId: number, names: string[], slugs: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(videoTags).where(eq(videoTags.videoId, videoId));
        if (names.length === 0) return;
        const rows = await tx
          .insert(tags)
          .values(names.map((name, i) => ({ name, slug: slugs[i]! })))
          .onConflictDoUpdate({ target: tags.slug, set: { slug: sql`excluded.slug` } })
          .returning({ id: tags.id, slug: tags.slug });
        const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
        await tx
          .insert(videoTags)
          .values(slugs.map((slug, position) => ({ videoId, tagId: idBySlug.get(slug)!, position })))
          .onConflictDoNothing();
      });
    },
  };
}
