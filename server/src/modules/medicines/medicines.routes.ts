import {
  MedicineCheckRequestSchema,
  MedicineCheckResponseSchema,
  RecommendationsRequestSchema,
  RecommendationsResponseSchema,
  SymptomSuggestionsQuerySchema,
  SymptomSuggestionsResponseSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses } from '../../plugins/errors';
import type { MedicinesService } from './medicines.service';

/**
 * Medicines by symptom. Open to visitors: it is information, nothing is stored, and a red-flag symptom is
 * answered with an emergency notice whoever asks (docs/decisions/008-medicines.md).
 */
export async function medicinesRoutes(app: FastifyInstance, { medicines }: { medicines: MedicinesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['medicines'];

  r.get(
    '/symptoms',
    {
      // The request line carries what the user is typing (?q=…): keep it out of the request logs.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Symptom names for a partly typed symptom',
        querystring: SymptomSuggestionsQuerySchema,
        response: { 200: SymptomSuggestionsResponseSchema, ...problemResponses([400]) },
      },
    },
    async (request) => medicines.suggestSymptoms(request.query.q),
  );

  r.post(
    '/recommendations',
    {
      schema: {
        tags,
        summary:
          'Self-care guidance and the medicines suitable for the person that treat the symptoms, or an emergency notice',
        description:
          'Information only, not medical advice. Only over-the-counter products whose ingredients treat the complaint and suit the person (age, pregnancy, breastfeeding) are listed, each with its dose; unsuitable ones are named with the reason, prescription-only ones under "a doctor may prescribe".',
        body: RecommendationsRequestSchema,
        response: { 200: RecommendationsResponseSchema, ...problemResponses([400, 403]) },
      },
    },
    async (request) => {
      const { symptoms, person, medicines: taken, conditions, country } = request.body;
      const { results, ...rest } = await medicines.recommend(symptoms, person, {
        medicines: taken,
        conditions,
        country,
      });
      // The product photo's address stays out of this API: the browser must not contact a third-party CDN.
      return { ...rest, results: results.map(({ imageUrl: _imageUrl, ...result }) => result) };
    },
  );

  r.post(
    '/check',
    {
      schema: {
        tags,
        summary:
          'Check a typed list of medicines together: duplicate ingredients, daily totals, age and pregnancy, interactions',
        description: 'Open to visitors; nothing is stored.',
        body: MedicineCheckRequestSchema,
        response: { 200: MedicineCheckResponseSchema, ...problemResponses([400, 403]) },
      },
    },
    async (request) => medicines.check(request.body),
  );
}
