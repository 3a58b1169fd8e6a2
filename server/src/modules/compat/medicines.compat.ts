import {
  CompatProblemSchema,
  CompatRecommendRequestSchema,
  CompatRecommendResponseSchema,
  SALE_CLASS_LABELS,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemResponses, registerErrorHandling, type ProblemShaper } from '../../plugins/errors';
import type { MedicinesService } from '../medicines';

/** As in compat.routes.ts: the legacy client toasts `message` or `error`, so errors carry the detail in both. */
const withLegacyMessage: ProblemShaper = (problem) => ({ ...problem, message: problem.detail, error: problem.detail });

/**
 * POST /compat/recommend_medicines (docs/product.md#compat-api): {symptoms} → {recommended_medicines}
 * with the legacy item fields, on the same service as /api/medicines, so the same products are left out:
 * unsuitable for the person (an optional `person`, else an adult), prescription only, or not a treatment for
 * the complaint. Red-flag symptoms answer an empty list and the emergency notice in `emergency`. Open to
 * visitors, as in the main API.
 */
export async function medicinesCompatRoutes(app: FastifyInstance, { medicines }: { medicines: MedicinesService }) {
  // Only the error handler: /compat's not-found handler belongs to compat.routes.ts (one per prefix).
  registerErrorHandling(
    { setErrorHandler: app.setErrorHandler.bind(app), setNotFoundHandler: () => app } as unknown as FastifyInstance,
    withLegacyMessage,
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/recommend_medicines',
    {
      schema: {
        tags: ['compat'],
        body: CompatRecommendRequestSchema,
        response: { 200: CompatRecommendResponseSchema, ...problemResponses([400, 403], CompatProblemSchema) },
      },
    },
    async (request) => {
      // The legacy client sends words only: the service reads who it is for from them ("my child has a fever").
      const { emergency, results, message, assumption } = await medicines.recommend(
        request.body.symptoms,
        request.body.person,
      );
      return {
        recommended_medicines: results.map((m) => ({
          'Medicine Name': m.name,
          Composition: m.composition,
          Uses: m.uses,
          Side_effects: m.sideEffects,
          Manufacturer: m.manufacturer,
          'Image URL': m.imageUrl,
          Prescription: SALE_CLASS_LABELS[m.saleClass],
        })),
        emergency,
        ...(message ? { message } : {}),
        ...(assumption ? { assumption } : {}),
      };
    },
  );
}
