import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function usersRepository(db: Database) {
  return {
    async findById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return row;
    },
    /** A username also names the profile URL (/{slug}), so both columns are checked. */
    async handleTaken(handle: string, exceptUserId?: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`(lower(${users.username}) = lower(${handle}) or lower(${users.slug}) = lower(${handle}))`,
            exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async insert(user: NewUser) {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
    async update(id: number, values: Partial<NewUser>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql`now()`)))
        .limit(1);
      return row;
    },
  };
}
