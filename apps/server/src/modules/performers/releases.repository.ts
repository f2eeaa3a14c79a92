import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAdminDecision } from '../../db/admin-audit.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { verifications } from '../verification/verification.schema.ts';
import { videos } from '../videos/videos.schema.ts';
import { videoPerformers, type VideoPerformerRow } from './performers.schema.ts';

type Status = VideoPerformerRow['status'];
const QUEUE_PAGE = 100;
/** Videos one §2257 export lists at most (one creator's, or every video with co-performers). */
const RECORD_VIDEOS_MAX = 5000;

/** Co-performer releases as the admin console reviews them, and the §2257 records of everyone depicted (ADR 0029). */
export function releasesRepository(db: Database) {
  const uploader = alias(users, 'uploader');
  const releaseColumns = {
    performer: videoPerformers,
    video: { id: videos.id, title: videos.title, status: videos.status },
    uploader: { id: uploader.id, email: uploader.email, name: uploader.name, slug: uploader.slug },
  };
  const releases = () =>
    db.select(releaseColumns).from(videoPerformers).innerJoin(videos, eq(videos.id, videoPerformers.videoId)).innerJoin(uploader, eq(uploader.id, videos.userId));

  /** Moves a release from `from` to `to` with the decision's record, in one transaction; undefined when it was not in `from`. */
  async function decide(
    id: number,
    from: Status[],
    to: Status,
    adminId: number | null,
    reason: string | null,
    action: Parameters<typeof recordAdminDecision>[1]['action'],
  ) {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: videoPerformers.status })
        .from(videoPerformers)
        .where(and(eq(videoPerformers.id, id), eq(videoPerformers.kind, 'release')))
        .for('update');
      if (!before || !from.includes(before.status)) return undefined;
      const [row] = await tx
        .update(videoPerformers)
        .set({
          status: to,
          reason,
          decidedAt: sql`now()`,
          ...(to === 'withdrawn' ? { withdrawnAt: sql`now()` } : { reviewedAt: sql`now()`, reviewedBy: adminId }),
        })
        .where(eq(videoPerformers.id, id))
        .returning();
      await recordAdminDecision(tx, {
        adminId,
        action,
        targetType: 'video_performer',
        targetId: id,
        before: { status: before.status },
        after: { status: to, reason, videoId: row!.videoId },
      });
      return row;
    });
  }

  return {
    /** Pending oldest first; decided newest first. */
    async list(status: Status) {
      return releases()
        .where(and(eq(videoPerformers.kind, 'release'), eq(videoPerformers.status, status), sql`${videos.status} <> 'deleting'`))
        .orderBy(status === 'pending' ? asc(videoPerformers.requestedAt) : desc(videoPerformers.requestedAt))
        .limit(QUEUE_PAGE);
    },

    async find(id: number) {
      const [row] = await releases()
        .where(and(eq(videoPerformers.id, id), eq(videoPerformers.kind, 'release')))
        .limit(1);
      return row;
    },

    review: (id: number, decision: 'approved' | 'refused', adminId: number | null, reason: string | null) =>
      decide(id, ['pending'], decision, adminId, reason, decision === 'approved' ? 'approved a co-performer release' : 'rejected a co-performer release'),

    /** The person asked to withdraw their consent: recorded on a release pending or approved. */
    withdraw: (id: number, adminId: number | null, reason: string) => decide(id, ['pending', 'approved'], 'withdrawn', adminId, reason, 'recorded a withdrawn consent'),

    /** The videos of a §2257 export: one, those one creator uploaded or appears in, or every video with a co-performer. */
    async recordVideos(filter: { userId?: number; videoId?: number }) {
      const appearsIn = (userId: number) => sql`exists (select 1 from video_performers p where p.video_id = ${videos.id} and p.user_id = ${userId})`;
      const which =
        filter.videoId !== undefined
          ? eq(videos.id, filter.videoId)
          : filter.userId !== undefined
            ? or(eq(videos.userId, filter.userId), appearsIn(filter.userId))
            : sql`exists (select 1 from video_performers p where p.video_id = ${videos.id})`;
      return db
        .select({ id: videos.id, userId: videos.userId, title: videos.title, status: videos.status, createdAt: videos.createdAt })
        .from(videos)
        .where(and(which, sql`${videos.status} <> 'deleting'`))
        .orderBy(asc(videos.id))
        .limit(RECORD_VIDEOS_MAX);
    },

    async performersOf(videoIds: readonly number[]) {
      if (videoIds.length === 0) return [];
      return db
        .select()
        .from(videoPerformers)
        .where(inArray(videoPerformers.videoId, [...videoIds]))
        .orderBy(asc(videoPerformers.id));
    },

    /** Each account's latest identity verification, with who checked it. */
    async verificationsOf(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      const reviewer = alias(users, 'reviewer');
      return db
        .selectDistinctOn([verifications.userId], {
          userId: verifications.userId,
          legalName: verifications.legalName,
          stageName: verifications.stageName,
          dateOfBirth: verifications.dateOfBirth,
          identification: verifications.identification,
          identificationId: verifications.identificationId,
          status: verifications.status,
          reviewedAt: verifications.reviewedAt,
          reviewedBy: reviewer.email,
        })
        .from(verifications)
        .leftJoin(reviewer, eq(reviewer.id, verifications.reviewedBy))
        .where(inArray(verifications.userId, [...userIds]))
        .orderBy(verifications.userId, desc(verifications.createdAt));
    },

    async reviewerEmails(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.email]));
    },
  };
}

export type ReleasesRepository = ReturnType<typeof releasesRepository>;
