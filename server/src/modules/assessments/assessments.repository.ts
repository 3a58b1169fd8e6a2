import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessments } from '../../db/schema';

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = Omit<typeof assessments.$inferInsert, 'id' | 'createdAt'>;

export function createAssessmentRepository(db: Db) {
  return {
    async insert(row: NewAssessmentRow): Promise<AssessmentRow> {
      const rows = await db.insert(assessments).values(row).returning();
      return rows[0] as AssessmentRow;
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
        .select({ id: assessments.id, test: assessments.test, result: assessments.result, createdAt: assessments.createdAt })
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

    /** Deletes every assessment of the user (share links go with them by cascade); returns how many. */
    async deleteAllForUser(userId: string): Promise<number> {
      const rows = await db.delete(assessments).where(eq(assessments.userId, userId)).returning({ id: assessments.id });
      return rows.length;
    },
  };
}
export type AssessmentRepository = ReturnType<typeof createAssessmentRepository>;
