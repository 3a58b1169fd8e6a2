import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth, type ReadinessCheck } from './plugins/health';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type BuildOptions = {
  /** A database opened (and migrated) by the caller, as tests do; otherwise one is opened from config. */
  database?: Database;
};

/** Logged fields that could carry secrets or health data are removed by configuration, not by care. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  'password',
  'code',
];

export function loggerOptions(config: Config) {
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    ...(process.stdout.isTTY && config.env !== 'production'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const database = options.database ?? openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  if (!options.database) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  app.decorate('config', config);
  app.decorate('database', database);

  await registerSecurity(app, config);
  await app.register(cookie, { secret: config.sessionSecret });

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

  const readiness: ReadinessCheck[] = [{ name: 'database', check: () => database.ping() }];
  registerHealth(app, readiness);

  // Feature modules register here, each under /api (and /compat for the spec's legacy client).

  await registerWeb(app, config.webDist);
  return app;
}
