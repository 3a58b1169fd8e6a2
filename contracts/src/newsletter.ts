import { z } from 'zod';
import { EmailSchema } from './auth';

/**
 * The home page footer's e-mail box (a dead control once, made real: docs/product.md#built-by-intent): one address,
 * nothing else.
 */
export const NewsletterSubscribeRequestSchema = z.strictObject({
  email: EmailSchema,
});
export type NewsletterSubscribeRequest = z.infer<typeof NewsletterSubscribeRequestSchema>;

/**
 * The same answer whether the address was new or already on the list, so the box cannot be used to find
 * out who has subscribed.
 */
export const NEWSLETTER_SUBSCRIBED_MESSAGE =
  'Thank you for subscribing to MediBuddy news. You can unsubscribe at any time from the Contact page.';

/** Leaving the list takes only the address; the answer does not say whether it was on the list. */
export const NewsletterUnsubscribeRequestSchema = NewsletterSubscribeRequestSchema;
export const NEWSLETTER_UNSUBSCRIBED_MESSAGE = 'Done. That address is not on the MediBuddy news list (any more).';
