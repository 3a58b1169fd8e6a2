import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema';

export function createNewsletterRepository(db: Db) {
  return {
    /** Adds the address once; a second subscription of the same address changes nothing. True when it was new. */
    async subscribe(email: string): Promise<boolean> {
      const rows = await db
        .insert(newsletterSubscriptions)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscriptions.email })
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },
    /** True when the address was on the list. */
    async unsubscribe(email: string): Promise<boolean> {
      const rows = await db
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },
  };
}
