import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './columns';
import { ownerId } from './users';

/**
 * A symptom check the user chose to keep (only with the health-data consent): the session as answered and the
 * result the server computed from it, with the knowledge-base version that made it.
 */
export const triageAssessments = pgTable(
  'triage_assessments',
  {
    id: uuidPk(),
    userId: ownerId(),
    /** { age, sex, pregnant? } as given. */
    profile: jsonb('profile').notNull(),
    complaint: text('complaint').notNull(),
    /** [{ questionId, answer }] in the order asked. */
    answers: jsonb('answers').notNull(),
    /** emergency | urgent | soon | self_care */
    level: text('level').notNull(),
    /** The triage advice and the conditions shown, as the result had them. */
    result: jsonb('result').notNull(),
    knowledgeBaseVersion: text('knowledge_base_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('triage_assessments_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);
