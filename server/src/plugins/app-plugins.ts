import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerErrorHandling, registerInputGuards } from './errors';
import { registerHealth, type ReadinessCheck } from './health';
import { registerImageModels } from './image-models';
import { createMailer, type Mailer } from './mail';
import { registerModels } from './models';
import { registerRateLimits, type RateLimits } from './rate-limit';
import { registerSecurity } from './security';
import { registerSessions, type SessionLookup } from './session';
import { registerWeb } from './web';

// The app's plugins, each named, with the plugins and decorators it needs (fastify-plugin): registered without one
// of them, or before it, the app refuses to start and says which is missing. server/src/app.ts registers them.

declare module 'fastify' {
  interface FastifyInstance {
    /** What /readyz asks: the database first, then what each plugin adds (models, Redis). */
    readiness: ReadinessCheck[];
    mailer: Mailer;
  }
}

const needsConfig = { fastify: ['config'] };

/** Every error as problem+json, and the guards on what a request may carry. */
export const errorsPlugin = fp(
  async (app) => {
    registerErrorHandling(app);
    registerInputGuards(app);
  },
  { name: 'errors' },
);

/** Headers, CORS and the CSRF origin check. */
export const securityPlugin = fp(async (app) => registerSecurity(app, app.config), {
  name: 'security',
  decorators: needsConfig,
});

/** The OpenAPI document (from the zod schemas of contracts/) and its page at /api/docs. */
export const apiDocsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'MediBuddy API',
          version: '0.1.0',
          description: 'Health-information API. Errors are application/problem+json (RFC 9457).',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'api-docs' },
);

/** /healthz and /readyz; app.readiness starts with the database and takes what later plugins add. */
export const healthPlugin = fp(
  async (app) => {
    app.decorate('readiness', [{ name: 'database', check: () => app.database.ping() }]);
    registerHealth(app, app.readiness);
  },
  { name: 'health', decorators: { fastify: ['config', 'database'] } },
);

/** The risk models (app.models), loading in the background, with their readiness checks. */
export const modelsPlugin = fp(
  async (app) => {
    registerModels(app, app.config.modelsDir, app.readiness);
  },
  { name: 'models', dependencies: ['health'], decorators: needsConfig },
);

/** The image models (app.imageModels), as the risk models. */
export const imageModelsPlugin = fp(
  async (app) => {
    registerImageModels(app, app.config.modelsDir, app.readiness);
  },
  { name: 'image-models', dependencies: ['health'], decorators: needsConfig },
);

/** request.currentUser() and the rest, read through the store the auth module gives (its session store). */
export const sessionPlugin = fp<{ store: SessionLookup }>(
  async (app, { store }) => {
    registerSessions(app, store);
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

/** app.limiters: counted in the process, or in Redis when REDIS_URL is set (reported to /readyz). */
export const rateLimitPlugin = fp<{ overrides?: Partial<RateLimits> }>(
  async (app, { overrides }) => {
    await registerRateLimits(app, {
      isEnabled: app.config.isRateLimited,
      overrides,
      redisUrl: app.config.redisUrl,
      readiness: app.readiness,
    });
  },
  { name: 'rate-limit', dependencies: ['health'], decorators: needsConfig },
);

/** app.mailer: SMTP, or files in DATA_DIR/outbox. */
export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', decorators: needsConfig },
);

/** The built web app, registered last: any other GET gets its page. */
export const webPlugin = fp(
  async (app) => {
    await registerWeb(app, app.config.webDist);
  },
  { name: 'web', decorators: needsConfig },
);
