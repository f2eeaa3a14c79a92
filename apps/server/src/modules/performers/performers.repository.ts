import { and, asc, count, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { KEYSET_TOP, type TimestampCursor } from '../../lib/keyset.ts';
import { videoReports } from '../tracking/tracking.schema.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';
import { videos } from '../videos/videos.schema.ts';
import { videoDeclarations, videoPerformers, type VideoPerformerRow } from './performers.schema.ts';

export type NewRelease = Omit<typeof videoPerformers.$inferInsert, 'id' | 'videoId' | 'kind' | 'userId' | 'status'>;
type Status = VideoPerformerRow['status'];

/** Who is in a video, the co-performers' answers, and the public list of a creator's appearances (ADR 0029). */
export function performersRepository(db: Database) {
  const declare = (tx: Pick<Database, 'insert'>, videoId: number, onlyMe: boolean) =>
    tx
      .insert(videoDeclarations)
      .values({ videoId, onlyMe })
      .onConflictDoUpdate({ target: videoDeclarations.videoId, set: { onlyMe, updatedAt: sql`now()` } });

  return {
    async video(videoId: number) {
      const [row] = await db.select().from(videos).where(eq(videos.id, videoId)).limit(1);
      return row;
    },

    async declaration(videoId: number) {
      const [row] = await db.select().from(videoDeclarations).where(eq(videoDeclarations.videoId, videoId)).limit(1);
      return row;
    },

    async ofVideo(videoId: number) {
      return db.select().from(videoPerformers).where(eq(videoPerformers.videoId, videoId)).orderBy(asc(videoPerformers.id));
    },

    async find(id: number) {
      const [row] = await db.select().from(videoPerformers).where(eq(videoPerformers.id, id)).limit(1);
      return row;
    },

    /** The accounts whose username or handle is one of `handles` (lower case). */
    async accountsByHandle(handles: readonly string[]) {
      if (handles.length === 0) return [];
      return db
        .select({
          id: users.id,
          name: users.name,
          username: users.username,
          slug: users.slug,
          type: users.type,
          isVerified: users.isVerified,
          bannedAt: users.bannedAt,
        })
        .from(users)
        .where(or(inArray(sql`lower(${users.username})`, [...handles]), inArray(sql`lower(${users.slug})`, [...handles])));
    },

    async accounts(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, slug: users.slug, name: users.name, avatar: users.avatar, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /**
     * "Only me", or the named creators: creators no longer named go (unless they withdrew: that stays on
     * the record), new ones are asked. Answers the private files of releases that went.
     */
    async declare(videoId: number, onlyMe: boolean, creators: readonly { userId: number; displayName: string }[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        await declare(tx, videoId, onlyMe);
        const keep = creators.map((c) => c.userId);
        const gone = await tx
          .delete(videoPerformers)
          .where(
            and(
              eq(videoPerformers.videoId, videoId),
              ne(videoPerformers.status, 'withdrawn'),
              onlyMe ? undefined : eq(videoPerformers.kind, 'creator'),
              onlyMe || keep.length === 0 ? undefined : notInArray(videoPerformers.userId, keep),
            ),
          )
          .returning({ files: videoPerformers.files });
        if (!onlyMe && creators.length > 0) {
          await tx
            .insert(videoPerformers)
            .values(creators.map((c) => ({ videoId, kind: 'creator' as const, userId: c.userId, displayName: c.displayName })))
            .onConflictDoNothing();
        }
        return gone.flatMap((row) => row.files ?? []);
      });
    },

    /** Adds a release unless the video already has `max` co-performers: undefined then. */
    async addRelease(videoId: number, release: NewRelease, max: number) {
      return db.transaction(async (tx) => {
        // The declaration's row, written first, stays locked until this commits: releases sent at once are counted one after another.
        await declare(tx, videoId, false);
        const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(videoPerformers).where(eq(videoPerformers.videoId, videoId));
        if (n >= max) return undefined;
        const [row] = await tx
          .insert(videoPerformers)
          .values({ ...release, videoId, kind: 'release' })
          .returning();
        return row!;
      });
    },

    /** Removes a co-performer not withdrawn; the row removed (its files to delete), or undefined. */
    async remove(videoId: number, id: number) {
      const [row] = await db
        .delete(videoPerformers)
        .where(and(eq(videoPerformers.id, id), eq(videoPerformers.videoId, videoId), ne(videoPerformers.status, 'withdrawn')))
        .returning();
      return row;
    },

    /** Moves a co-performer from one of `from` to `to`; undefined when it was in none of them (decided meanwhile). */
    async decide(id: number, from: readonly Status[], to: Status, reason: string | null) {
      const [row] = await db
        .update(videoPerformers)
        .set({ status: to, reason, decidedAt: sql`now()`, withdrawnAt: to === 'withdrawn' ? sql`now()` : undefined })
        .where(and(eq(videoPerformers.id, id), inArray(videoPerformers.status, [...from])))
        .returning();
      return row;
    },

    /** The requests one creator received, newest first, by keyset on the id (of videos not being deleted). */
    async appearances(userId: number, status: Status | undefined, before: number | null, limit: number) {
      return db
        .select({ performer: videoPerformers, video: videos })
        .from(videoPerformers)
        .innerJoin(videos, eq(videos.id, videoPerformers.videoId))
        .where(
          and(
            eq(videoPerformers.userId, userId),
            isNotNull(videoPerformers.userId),
            ne(videos.status, 'deleting'),
            status ? eq(videoPerformers.status, status) : undefined,
            before ? sql`${videoPerformers.id} < ${before}` : undefined,
          ),
        )
        .orderBy(sql`${videoPerformers.id} desc`)
        .limit(limit);
    },

    /** An account by id (digits) or handle, not banned, as the profile grid finds it. */
    async accountId(idOrSlug: string): Promise<number | undefined> {
      const byId = /^\d{1,15}$/.test(idOrSlug);
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            byId ? eq(users.id, Number(idOrSlug)) : sql`lower(${users.slug}) = lower(${idOrSlug})`,
            sql`${users.bannedAt} is null`,
            sql`not exists (select 1 from account_deletions d where d.user_id = ${users.id})`,
          ),
        )
        .limit(1);
      return row?.id;
    },

    /** Published videos a creator approved appearing in, newest first, by keyset on (upload_date, id), as the profile grid pages. */
    async publishedAppearances(userId: number, after: TimestampCursor | null, limit: number, hiddenOwners: readonly number[]) {
      const { rows } = await db.execute<{ id: number; uploadDate: string }>(sql`
        select v.id::float8 as id, v.upload_date::text as "uploadDate"
        from video_performers p join videos v on v.id = p.video_id
        where p.user_id = ${userId} and p.status = 'approved' and ${sql.raw(PUBLISHED_SQL)}
          and v.user_id <> all(${`{${hiddenOwners.join(',')}}`}::bigint[])
          and (v.upload_date, v.id) < (${after?.at ?? KEYSET_TOP.time}::timestamptz, ${after?.id ?? KEYSET_TOP.id}::bigint)
        order by v.upload_date desc, v.id desc
        limit ${limit}`);
      return rows;
    },

    /** A withdrawal of consent as a content-removal request: an urgent report, first in the admins' queue (ADR 0015). */
    async removalRequest(request: { videoId: number; userId: number | null; email: string | null; message: string; clientIp: string }) {
      await db.insert(videoReports).values({
        videoId: request.videoId,
        userId: request.userId,
        email: request.email,
        reason: 'removal request: depicted',
        message: request.message,
        clientIp: request.clientIp,
        urgent: true,
      });
    },
  };
}

export type PerformersRepository = ReturnType<typeof performersRepository>;
