import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './columns';
import { ownerId } from './users';

export const feedback = pgTable(
  'feedback',
  {
    id: uuidPk(),
    userId: ownerId(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user_id_idx').on(t.userId)],
);
