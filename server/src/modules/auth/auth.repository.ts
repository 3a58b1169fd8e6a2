import { OTP_MAX_ATTEMPTS } from '@medibuddy/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetCodes, passwordResetGrants } from '../../db/schema';

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/**
 * The only code that touches password_reset_codes and password_reset_grants (the users table is the users
 * module's). Takes a db or a transaction (`withTransaction(db, (tx) => ... createAuthRepository(tx) ...)`).
 */
export function createAuthRepository(db: Db) {
  return {
    /** One live code per account: a new one replaces the old, with its tries reset. */
    async replaceResetCode(userId: string, codeHash: string, expiresAt: Date): Promise<void> {
      const now = new Date();
      await db
        .insert(passwordResetCodes)
        .values({ userId, codeHash, expiresAt, createdAt: now })
        .onConflictDoUpdate({
          target: passwordResetCodes.userId,
          set: { codeHash, expiresAt, createdAt: now, attempts: 0 },
        });
    },

    async findResetCode(userId: string): Promise<ResetCodeRow | null> {
      const rows = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Spends one try on the live code in a single statement, so parallel guesses cannot exceed the limit.
     * Null when there is no code, it has expired, or its tries are used up.
     */
    async spendResetCodeTry(userId: string, now: Date): Promise<ResetCodeRow | null> {
      const rows = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(
          and(
            eq(passwordResetCodes.userId, userId),
            gt(passwordResetCodes.expiresAt, now),
            lt(passwordResetCodes.attempts, OTP_MAX_ATTEMPTS),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** Deletes exactly this code (not one that replaced it meanwhile); false when it was already gone. */
    async deleteResetCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .delete(passwordResetCodes)
        .where(and(eq(passwordResetCodes.userId, userId), eq(passwordResetCodes.codeHash, codeHash)))
        .returning({ userId: passwordResetCodes.userId });
      return rows.length > 0;
    },

    async deleteResetCodesOf(userId: string): Promise<void> {
      await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
    },

    async insertGrant(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetGrants).values({ tokenHash, userId, expiresAt });
    },

    /** Deletes a live grant and returns whose it was: a grant works once. */
    async consumeGrant(tokenHash: string, now: Date): Promise<string | null> {
      const rows = await db
        .delete(passwordResetGrants)
        .where(and(eq(passwordResetGrants.tokenHash, tokenHash), gt(passwordResetGrants.expiresAt, now)))
        .returning({ userId: passwordResetGrants.userId });
      return rows[0]?.userId ?? null;
    },

    async deleteGrantsOf(userId: string): Promise<void> {
      await db.delete(passwordResetGrants).where(eq(passwordResetGrants.userId, userId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
