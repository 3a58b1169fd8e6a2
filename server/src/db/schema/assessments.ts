import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk, bytea } from './columns';
import { ownerId } from './users';

/**
 * One saved clinical-value assessment: the validated inputs, the result as shown, and which model (or rules)
 * version produced it, so an old result still says what made it after a model is retrained.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: uuidPk(),
    userId: ownerId(),
    test: text('test').notNull(),
    inputs: jsonb('inputs').notNull(),
    result: jsonb('result').notNull(),
    modelId: text('model_id').notNull(),
    modelVersion: text('model_version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('assessments_user_id_created_at_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * The pictures kept with image assessments when uploads live in the database (UPLOAD_STORE=database, the default
 * on PostgreSQL), so every instance behind a proxy reads the same ones. `name` is what the assessment's
 * inputs.image.file holds. The row is written before its assessment and linked to it right after: deleting the
 * account or the assessment deletes the picture in the same statement; a row never linked is pruned.
 */
export const assessmentImages = pgTable(
  'assessment_images',
  {
    name: text('name').primaryKey(),
    userId: ownerId(),
    assessmentId: uuid('assessment_id').references(() => assessments.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assessment_images_user_id_idx').on(t.userId),
    index('assessment_images_assessment_id_idx').on(t.assessmentId),
  ],
);
