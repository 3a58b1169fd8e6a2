import {
  MessageResponseSchema,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  NEWSLETTER_UNSUBSCRIBED_MESSAGE,
  NewsletterSubscribeRequestSchema,
  NewsletterUnsubscribeRequestSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses } from '../../plugins/errors';
import type { NewsletterService } from './newsletter.service';

export async function newsletterRoutes(app: FastifyInstance, { newsletter }: { newsletter: NewsletterService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/subscriptions',
    {
      onRequest: app.limiters.subscribe.byIp,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address to MediBuddy news (the home page footer)',
        description: 'Answers the same for a new address and for one already subscribed.',
        body: NewsletterSubscribeRequestSchema,
        response: { 200: MessageResponseSchema, ...problemResponses([400, 403, 429]) },
      },
    },
    async (request, reply) => {
      await newsletter.subscribe(request.body.email);
      return reply.status(200).send({ message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/unsubscribe',
    {
      onRequest: app.limiters.subscribe.byIp,
      schema: {
        tags: ['newsletter'],
        summary: 'Take an e-mail address off the MediBuddy news list (the Contact page)',
        description: 'Answers the same whether or not the address was on the list.',
        body: NewsletterUnsubscribeRequestSchema,
        response: { 200: MessageResponseSchema, ...problemResponses([400, 403, 429]) },
      },
    },
    async (request, reply) => {
      await newsletter.unsubscribe(request.body.email);
      return reply.status(200).send({ message: NEWSLETTER_UNSUBSCRIBED_MESSAGE });
    },
  );
}
