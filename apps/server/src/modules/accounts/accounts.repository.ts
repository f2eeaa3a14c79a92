import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type NewUser } from '../../db/schema.ts';
import { authTokens } from './accounts.schema.ts';

/** The account reads and writes that sign-up, sign-in, profiles, verification and uploads share. */
export function accountsRepository(db: Database) {
  return {
    async findById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
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
    /** The live sessions among these token hashes, with their accounts: one statement for a batch of requests. */
    async findByTokenHashes(tokenHashes: readonly string[]) {
      return db
        .select({ tokenHash: authTokens.tokenHash, user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(inArray(authTokens.tokenHash, [...tokenHashes]), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, sql`now()`)));
    },
    async touchToken(tokenId: number) {
      await db
        .update(authTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(authTokens.id, tokenId));
    },
    /** The new password, and every other session ended; the one that changed it (if any) stays signed in. */
    async changePassword(userId: number, passwordHash: string, keepTokenId: number | null) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await tx
          .update(authTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), keepTokenId ? ne(authTokens.id, keepTokenId) : undefined));
      });
    },
  };
}
