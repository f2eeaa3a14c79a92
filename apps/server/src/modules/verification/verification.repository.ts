import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { recordAdminDecision } from '../../db/admin-audit.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { verifications } from './verification.schema.ts';

export type NewVerification = typeof verifications.$inferInsert;

export function verificationRepository(db: Database) {
  return {
    /**
     * Marks the account pending and stores its request, together. Only one review at a time: a second
     * submit racing this one finds the row already pending, and gets undefined.
     */
    async submit(userId: number, request: Omit<NewVerification, 'userId'>) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .update(users)
          .set({ isVerified: 'pending', updatedAt: sql`now()` })
          .where(and(eq(users.id, userId), sql`${users.isVerified} in ('none', 'rejected')`))
          .returning();
        if (!locked) return undefined;
        await tx.insert(verifications).values({ ...request, userId });
        return locked;
      });
    },

    async listPending() {
      return db
        .select({
          id: verifications.id,
          userId: verifications.userId,
          legalName: verifications.legalName,
          stageName: verifications.stageName,
          createdAt: verifications.createdAt,
          email: users.email,
        })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(eq(verifications.status, 'pending'))
        .orderBy(asc(verifications.createdAt));
    },

    async find(id: number) {
      const [row] = await db.select().from(verifications).where(eq(verifications.id, id)).limit(1);
      return row;
    },

    async latestFor(userId: number) {
      const [row] = await db.select().from(verifications).where(eq(verifications.userId, userId)).orderBy(desc(verifications.createdAt)).limit(1);
      return row;
    },

    /** The decision on a pending request, and the account's status with it; undefined when none is pending. */
    async review(id: number, decision: 'approved' | 'rejected', reviewerId: number | null, reason?: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(verifications)
          .set({ status: decision, reviewedAt: sql`now()`, reviewedBy: reviewerId, rejectionReason: reason ?? null })
          .where(and(eq(verifications.id, id), eq(verifications.status, 'pending')))
          .returning();
        if (!row) return undefined;
        await tx
          .update(users)
          .set({ isVerified: decision, updatedAt: sql`now()` })
          .where(eq(users.id, row.userId));
        // On the record with it, the console's and the CLI's alike (no reviewer: the CLI named no admin; ADR 0015).
        await recordAdminDecision(tx, {
          adminId: reviewerId,
          action: decision === 'approved' ? 'approved a verification' : 'rejected a verification',
          targetType: 'verification',
          targetId: row.id,
          before: { status: 'pending' },
          after: { status: decision, reason: reason ?? null, userId: row.userId },
        });
        return row;
      });
    },
  };
}
