import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { videos } from './videos.schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** VIDEO_MODERATION=manual: processed videos wait (status processing, processed_at set) for a decision. */
export function videoReview(db: Database) {
  const waiting = and(eq(videos.status, 'processing'), isNotNull(videos.processedAt));
  return {
    async waiting() {
      return db
        .select({ id: videos.id, userId: videos.userId, title: videos.title, duration: videos.duration, createdAt: videos.createdAt })
        .from(videos)
        .where(waiting)
        .orderBy(asc(videos.createdAt));
    },
    async decide(id: number, decision: 'approved' | 'rejected', reason?: string) {
      const [row] = await db
        .update(videos)
        .set({ status: decision, statusReason: decision === 'rejected' ? (reason ?? null) : null, updatedAt: sql`now()` })
        .where(and(eq(videos.id, id), waiting))
        .returning();
      if (!row) throw new HttpError(404, `No processed video #${id} is waiting for review.`);
      return row;
    },
  };
}
