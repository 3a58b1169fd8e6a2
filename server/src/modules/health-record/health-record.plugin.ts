import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { healthRecordRoutes } from './health-record.routes';
import { createHealthRecordService, type HealthRecordService } from './health-record.service';
import { createReportPdfPool } from './report-pdf-pool';

declare module 'fastify' {
  interface FastifyInstance {
    healthRecord: HealthRecordService;
  }
}

/**
 * app.healthRecord (decision 012): consent, history, reports, shares, export and account deletion, over what the
 * other modules keep. Its PDFs are made in a pool of workers, started at listen on a served instance.
 */
export const healthRecordService = servicePlugin(
  'healthRecord',
  ['assessments', 'imageAssessments', 'auth', 'consent', 'medicines', 'triageRecords'],
  (app) => {
    const { config } = app;
    const reportPdfs = createReportPdfPool({ size: config.pdfWorkers, maxQueued: config.pdfQueue });
    app.addHook('onClose', async () => reportPdfs.close());
    // A served instance starts its PDF workers once it listens, so the first report does not wait for them.
    if (config.env === 'production') app.addHook('onListen', async () => reportPdfs.warm());
    const { imageAssessments, myMedicines, triageRecords } = app;
    return createHealthRecordService({
      ...serviceDepsOf(app),
      renderPdf: (input) => reportPdfs.render(input),
      assessments: app.assessments,
      auth: app.auth,
      consent: app.consent,
      hooks: {
        removeAssessmentFiles: (userId) => imageAssessments.removeImagesOfUser(userId),
        assessmentPicture: (userId, id) => imageAssessments.readImagePng(userId, id),
        medicinesCheck: async (userId) => {
          const { items, check } = await myMedicines.list(userId);
          return items.length > 0 ? { names: items.map((i) => i.name), check } : null;
        },
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
  },
);

/** /api/health-record/*, /api/account/delete, /api/shared-reports/:token. */
export const healthRecordApi = routesPlugin(
  'health-record-routes',
  ['healthRecord', 'session', 'errors'],
  healthRecordRoutes,
  (app) => ({ prefix: '/api', healthRecord: app.healthRecord }),
);
