import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { assessmentRoutes } from './assessments.routes';
import { createAssessmentService, type AssessmentService } from './assessments.service';
import { imageAssessmentRoutes } from './image-assessments.routes';
import { createImageAssessmentService, type ImageAssessmentService } from './image-assessments.service';

declare module 'fastify' {
  interface FastifyInstance {
    assessments: AssessmentService;
    imageAssessments: ImageAssessmentService;
  }
}

/** app.assessments: the clinical tests, saved with consent. */
export const assessmentsService = servicePlugin('assessments', ['models', 'image-models', 'consent'], (app) =>
  createAssessmentService({
    ...serviceDepsOf(app),
    models: app.models,
    imageModels: app.imageModels,
    consent: app.consent,
  }),
);

/** app.imageAssessments: the image tests, saved through app.assessments; prunes unkept pictures until close. */
export const imageAssessmentsService = servicePlugin('imageAssessments', ['image-models', 'assessments'], (app) => {
  const imageAssessments = createImageAssessmentService({
    ...serviceDepsOf(app),
    imageModels: app.imageModels,
    assessments: app.assessments,
    dataDir: app.config.dataDir,
    uploadStore: app.config.uploadStore,
  });
  const stopPruningImages = imageAssessments.startPruning();
  app.addHook('onClose', async () => stopPruningImages());
  return imageAssessments;
});

/** /api/assessments/*: the clinical tests. */
export const assessmentsApi = routesPlugin(
  'assessments-routes',
  ['assessments', 'session', 'errors'],
  assessmentRoutes,
  (app) => ({ prefix: '/api/assessments', assessments: app.assessments }),
);

/** /api/assessments/<image test>: the image tests. */
export const imageAssessmentsApi = routesPlugin(
  'image-assessments-routes',
  ['imageAssessments', 'session', 'errors'],
  imageAssessmentRoutes,
  (app) => ({ prefix: '/api/assessments', imageAssessments: app.imageAssessments }),
);
