import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createFeedbackRepository } from './feedback.repository';

export const FEEDBACK_THANKS_MESSAGE = 'Thank you for your feedback.';

export function createFeedbackService({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const repo = createFeedbackRepository(db);
  return {
    /** Stores the text with its author and time (the row's created_at); the text itself is never logged. */
    async submit(userId: string, text: string): Promise<void> {
      const { id } = await repo.insert(userId, text);
      log.info({ userId, feedbackId: id }, 'feedback received');
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
