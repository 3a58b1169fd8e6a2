import {
  AssessmentResponseSchema,
  AssessmentSchema,
  DiseaseContentSchema,
  ResultNoticesSchema,
  type AssessmentResponse,
} from '@medibuddy/contracts';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The result page's JSON, written as the zod serializer writes it (every part checked against its schema, unknown
 * fields dropped, the same bytes), but the fixed parts, the disease-content entries and the notices (the same few
 * shared objects in every response: `result-page.ts`), are checked and written once each and then reused. They were
 * most of the checking's cost (2.6 of 7.7 kB, the largest share of a save's CPU in `npm run bench`).
 */
type FixedPart = typeof DiseaseContentSchema | typeof ResultNoticesSchema;
const fixedJson = new Map<FixedPart, WeakMap<object, string>>([
  [DiseaseContentSchema, new WeakMap()],
  [ResultNoticesSchema, new WeakMap()],
]);

function fixedPartJson(schema: FixedPart, part: unknown, fail: (cause: z.ZodError) => never): string {
  const known = fixedJson.get(schema)!;
  const isObject = typeof part === 'object' && part !== null;
  const cached = isObject ? known.get(part) : undefined;
  if (cached !== undefined) return cached;
  const encoded = schema.safeEncode(part as never);
  if (encoded.error) fail(encoded.error);
  const json = JSON.stringify(encoded.data);
  if (isObject) known.set(part, json);
  return json;
}

type SerializerRoute = Parameters<typeof serializerCompiler>[0];

export function writeAssessmentResponse(method: string, url: string): (data: AssessmentResponse) => string {
  const writeWhole = serializerCompiler({ schema: AssessmentResponseSchema, method, url } as SerializerRoute);
  const fail = (cause: z.ZodError): never => {
    throw new ResponseSerializationError(method, url, { cause });
  };
  return (data) => {
    // Anything but the expected three parts: the whole check, and its error.
    if (typeof data !== 'object' || data === null || !Array.isArray(data.content)) return writeWhole(data);
    const assessment = AssessmentSchema.safeEncode(data.assessment);
    if (assessment.error) fail(assessment.error);
    const content = data.content.map((entry) => fixedPartJson(DiseaseContentSchema, entry, fail)).join(',');
    const notices = fixedPartJson(ResultNoticesSchema, data.notices, fail);
    return `{"assessment":${JSON.stringify(assessment.data)},"content":[${content}],"notices":${notices}}`;
  };
}

/** A route's serializer: its AssessmentResponse answer as above, anything else (problems) as every route's. */
export const assessmentRouteSerializer: FastifySerializerCompiler<unknown> = (route) =>
  route.schema === AssessmentResponseSchema
    ? (writeAssessmentResponse(route.method, route.url) as (data: unknown) => string)
    : serializerCompiler(route as SerializerRoute);
