import {
  COMPAT_IMAGE_UPLOAD_FIELD,
  CompatImagePredictionResponseSchema,
  CompatProblemSchema,
  getTest,
  IMAGE_UPLOAD_FIELD,
  type ImageTestSlug,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, problemResponses, registerErrorHandling, type ProblemShaper } from '../../plugins/errors';
import { type ImageAssessmentService, readImageUpload, registerImageUploads } from '../assessments';

/** As in compat.routes.ts: the legacy client toasts `message` or `error`, so errors carry the detail in both. */
const withLegacyMessage: ProblemShaper = (problem) => ({ ...problem, message: problem.detail, error: problem.detail });

/**
 * The legacy client's image calls (docs/product.md#compat-api), each on its own model: the old client's
 * names stay, but the cataract path runs the cataract test only and the skin page's /predict_heart_disease runs
 * the skin model (the old client sent CT scans to /predict_cataract; the gate now refuses them with a 422).
 */
export const COMPAT_IMAGE_PREDICTIONS = {
  predict_cataract: 'cataract',
  predict_diabetic_retinopathy: 'diabetic-retinopathy',
  predict_heart_disease: 'skin',
} as const satisfies Record<string, ImageTestSlug>;

/**
 * POST /compat/predict_cataract, /predict_diabetic_retinopathy, /predict_heart_disease: multipart with the
 * picture in `file` (the legacy field; `image` is accepted too), answering `{ prediction: <top class label> }`.
 * Visitors get an answer and nothing is kept; with a session cookie the assessment and picture are saved to the
 * account (when the user has agreed to store health data), as /predict1-6 do.
 */
export async function imagingCompatRoutes(
  app: FastifyInstance,
  { imageAssessments }: { imageAssessments: ImageAssessmentService },
) {
  // Only the error handler: /compat's not-found handler belongs to compat.routes.ts (one per prefix).
  registerErrorHandling(
    { setErrorHandler: app.setErrorHandler.bind(app), setNotFoundHandler: () => app } as unknown as FastifyInstance,
    withLegacyMessage,
  );
  await registerImageUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [name, test] of Object.entries(COMPAT_IMAGE_PREDICTIONS)) {
    r.post(
      `/${name}`,
      {
        schema: {
          tags: ['compat'],
          summary: `The legacy ${name}: the ${getTest(test).name} test on one uploaded picture`,
          description:
            `multipart/form-data, the picture in the field "${COMPAT_IMAGE_UPLOAD_FIELD}". Answers prediction: the label ` +
            'of the most probable class (e.g. "Cataract", "Normal"). Saved to the account when signed in.',
          consumes: ['multipart/form-data'],
          response: {
            200: CompatImagePredictionResponseSchema,
            ...problemResponses([400, 403, 413, 415, 422, 503], CompatProblemSchema),
          },
        },
      },
      async (request) => {
        const bytes = await readImageUpload(request, COMPAT_IMAGE_UPLOAD_FIELD, [IMAGE_UPLOAD_FIELD]);
        const evaluation = await imageAssessments.evaluate(test, bytes, COMPAT_IMAGE_UPLOAD_FIELD);
        const user = await request.currentUser();
        if (user) {
          try {
            await imageAssessments.save(user.id, evaluation);
          } catch (err) {
            // Without consent to store health data the old client still gets its answer; nothing is kept.
            if (!(err instanceof AppError && (err.code as string) === 'consent_required')) throw err;
          }
        }
        return { prediction: evaluation.result.prediction };
      },
    );
  }
}
