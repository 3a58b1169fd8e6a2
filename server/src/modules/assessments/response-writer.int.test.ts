import { AssessmentResponseSchema, CLINICAL_TEST_SLUGS } from '@medibuddy/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { buildTestApp, signUp, type TestAccount, type TestApp } from '../../../test/helper';
import { writeAssessmentResponse } from './response-writer';

/** The result page's JSON must come out exactly as the zod serializer wrote it, reused content included. */
describe('writeAssessmentResponse', () => {
  let app: TestApp;
  let alice: TestAccount;
  const responses: Record<string, unknown>[] = [];
  const writeByZod = serializerCompiler({ schema: AssessmentResponseSchema, method: 'POST', url: '/x' } as never) as (
    d: unknown,
  ) => string;
  const write = writeAssessmentResponse('POST', '/x') as (d: unknown) => string;

  beforeAll(async () => {
    app = await buildTestApp();
    alice = await signUp(app, { name: 'Alice' });
    for (const test of CLINICAL_TEST_SLUGS) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/assessments/${test}`,
        payload: { inputs: VALID_INPUTS[test] },
        headers: { cookie: alice.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      responses.push(res.json());
    }
  });
  afterAll(() => app.close());

  it("writes every test's answer byte for byte as the zod serializer does", () => {
    for (const response of responses) expect(write(response)).toBe(writeByZod(response));
  });

  it('drops fields the schema does not name, in the assessment, the content (written once, then reused) and the notices', () => {
    const [first] = responses as {
      assessment: Record<string, unknown>;
      content: Record<string, unknown>[];
      notices: Record<string, unknown>;
    }[];
    const entry = { ...first!.content[0], internalNote: 'internal-source-id' };
    const padded = {
      ...first,
      assessment: { ...first!.assessment, userId: 'someone' },
      content: [entry],
      notices: { ...first!.notices, draft: 'x' },
    };
    for (let i = 0; i < 2; i += 1) {
      const out = write(padded);
      expect(out).toBe(writeByZod(padded));
      expect(out).not.toMatch(/someone|internal-source-id|draft/);
    }
  });

  it('refuses an answer that breaks the schema, as the zod serializer does', () => {
    const [first] = responses as { assessment: Record<string, unknown>; content: Record<string, unknown>[] }[];
    const badAssessment = { ...first, assessment: { ...first!.assessment, id: 42 } };
    const badContent = { ...first, content: [{ ...first!.content[0], title: undefined }] };
    for (const bad of [badAssessment, badContent, null, { assessment: first!.assessment }]) {
      expect(() => writeByZod(bad)).toThrow();
      expect(() => write(bad)).toThrow(/Response doesn't match the schema/);
    }
  });
});
