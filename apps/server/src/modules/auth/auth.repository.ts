import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { authTokens } from '../accounts/accounts.schema.ts';
import { emailTokens } from './auth.schema.ts';

export type EmailPurpose = (typeof emailTokens.$inferInsert)['purpose'];

/** Sessions (bearer tokens) and the one-time e-mail links, all stored as hashes. */
export function authRepository(db: Database) {
  /** Marks the token used and returns its user id, if it is valid, unused, unexpired and of this kind. */
  async function consumeEmailToken(tokenHash: string, purpose: EmailPurpose, executor: Pick<Database, 'update'> = db) {
    const [row] = await executor
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  }

  return {
    /** A new link replaces the older ones of the same kind. */
    async issueEmailToken(userId: number, purpose: EmailPurpose, tokenHash: string, expiresAt: Date) {
      await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
      await db.insert(emailTokens).values({ userId, purpose, tokenHash, expiresAt });
    },

    /** Uses up a verification link and marks its account's address verified; false for no valid link. */
    async verifyEmail(tokenHash: string) {
      const userId = await consumeEmailToken(tokenHash, 'verify_email');
      if (!userId) return false;
      await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      return true;
    },

    /** Uses up a reset link, sets the password and ends every session, together; the account's address, none for no valid link. */
    async resetPassword(tokenHash: string, passwordHash: string): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tokenHash, 'reset_password', tx);
        if (!userId) return undefined;
        // Following the e-mailed link proves the address too.
        const [user] = await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning({ email: users.email });
        await tx
          .update(authTokens)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
        return user?.email;
      });
    },

    async insertSession(userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(authTokens).values({ userId, tokenHash, expiresAt });
    },

    async revokeSession(tokenId: number) {
      await db
        .update(authTokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(authTokens.id, tokenId));
    },
  };
}
