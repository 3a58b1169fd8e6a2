import type { TriageResult, TriageSession } from '@medibuddy/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { triageAssessments } from '../../db/schema';

export function createTriageRepository(db: Db) {
  return {
    async insert(userId: string, session: TriageSession, result: TriageResult) {
      const [row] = await db
        .insert(triageAssessments)
        .values({
          userId,
          profile: session.profile,
          complaint: session.complaint,
          answers: session.answers,
          level: result.triage.level,
          result,
          knowledgeBaseVersion: result.knowledgeBaseVersion,
        })
        .returning();
      return row!;
    },
    async listByUser(userId: string) {
      return db
        .select()
        .from(triageAssessments)
        .where(eq(triageAssessments.userId, userId))
        .orderBy(desc(triageAssessments.createdAt));
    },
  };
}
