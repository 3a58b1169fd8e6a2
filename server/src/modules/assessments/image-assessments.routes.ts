import multipart from '@fastify/multipart';
import {
  AssessmentIdSchema,
  AssessmentResponseSchema,
  getTest,
  IMAGE_MAX_BYTES,
  IMAGE_NEEDED_BY_TEST,
  IMAGE_TEST_SLUGS,
  IMAGE_UPLOAD_FIELD,
  SKIN_CHECKLIST_ANSWERS,
  SKIN_CHECKLIST_FIELD_PREFIX,
  SkinChecklistSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import { readUploadedFile, readUploadedFileAndFields, type UploadRules } from '../../plugins/uploads';
import { languageOfRequest, requireUserToRun } from './assessments.routes';
import type { ImageAssessmentService } from './image-assessments.service';
import { imageTooLarge } from './image-input';
import { publicSkinChecklistIn, readChecklistFields, SKIN_CHECKLIST_TEST } from './skin-checklist';

/** Accepts one multipart file of at most 10 MB in the scope that calls it. */
export async function registerImageUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 20 },
  });
}

/**
 * The bytes of the one file of a multipart request, in `field` (the compat API also takes the other name
 * in `alsoAccepted`), or a 4xx problem that names the field: 415 not multipart, 400 no file, 413 over 10 MB.
 */
export async function readImageUpload(
  request: FastifyRequest,
  field: string,
  alsoAccepted: string[] = [],
): Promise<Buffer> {
  return readUploadedFile(request, imageUploadRules(field, alsoAccepted));
}

function imageUploadRules(field: string, alsoAccepted: string[] = []): UploadRules {
  return {
    field,
    alsoAccepted,
    notMultipart: `Send the image as multipart/form-data in the field "${field}".`,
    missing: `Choose an image to upload (JPEG, PNG or WebP, up to 10 MB) in the field "${field}".`,
    tooLarge: () => imageTooLarge(field),
  };
}

const CHECKLIST_DESCRIPTION =
  ` The skin test also takes NICE's weighted 7-point checklist beside the picture: text fields ` +
  `"${SKIN_CHECKLIST_FIELD_PREFIX}<item key>" (the keys: GET /api/assessments/skin/checklist), each ` +
  `${SKIN_CHECKLIST_ANSWERS.join(' | ')}, all optional ("not_sure" is not counted). A score at or above its threshold leads the result with its ` +
  'referral step; a bad field is a 400 naming it and its rule, and nothing is saved.';

/**
 * POST /api/assessments/{skin,diabetic-retinopathy,ct-scan,cataract}: one picture in, a saved assessment out
 * (signed in, as the clinical tests). GET /api/assessments/:id/image: the kept picture, to its owner only.
 */
export async function imageAssessmentRoutes(
  app: FastifyInstance,
  { imageAssessments }: { imageAssessments: ImageAssessmentService },
) {
  await registerImageUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assessments'];

  for (const test of IMAGE_TEST_SLUGS) {
    r.post(
      `/${test}`,
      {
        onRequest: requireUserToRun,
        schema: {
          tags,
          summary: `Run the ${getTest(test).name} test on one picture and save the result`,
          description:
            `multipart/form-data with one file in the field "${IMAGE_UPLOAD_FIELD}": JPEG, PNG or WebP up to 10 MB and ` +
            `40 megapixels, checked by decoding it. ${IMAGE_NEEDED_BY_TEST[test]} A picture of another kind, a blank or a ` +
            'very dark one is refused with 422. The picture is kept with the assessment (re-encoded, metadata removed).' +
            (test === SKIN_CHECKLIST_TEST ? CHECKLIST_DESCRIPTION : ''),
          consumes: ['multipart/form-data'],
          response: { 201: AssessmentResponseSchema, ...problemResponses([400, 401, 403, 409, 413, 415, 422, 503]) },
        },
      },
      async (request, reply) => {
        const userId = await request.requireUserId();
        const { bytes, fields } = await readUploadedFileAndFields(request, imageUploadRules(IMAGE_UPLOAD_FIELD));
        // Checked before the picture is read or anything kept: a bad answer saves nothing.
        const checklist = readChecklistFields(test, fields);
        const response = await imageAssessments.create(
          userId,
          test,
          bytes,
          IMAGE_UPLOAD_FIELD,
          checklist,
          languageOfRequest(request),
        );
        return reply.status(201).header('location', `/api/assessments/${response.assessment.id}`).send(response);
      },
    );
  }

  r.get(
    `/${SKIN_CHECKLIST_TEST}/checklist`,
    {
      schema: {
        tags,
        summary: "The skin test's questions beside the picture: NICE's weighted 7-point checklist",
        description:
          'The items (key, points, question, help), the threshold (a score at or above it leads the result with ' +
          'the suspected cancer pathway referral step) and their sources. Public; the same for everyone who asks ' +
          'in the same language (Accept-Language: the words in Hindi for hi).',
        response: { 200: SkinChecklistSchema },
      },
    },
    async (request, reply) => {
      const vary = reply.getHeader('vary');
      return reply
        .header('cache-control', 'public, max-age=3600')
        .header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language')
        .send(publicSkinChecklistIn(languageOfRequest(request)));
    },
  );

  r.get(
    '/:id/image',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The picture kept with one of your image assessments (WebP)',
        description: 'Answers image/webp; 400 for a malformed id, 401 signed out, 404 for anything not yours.',
        params: z.object({ id: AssessmentIdSchema }),
      },
    },
    async (request, reply) => {
      const bytes = await imageAssessments.readImage(await request.requireUserId(), request.params.id);
      if (!bytes) throw new AppError('not_found', 'There is no picture kept with this assessment in your account.');
      return (
        reply
          .header('content-type', 'image/webp')
          // A health picture: never in a shared cache; the browser may keep it for the session's visits.
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(bytes)
      );
    },
  );
}
