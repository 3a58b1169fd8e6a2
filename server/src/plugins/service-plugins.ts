import type { FastifyBaseLogger, FastifyInstance, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** What most services are made from: the app's database, configuration and logger. */
export type ServiceDeps = { db: Db; config: Config; log: FastifyBaseLogger };

export const serviceDepsOf = (app: FastifyInstance): ServiceDeps => ({
  db: app.database.db,
  config: app.config,
  log: app.log,
});

/**
 * A service made once and decorated on the app as `app[name]`, by a plugin of the same name: a plugin that uses it
 * lists `name` among its dependencies, and fastify refuses to start when it is missing or registered after.
 */
export function servicePlugin<K extends keyof FastifyInstance & string, O extends FastifyPluginOptions = object>(
  name: K,
  dependencies: string[],
  make: (app: FastifyInstance, options: O) => FastifyInstance[K] | Promise<FastifyInstance[K]>,
) {
  return fp<O>(
    async (app, options) => {
      // The value is FastifyInstance[K], as declared beside the service; decorate's own typing cannot follow K.
      app.decorate(name, (await make(app, options)) as never);
    },
    { name, dependencies, decorators: { fastify: ['config', 'database'] } },
  );
}

/**
 * Routes, registered in a scope of their own under `options(app).prefix`, once the plugins (services and the
 * session, rate limits...) they name in `dependencies` are: without one of them the app does not start.
 */
export function routesPlugin<O extends FastifyPluginOptions>(
  name: string,
  dependencies: string[],
  routes: (app: FastifyInstance, options: O) => Promise<void>,
  options: (app: FastifyInstance) => O & { prefix?: string },
) {
  return fp(
    async (app) => {
      await app.register(routes, options(app));
    },
    { name, dependencies },
  );
}
