import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './columns';
import { ownerId, ownerIdKey } from './users';
import { assessments } from './assessments';

/* ------------------------------------------------------------------------------------------------------------
 * Health record (decision 012): consent to store health data, and read-only share links to one report.
 * Every table that holds a user's data references users with `on delete cascade`, so deleting the user row
 * erases it all (the account-deletion test enumerates information_schema to prove it).
 * ---------------------------------------------------------------------------------------------------------- */

/** The user's consent to store health data: one row per account; withdrawn when withdrawn_at is set. */
export const healthDataConsents = pgTable('health_data_consents', {
  userId: ownerIdKey(),
  /** Which wording was agreed to (HEALTH_DATA_CONSENT_VERSION in contracts). */
  version: text('version').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});

/** A read-only link to one assessment's report; the table keeps only a keyed hash of the link's token. */
export const reportShares = pgTable(
  'report_shares',
  {
    id: uuidPk(),
    userId: ownerId(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('report_shares_user_id_idx').on(t.userId), index('report_shares_assessment_id_idx').on(t.assessmentId)],
);
