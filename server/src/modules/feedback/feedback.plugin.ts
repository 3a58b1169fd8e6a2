import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { feedbackRoutes } from './feedback.routes';
import { createFeedbackService, type FeedbackService } from './feedback.service';

declare module 'fastify' {
  interface FastifyInstance {
    feedback: FeedbackService;
  }
}

/** app.feedback. */
export const feedbackService = servicePlugin('feedback', [], (app) => createFeedbackService(serviceDepsOf(app)));

/** /api/feedback. */
export const feedbackApi = routesPlugin(
  'feedback-routes',
  ['feedback', 'session', 'errors'],
  feedbackRoutes,
  (app) => ({
    prefix: '/api',
    feedback: app.feedback,
  }),
);
