import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

const prepareLiveUserId = (db: Db) =>
  db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('sessions_live_user_id');

/** The only code that touches the sessions table. Rows are keyed by the keyed hash of the cookie's token. */
export function createSessionsRepository(db: Db) {
  // Every signed-in request runs this one: prepared on first use, so its SQL is built once (and parsed once per connection).
  let liveUserId: ReturnType<typeof prepareLiveUserId> | undefined;
  return {
    async insert(values: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** Whose session this is; null when there is none or it has expired by `now`. */
    async findLiveUserId(tokenHash: string, now: Date): Promise<string | null> {
      liveUserId ??= prepareLiveUserId(db);
      const rows = await liveUserId.execute({ tokenHash, now });
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
