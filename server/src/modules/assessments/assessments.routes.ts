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
import { languageOfAcceptLanguage } from '../../locales/texts';
import { AppError, problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import { normalisedValuesError, type AssessmentInputs, type AssessmentService } from './assessments.service';
import { readRequestUnits, type EnteredUnits } from './entered-units';
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

/**
 * The language a result is said in: the request's Accept-Language (decision 039; 'hi', 'hi-IN' are Hindi). The
 * stored result stays English; a Hindi page is built from it (result-language.ts).
 */
export const languageOfRequest = (request: FastifyRequest) =>
  languageOfAcceptLanguage(request.headers['accept-language']);

/** What each request entered in another unit, read before validation (decision 030). */
const enteredByRequest = new WeakMap<FastifyRequest, EnteredUnits>();

/** Values sent as `{ value, unit }` become numbers in the field's unit before the form's schema checks them. */
function readUnitsOf(test: ClinicalTestSlug) {
  return async (request: FastifyRequest): Promise<void> => {
    if (test === 'blood-test') await refuseScaledBloodValues(request);
    enteredByRequest.set(request, readRequestUnits(test, request.body));
  };
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
        preValidation: readUnitsOf(test),
        serializerCompiler: assessmentRouteSerializer,
        schema: {
          tags,
          summary: `Run the ${getTest(test).name} test and save the result`,
          description:
            'inputs holds every field of CLINICAL_FORMS[test] (contracts), as numbers in the field\'s unit; null where the field allows "not measured". A field with an `analyte` also takes `{ value, unit, confirmed? }` in any unit of content/lab-units.json (decision 030). A value unlikely in its unit but likely in another is answered 422 unit_check with the choices, unless confirmed.',
          body: CREATE_ASSESSMENT_REQUEST_SCHEMAS[test],
          response: { 201: AssessmentResponseSchema, ...problemResponses([400, 401, 403, 422, 503]) },
        },
      },
      async (request, reply) => {
        const userId = await request.requireUserId();
        const body = request.body as { inputs: AssessmentInputs };
        const response = await assessments.create(
          userId,
          test,
          body.inputs,
          enteredByRequest.get(request),
          languageOfRequest(request),
        );
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
    async (request) => assessments.get(await request.requireUserId(), request.params.id, languageOfRequest(request)),
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
    async (request) => ({
      assessments: await assessments.list(await request.requireUserId(), languageOfRequest(request)),
    }),
  );
}

export type { ClinicalTestSlug };
