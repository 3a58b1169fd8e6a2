import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { healthDataConsents } from '../../db/schema';

export type ConsentRow = typeof healthDataConsents.$inferSelect;

const prepareConsentOf = (db: Db) =>
  db
    .select()
    .from(healthDataConsents)
    .where(eq(healthDataConsents.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('consent_of_user');

export function createConsentRepository(db: Db) {
  // Every saved result reads it: prepared on first use, so its SQL is built once (and parsed once per connection).
  let consentOf: ReturnType<typeof prepareConsentOf> | undefined;
  return {
    async findConsent(userId: string): Promise<ConsentRow | undefined> {
      consentOf ??= prepareConsentOf(db);
      const rows = await consentOf.execute({ userId });
      return rows[0];
    },

    /** Grants (again): a withdrawn consent becomes a fresh one with the new version and time. */
    async grantConsent(userId: string, version: string): Promise<ConsentRow> {
      const now = new Date();
      const rows = await db
        .insert(healthDataConsents)
        .values({ userId, version, grantedAt: now, withdrawnAt: null })
        .onConflictDoUpdate({ target: healthDataConsents.userId, set: { version, grantedAt: now, withdrawnAt: null } })
        .returning();
      return rows[0] as ConsentRow;
    },

    async withdrawConsent(userId: string): Promise<ConsentRow | undefined> {
      const rows = await db
        .update(healthDataConsents)
        .set({ withdrawnAt: new Date() })
        .where(and(eq(healthDataConsents.userId, userId), sql`${healthDataConsents.withdrawnAt} is null`))
        .returning();
      return rows[0];
    },
  };
}
