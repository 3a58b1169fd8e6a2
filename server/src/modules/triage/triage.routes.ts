import { TriageStartRequestSchema, TriageStepRequestSchema, TriageStepResponseSchema } from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses } from '../../plugins/errors';
import type { TriageService } from './triage.service';

const STATELESS =
  'Stateless: the response carries the whole session (profile, complaint, answers); send it back with the next answer. Nothing is stored.';

export async function triageRoutes(app: FastifyInstance, { triage }: { triage: TriageService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sessions',
    {
      schema: {
        tags: ['triage'],
        summary: "Start a symptom assessment: age, sex, pregnancy and the complaint in the person's own words",
        description: `Answers with the first question, or at once with the result when the complaint is an emergency. ${STATELESS}`,
        body: TriageStartRequestSchema,
        response: { 200: TriageStepResponseSchema, ...problemResponses([400, 403]) },
      },
    },
    async (request) => triage.start(request.body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sessions/answers',
    {
      schema: {
        tags: ['triage'],
        summary: 'Answer the current question (yes, no or dont_know) and get the next question or the result',
        description: STATELESS,
        body: TriageStepRequestSchema,
        response: { 200: TriageStepResponseSchema, ...problemResponses([400, 403]) },
      },
    },
    async (request) => triage.answer(request.body.session, request.body.questionId, request.body.answer),
  );
}
