import { servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { createConsentService, type ConsentService } from './consent.service';

declare module 'fastify' {
  interface FastifyInstance {
    consent: ConsentService;
  }
}

/** app.consent: asked by every module that stores health data. */
export const consentService = servicePlugin('consent', [], (app) => createConsentService(serviceDepsOf(app)));
