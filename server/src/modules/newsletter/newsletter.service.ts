import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createNewsletterRepository } from './newsletter.repository';

export function createNewsletterService({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const repo = createNewsletterRepository(db);
  return {
    /** Stores the (already normalised) address; the address itself is never logged. */
    async subscribe(email: string): Promise<void> {
      const isNew = await repo.subscribe(email);
      log.info({ isNew }, 'newsletter subscription');
    },
    async unsubscribe(email: string): Promise<void> {
      const wasSubscribed = await repo.unsubscribe(email);
      log.info({ wasSubscribed }, 'newsletter unsubscription');
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
