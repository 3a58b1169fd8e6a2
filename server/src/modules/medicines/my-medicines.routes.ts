import {
  AddMyMedicineRequestSchema,
  MyMedicineIdParamsSchema,
  MyMedicinesResponseSchema,
  SetMyMedicinesPersonRequestSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import type { MyMedicinesService } from './my-medicines';

/**
 * "My medicines" for a signed-in user: every answer is the whole list with its check, so the page shows the
 * check of the list as it now is. Adding needs the health-data consent (409 consent_required).
 */
export async function myMedicinesRoutes(app: FastifyInstance, { myMedicines }: { myMedicines: MyMedicinesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['medicines'];
  const signedIn = { onRequest: requireUser };

  r.get(
    '/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your medicines, checked together',
        response: { 200: MyMedicinesResponseSchema, ...problemResponses([401]) },
      },
    },
    async (request) => myMedicines.list((await request.requireUser()).id),
  );

  r.post(
    '/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Add a medicine (a catalogue product or active ingredients) and check the list again',
        body: AddMyMedicineRequestSchema,
        response: { 200: MyMedicinesResponseSchema, ...problemResponses([400, 401, 403, 409]) },
      },
    },
    async (request) => myMedicines.add((await request.requireUser()).id, request.body),
  );

  r.delete(
    '/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Remove a medicine and check the list again',
        params: MyMedicineIdParamsSchema,
        response: { 200: MyMedicinesResponseSchema, ...problemResponses([400, 401, 403, 404]) },
      },
    },
    async (request) => myMedicines.remove((await request.requireUser()).id, request.params.id),
  );

  r.put(
    '/person',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Who the medicines are for (age, pregnancy, breastfeeding), or null to clear it',
        body: SetMyMedicinesPersonRequestSchema,
        response: { 200: MyMedicinesResponseSchema, ...problemResponses([400, 401, 403, 409]) },
      },
    },
    async (request) => myMedicines.setPerson((await request.requireUser()).id, request.body.person),
  );
}
