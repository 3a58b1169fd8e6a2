import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** The only code that touches the sessions table. Rows are keyed by the keyed hash of the cookie's token. */
export function createSessionsRepository(db: Db) {
  return {
    async insert(values: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** Whose session this is; null when there is none or it has expired by `now`. */
    async findLiveUserId(tokenHash: string, now: Date): Promise<string | null> {
      const rows = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    async deleteByTokenHash(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteAllOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
