import {
  AssessmentIdSchema,
  AssessmentListResponseSchema,
  AssessmentResponseSchema,
  CLINICAL_TEST_SLUGS,
  CREATE_ASSESSMENT_REQUEST_SCHEMAS,
  getTest,
  IMAGE_TEST_SLUGS,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import { normalisedValuesError, type AssessmentInputs, type AssessmentService } from './assessments.service';
import { assessmentRouteSerializer } from './response-writer';

export const SIGN_IN_TO_RUN_MESSAGE = 'Please sign in to run a test.';

/** 401 before the body is read, with the sentence the forms show (the session only: a save needs no user row). */
export async function requireUserToRun(request: FastifyRequest): Promise<void> {
  if (!(await request.currentUserId())) throw new AppError('unauthenticated', SIGN_IN_TO_RUN_MESSAGE);
}

/** Blood-test bodies in 0-1 scaled values get one message naming the scaled fields, not 17 range errors. */
async function refuseScaledBloodValues(request: FastifyRequest): Promise<void> {
  const inputs = (request.body as { inputs?: unknown } | undefined)?.inputs;
  const error = normalisedValuesError(inputs, (key) => `inputs.${key}`);
  if (error) throw error;
}

export async function assessmentRoutes(app: FastifyInstance, { assessments }: { assessments: AssessmentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assessments'];

  // One route per test, so each body is validated, and documented, by its own form schema.
  for (const test of CLINICAL_TEST_SLUGS) {
    r.post(
      `/${test}`,
      {
        onRequest: requireUserToRun,
        ...(test === 'blood-test' ? { preValidation: refuseScaledBloodValues } : {}),
        serializerCompiler: assessmentRouteSerializer,
        schema: {
          tags,
          summary: `Run the ${getTest(test).name} test and save the result`,
          description:
            'inputs holds every field of CLINICAL_FORMS[test] (contracts), as numbers; null where the field allows "not measured".',
          body: CREATE_ASSESSMENT_REQUEST_SCHEMAS[test],
          response: { 201: AssessmentResponseSchema, ...problemResponses([400, 401, 403, 503]) },
        },
      },
      async (request, reply) => {
        const userId = await request.requireUserId();
        const body = request.body as { inputs: AssessmentInputs };
        const response = await assessments.create(userId, test, body.inputs);
        return reply.status(201).header('location', `/api/assessments/${response.assessment.id}`).send(response);
      },
    );
  }

  r.post(
    '/:test',
    {
      schema: {
        tags,
        summary: 'Any other test name: 404',
        params: z.object({ test: z.string() }),
        response: problemResponses([404]),
      },
    },
    async (request) => {
      throw new AppError(
        'not_found',
        `There is no test "${request.params.test}". The tests are: ${[...CLINICAL_TEST_SLUGS, ...IMAGE_TEST_SLUGS].join(', ')}.`,
      );
    },
  );

  r.get(
    '/:id',
    {
      onRequest: requireUser,
      serializerCompiler: assessmentRouteSerializer,
      schema: {
        tags,
        summary: 'One of your saved assessments, with what its result page shows',
        params: z.object({ id: AssessmentIdSchema }),
        response: { 200: AssessmentResponseSchema, ...problemResponses([400, 401, 404]) },
      },
    },
    async (request) => assessments.get(await request.requireUserId(), request.params.id),
  );

  r.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: `Your saved assessments, newest first (at most 50)`,
        response: { 200: AssessmentListResponseSchema, ...problemResponses([401]) },
      },
    },
    async (request) => ({ assessments: await assessments.list(await request.requireUserId()) }),
  );
}

export type { ClinicalTestSlug };
