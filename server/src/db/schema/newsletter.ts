import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidPk } from './columns';

// ---------------------------------------------------------------------------------------------------------
// Newsletter (decision 011): the home page footer's e-mail box.
// ---------------------------------------------------------------------------------------------------------

/**
 * One row per subscribed address (stored normalised, like users.email). Only the address and when it was
 * given; nothing links it to an account or a health record.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuidPk(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});
