import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import {
  assessmentsApi,
  assessmentsService,
  imageAssessmentsApi,
  imageAssessmentsService,
} from './modules/assessments';
import { authApi, authService, createSessionStore, passwordResetService } from './modules/auth';
import { chatApi, chatService, type ModelProvider } from './modules/chat';
import { compatApi, imagingCompatApi, medicinesCompatApi } from './modules/compat';
import { consentService } from './modules/consent';
import { feedbackApi, feedbackService } from './modules/feedback';
import { healthRecordApi, healthRecordService } from './modules/health-record';
import { knowledgeService } from './modules/knowledge';
import { medicinesApi, medicinesService, myMedicinesApi } from './modules/medicines';
import { newsletterApi, newsletterService } from './modules/newsletter';
import { avatarFilesApi, profileApi, profileService } from './modules/profile';
import { triageApi, triageRecordsApi, triageRecordsService, triageService } from './modules/triage';
import {
  apiDocsPlugin,
  errorsPlugin,
  healthPlugin,
  imageModelsPlugin,
  mailPlugin,
  modelsPlugin,
  rateLimitPlugin,
  securityPlugin,
  sessionPlugin,
  webPlugin,
} from './plugins/app-plugins';
import { serializeError } from './plugins/errors';
import { serializeRequest } from './plugins/log-serializers';
import type { RateLimits } from './plugins/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

/** Where log lines go when not stdout: anything with write(line). */
export type DestinationStream = { write(line: string): void };

export type BuildOptions = {
  /** A database opened (and migrated) by the caller, as tests do; otherwise one is opened from config. */
  database?: Database;
  /** Replaces some rate limits, so tests can reach them in a few requests. */
  rateLimits?: Partial<RateLimits>;
  /** Sends log lines here (at debug level) instead of stdout, so tests can read what gets logged. */
  logStream?: DestinationStream;
  /** Replaces the chat's model provider (null: the offline assistant), instead of the one config names. */
  chatProvider?: ModelProvider | null;
};

/** Logged fields that could carry secrets or health data are removed by configuration, not by care. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  'password',
  'newPassword',
  'currentPassword',
  'code',
  'vOTP',
  'email',
];

export function loggerOptions(config: Config, stream?: DestinationStream) {
  const serializers = { err: serializeError, req: serializeRequest };
  if (stream) return { level: 'debug', redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' }, serializers, stream };
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers,
    ...(process.stdout.isTTY && config.env !== 'production'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Services seed their content as they start (the medicine catalogue, the knowledge passages): on a busy machine
    // longer than fastify's 10 s per plugin, and nothing timed them before they were plugins.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);

  const database =
    options.database ??
    openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
      app.log,
    );
  if (!options.database) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  app.decorate('config', config);
  app.decorate('database', database);

  // Each plugin is named and lists the plugins it needs (server/src/plugins/app-plugins.ts): one missing, or
  // registered after what needs it, and the app does not start.
  await app.register(securityPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(apiDocsPlugin);
  await app.register(healthPlugin);
  await app.register(modelsPlugin);
  await app.register(imageModelsPlugin);
  await app.register(sessionPlugin, { store: createSessionStore(database.db, config.sessionSecret) });
  await app.register(rateLimitPlugin, { overrides: options.rateLimits });
  await app.register(mailPlugin);

  // Each module's services, decorated on the app under their names (app.consent, app.auth...), each after the
  // services it names as dependencies.
  for (const service of [
    consentService,
    authService,
    passwordResetService,
    profileService,
    feedbackService,
    newsletterService,
    assessmentsService,
    imageAssessmentsService,
    medicinesService,
    knowledgeService,
    triageService,
    triageRecordsService,
    healthRecordService,
  ]) {
    await app.register(service);
  }
  await app.register(chatService, { provider: options.chatProvider });

  // Each module's routes, declaring the services they use: under /api, and the earlier client's under /compat
  // (docs/product.md#compat-api). Then the web app, last.
  for (const routes of [
    authApi,
    profileApi,
    feedbackApi,
    newsletterApi,
    assessmentsApi,
    avatarFilesApi,
    compatApi,
    imageAssessmentsApi,
    imagingCompatApi,
    healthRecordApi,
    medicinesApi,
    myMedicinesApi,
    medicinesCompatApi,
    chatApi,
    triageApi,
    triageRecordsApi,
  ]) {
    await app.register(routes);
  }
  await app.register(webPlugin);
  return app;
}
