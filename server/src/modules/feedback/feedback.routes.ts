import { FeedbackRequestSchema, MessageResponseSchema } from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import { FEEDBACK_THANKS_MESSAGE, type FeedbackService } from './feedback.service';

export async function feedbackRoutes(app: FastifyInstance, { feedback }: { feedback: FeedbackService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/feedback',
    {
      onRequest: requireUser,
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback about MediBuddy',
        body: FeedbackRequestSchema,
        response: { 201: MessageResponseSchema, ...problemResponses([400, 401, 403]) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await feedback.submit(user.id, request.body.feedback);
      return reply.status(201).send({ message: FEEDBACK_THANKS_MESSAGE });
    },
  );
}
