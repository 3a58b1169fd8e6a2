import { OTP_MAX_ATTEMPTS } from '@medibuddy/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscriptions, passwordResetCodes, passwordResetGrants, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/** Accounts, reset codes and reset grants; `transaction` runs work on a copy bound to one transaction. */
export function createAuthRepository(db: Db) {
  return {
    ...createQueries(db),
    transaction<T>(work: (tx: AuthQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createQueries(tx as unknown as Db)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type AuthQueries = ReturnType<typeof createQueries>;

function createQueries(db: Db) {
  return {
    db,

    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The new user, or null when the address is taken (the unique index decides, so a race cannot slip by). */
    async insertUser(values: { name: string; email: string; passwordHash: string }): Promise<UserRow | null> {
      const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
      return rows[0] ?? null;
    },

    /**
     * Deletes the account; its sessions, codes, assessments, conversations and every other user-owned row go by
     * cascade. A newsletter subscription of the same address has no key to the account, so it goes by address.
     */
    async deleteUser(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
        const email = rows[0]?.email;
        if (email) await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
      });
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

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
