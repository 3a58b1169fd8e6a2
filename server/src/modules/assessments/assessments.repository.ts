import { and, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessmentImages, assessments } from '../../db/schema';

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = Omit<typeof assessments.$inferInsert, 'id' | 'createdAt'>;
export type NewAssessmentImageRow = Omit<typeof assessmentImages.$inferInsert, 'createdAt' | 'assessmentId'>;
/** An image assessment's kept picture, as its inputs name it. */
export type ImageRef = { file: string; assessmentId: string; userId: string };

/** The picture file an image assessment's inputs name (inputs.image.file), or null. */
const imageFileOf = sql<string | null>`${assessments.inputs}->'image'->>'file'`;

/**
 * The insert of every saved assessment, built once and prepared by name: drizzle then skips rebuilding the SQL on
 * each save and PostgreSQL skips parsing and planning it on a connection that has run it before.
 */
function prepareInsert(db: Db) {
  return db
    .insert(assessments)
    .values({
      userId: sql.placeholder('userId'),
      test: sql.placeholder('test'),
      inputs: sql.placeholder('inputs'),
      result: sql.placeholder('result'),
      modelId: sql.placeholder('modelId'),
      modelVersion: sql.placeholder('modelVersion'),
    })
    .returning({ id: assessments.id, createdAt: assessments.createdAt })
    .prepare('assessments_insert');
}

export function createAssessmentRepository(db: Db) {
  let insertStatement: ReturnType<typeof prepareInsert> | undefined;
  return {
    /** The saved row; only the columns the database fills come back, so the stored JSON is not read again. */
    async insert(row: NewAssessmentRow): Promise<AssessmentRow> {
      insertStatement ??= prepareInsert(db);
      const rows = await insertStatement.execute(row);
      return { ...row, ...(rows[0] as { id: string; createdAt: Date }) } as AssessmentRow;
    },

    /** The assessment if it exists and belongs to this user; another user's is as absent as a missing one. */
    async findForUser(id: string, userId: string): Promise<AssessmentRow | undefined> {
      const rows = await db
        .select()
        .from(assessments)
        .where(and(eq(assessments.id, id), eq(assessments.userId, userId)))
        .limit(1);
      return rows[0];
    },

    /** Newest first; served by the (user_id, created_at desc) index. */
    async listForUser(userId: string, limit: number) {
      return db
        .select({
          id: assessments.id,
          test: assessments.test,
          result: assessments.result,
          createdAt: assessments.createdAt,
        })
        .from(assessments)
        .where(eq(assessments.userId, userId))
        .orderBy(desc(assessments.createdAt), desc(assessments.id))
        .limit(limit);
    },

    /** Every assessment of the user, whole rows, newest first; only one test's when `test` is given. */
    async listAllForUser(userId: string, test?: string): Promise<AssessmentRow[]> {
      const conditions: SQL[] = [eq(assessments.userId, userId)];
      if (test) conditions.push(eq(assessments.test, test));
      return db
        .select()
        .from(assessments)
        .where(and(...conditions))
        .orderBy(desc(assessments.createdAt), desc(assessments.id));
    },

    /** By id alone: for a share link, whose row already names the owner. */
    async findById(id: string): Promise<AssessmentRow | undefined> {
      const rows = await db.select().from(assessments).where(eq(assessments.id, id)).limit(1);
      return rows[0];
    },

    /** The pictures image assessments name: every user's, or one user's. */
    async imageRefs(userId?: string): Promise<ImageRef[]> {
      const conditions: SQL[] = [isNotNull(imageFileOf)];
      if (userId) conditions.push(eq(assessments.userId, userId));
      const rows = await db
        .select({ file: imageFileOf, assessmentId: assessments.id, userId: assessments.userId })
        .from(assessments)
        .where(and(...conditions));
      return rows as ImageRef[];
    },

    /** A kept picture in the database store, not yet linked to its assessment. */
    async insertImage(row: NewAssessmentImageRow): Promise<void> {
      await db.insert(assessmentImages).values(row);
    },

    /**
     * Links a picture to the assessment that names it, so deleting that assessment (or the account) deletes the
     * picture in the same statement. Inserts it linked when `row` is given and it is not there yet.
     */
    async linkImage(name: string, assessmentId: string, row?: NewAssessmentImageRow): Promise<void> {
      if (row) {
        await db
          .insert(assessmentImages)
          .values({ ...row, assessmentId })
          .onConflictDoUpdate({ target: assessmentImages.name, set: { assessmentId } });
        return;
      }
      await db.update(assessmentImages).set({ assessmentId }).where(eq(assessmentImages.name, name));
    },

    /** The picture's bytes if it belongs to this user; another user's is as absent as a missing one. */
    async findImage(name: string, userId: string): Promise<Buffer | undefined> {
      const rows = await db
        .select({ bytes: assessmentImages.bytes })
        .from(assessmentImages)
        .where(and(eq(assessmentImages.name, name), eq(assessmentImages.userId, userId)))
        .limit(1);
      return rows[0]?.bytes;
    },

    async deleteImage(name: string): Promise<void> {
      await db.delete(assessmentImages).where(eq(assessmentImages.name, name));
    },

    /** Deletes the user's pictures among `names` that no assessment is linked to (linked ones go with their row). */
    async deleteUnlinkedImages(userId: string, names: string[]): Promise<void> {
      if (names.length === 0) return;
      await db
        .delete(assessmentImages)
        .where(
          and(
            eq(assessmentImages.userId, userId),
            isNull(assessmentImages.assessmentId),
            inArray(assessmentImages.name, names),
          ),
        );
    },

    /** Pictures never linked to an assessment (a save that failed or is in flight), created before `before`. */
    async listUnlinkedImages(before: Date): Promise<{ name: string; createdAt: Date }[]> {
      return db
        .select({ name: assessmentImages.name, createdAt: assessmentImages.createdAt })
        .from(assessmentImages)
        .where(and(isNull(assessmentImages.assessmentId), lt(assessmentImages.createdAt, before)));
    },

    /** Deletes every assessment of the user (share links go with them by cascade); returns how many. */
    async deleteAllForUser(userId: string): Promise<number> {
      const rows = await db.delete(assessments).where(eq(assessments.userId, userId)).returning({ id: assessments.id });
      return rows.length;
    },
  };
}
export type AssessmentRepository = ReturnType<typeof createAssessmentRepository>;
