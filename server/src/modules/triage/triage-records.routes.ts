import { TriageSaveRequestSchema, TriageSavedListSchema, TriageSavedSchema } from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import type { TriageRecords } from './triage-records';

export async function triageRecordRoutes(app: FastifyInstance, { triageRecords }: { triageRecords: TriageRecords }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['triage'];
  r.post(
    '/saved',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Keep a finished symptom check in your health record (needs the health-data consent)',
        description:
          'The result is computed again from the session; 409 consent_required without consent, and nothing is stored.',
        body: TriageSaveRequestSchema,
        response: { 201: TriageSavedSchema, ...problemResponses([400, 401, 403, 409]) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await triageRecords.save(user.id, request.body.session));
    },
  );
  r.get(
    '/saved',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Your kept symptom checks, newest first',
        response: { 200: TriageSavedListSchema, ...problemResponses([401]) },
      },
    },
    async (request) => ({ items: await triageRecords.list((await request.requireUser()).id) }),
  );
}
