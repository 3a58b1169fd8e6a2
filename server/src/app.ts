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
import { assessmentRoutes } from './modules/assessments/assessments.routes';
import { createAssessmentService } from './modules/assessments/assessments.service';
import { imageAssessmentRoutes } from './modules/assessments/image-assessments.routes';
import { createImageAssessmentService } from './modules/assessments/image-assessments.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createPasswordResetService } from './modules/auth/password-reset.service';
import { createSessionStore } from './modules/auth/session-store';
import { compatRoutes } from './modules/compat/compat.routes';
import { imagingCompatRoutes } from './modules/compat/imaging.compat';
import { medicinesCompatRoutes } from './modules/compat/medicines.compat';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { healthRecordRoutes } from './modules/health-record/health-record.routes';
import { createConsentCheck, createHealthRecordService } from './modules/health-record/health-record.service';
import { createReportPdfPool } from './modules/health-record/report-pdf-pool';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { createNewsletterService } from './modules/newsletter/newsletter.service';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { chatMedicineFacts } from './modules/chat/medicine-facts';
import type { ModelProvider } from './modules/chat/providers';
import { createKnowledgeService } from './modules/knowledge/knowledge.service';
import { medicinesRoutes } from './modules/medicines/medicines.routes';
import { createMedicinesService } from './modules/medicines/medicines.service';
import { triageRoutes } from './modules/triage/triage.routes';
import { createTriageService } from './modules/triage/triage.service';
import { createTriageRecords } from './modules/triage/triage-records';
import { triageRecordRoutes } from './modules/triage/triage-records.routes';
import { createSafetyFacts } from './modules/medicines/medicine-safety-facts';
import { createMyMedicinesService } from './modules/medicines/my-medicines';
import { myMedicinesRoutes } from './modules/medicines/my-medicines.routes';
import { avatarFileRoutes, profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { registerErrorHandling, registerInputGuards, serializeError } from './plugins/errors';
import { registerHealth, type ReadinessCheck } from './plugins/health';
import { serializeRequest } from './plugins/log-serializers';
import { createMailer } from './plugins/mail';
import { registerImageModels } from './plugins/image-models';
import { registerModels } from './plugins/models';
import { registerRateLimits, type RateLimits } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/session';
import { registerWeb } from './plugins/web';

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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuards(app);

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
  const models = registerModels(app, config.modelsDir, readiness);
  const imageModels = registerImageModels(app, config.modelsDir, readiness);

  // Feature modules register here, each under /api (and /compat for the legacy client, docs/product.md#compat-api).
  registerSessions(app, createSessionStore(database.db, config.sessionSecret));
  await registerRateLimits(app, {
    isEnabled: config.isRateLimited,
    overrides: options.rateLimits,
    redisUrl: config.redisUrl,
    readiness,
  });
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const deps = { db: database.db, config, log: app.log };
  const services = {
    auth: createAuthService(deps),
    passwordReset: createPasswordResetService({ ...deps, mailer }),
    profile: createProfileService({ ...deps, dataDir: config.dataDir }),
    feedback: createFeedbackService(deps),
    assessments: createAssessmentService({ ...deps, models, imageModels, consent: createConsentCheck(database.db) }),
  };
  const imageAssessments = createImageAssessmentService({
    ...deps,
    imageModels,
    assessments: services.assessments,
    dataDir: config.dataDir,
    uploadStore: config.uploadStore,
  });
  const stopPruningImages = imageAssessments.startPruning();
  app.addHook('onClose', async () => stopPruningImages());
  const reportPdfs = createReportPdfPool({ size: config.pdfWorkers, maxQueued: config.pdfQueue });
  app.addHook('onClose', async () => reportPdfs.close());
  // A served instance starts its PDF workers once it listens, so the first report does not wait for them.
  if (config.env === 'production') app.addHook('onListen', async () => reportPdfs.warm());
  const healthRecord = createHealthRecordService({
    ...deps,
    renderPdf: (input) => reportPdfs.render(input),
    assessments: services.assessments,
    auth: services.auth,
    hooks: {
      removeAssessmentFiles: (userId) => imageAssessments.removeImagesOfUser(userId),
      assessmentPicture: (userId, id) => imageAssessments.readImagePng(userId, id),
      // Called per PDF request, after myMedicines below exists.
      medicinesCheck: async (userId) => {
        const { items, check } = await myMedicines.list(userId);
        return items.length > 0 ? { names: items.map((i) => i.name), check } : null;
      },
      // Also per PDF request, after triageRecords below exists.
      symptomChecks: async (userId) =>
        (await triageRecords.list(userId)).map((c) => ({
          createdAt: c.createdAt,
          complaint: c.complaint,
          headline: c.result.triage.headline,
          advice: c.result.triage.advice,
          conditions: c.result.conditions.slice(0, 3).map((x) => x.name),
        })),
    },
  });
  await app.register(authRoutes, { prefix: '/api/auth', ...services });
  await app.register(profileRoutes, { prefix: '/api/profile', ...services });
  await app.register(feedbackRoutes, { prefix: '/api', ...services });
  await app.register(newsletterRoutes, { prefix: '/api/newsletter', newsletter: createNewsletterService(deps) });
  await app.register(assessmentRoutes, { prefix: '/api/assessments', ...services });
  await app.register(avatarFileRoutes, services);
  await app.register(compatRoutes, { prefix: '/compat', ...services });
  await app.register(imageAssessmentRoutes, { prefix: '/api/assessments', imageAssessments });
  await app.register(imagingCompatRoutes, { prefix: '/compat', imageAssessments });
  await app.register(healthRecordRoutes, { prefix: '/api', healthRecord });
  const medicineFacts = createSafetyFacts();
  const medicines = createMedicinesService({ ...deps, facts: medicineFacts });
  await medicines.seedStarterCatalogue();
  await app.register(medicinesRoutes, { prefix: '/api/medicines', medicines });
  const myMedicines = createMyMedicinesService({
    db: database.db,
    facts: medicineFacts,
    consent: createConsentCheck(database.db),
  });
  await app.register(myMedicinesRoutes, { prefix: '/api/my-medicines', myMedicines });
  await app.register(medicinesCompatRoutes, { prefix: '/compat', medicines });
  // MediBuddy chat (decision 013): knowledge passages seeded from our own content, then the chat routes.
  const knowledge = createKnowledgeService(deps);
  await knowledge.seedOwnContent();
  const chat = createChatService({
    ...deps,
    config: config.chat,
    knowledge,
    provider: options.chatProvider,
    medicineFacts: chatMedicineFacts(),
    // "Explain my heart test result": the user's own saved assessments, through the assessments service, with consent.
    myResults: {
      consent: createConsentCheck(database.db),
      listAll: (userId, test) => services.assessments.listAll(userId, test),
    },
  });
  await app.register(chatRoutes, { prefix: '/api/chat', chat });
  // Symptom triage: stateless, loads its knowledge base (content/triage) once here.
  const triage = createTriageService();
  await app.register(triageRoutes, { prefix: '/api/triage', triage });
  const triageRecords = createTriageRecords({ db: database.db, consent: createConsentCheck(database.db), triage });
  await app.register(triageRecordRoutes, { prefix: '/api/triage', triageRecords });

  await registerWeb(app, config.webDist);
  return app;
}
