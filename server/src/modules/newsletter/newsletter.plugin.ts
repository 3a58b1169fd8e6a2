import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { newsletterRoutes } from './newsletter.routes';
import { createNewsletterService, type NewsletterService } from './newsletter.service';

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: NewsletterService;
  }
}

/** app.newsletter. */
export const newsletterService = servicePlugin('newsletter', [], (app) => createNewsletterService(serviceDepsOf(app)));

/** /api/newsletter/*. */
export const newsletterApi = routesPlugin(
  'newsletter-routes',
  ['newsletter', 'rate-limit', 'errors'],
  newsletterRoutes,
  (app) => ({ prefix: '/api/newsletter', newsletter: app.newsletter }),
);
