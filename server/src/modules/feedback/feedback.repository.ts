import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

export function createFeedbackRepository(db: Db) {
  return {
    async insert(userId: string, body: string): Promise<{ id: string }> {
      const rows = await db.insert(feedback).values({ userId, body }).returning({ id: feedback.id });
      return rows[0] as { id: string };
    },
  };
}
