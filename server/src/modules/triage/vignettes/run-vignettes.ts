import type { TriageStepResponse } from '@medibuddy/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandling } from '../../../plugins/errors';
import { loadKnowledgeBase } from '../../../content/triage/knowledge-base';
import { triageRoutes } from '../triage.routes';
import { createTriageService } from '../triage.service';
import { answerFor, type Vignette, type VignetteRun } from './vignettes';

/**
 * The app the vignette sets run through: the triage routes with the same validation, serialisation and error
 * handling as buildApp and nothing else. Triage touches no database, and a thousand requests need not wait for one
 * (triage.int.test.ts checks the same routes inside the whole app). Used by vignettes.eval.test.ts and by
 * sets/triage/measure-outside-set.ts.
 */
export async function buildTriageApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(triageRoutes, { prefix: '/api/triage', triage: createTriageService() });
  await app.ready();
  return app;
}

const kinds = new Map(loadKnowledgeBase().features.map((f) => [f.id, f.kind]));

/**
 * One vignette through the API, each question answered from its facts (answerFor), with the answers given in order.
 * Throws on a step the API refuses or a session that ends without a result.
 */
export async function runVignette(
  app: FastifyInstance,
  v: Vignette,
): Promise<VignetteRun & { answers: TriageStepResponse['session']['answers'] }> {
  const { complaint, profile } = v;
  let res = await app.inject({ method: 'POST', url: '/api/triage/sessions', payload: { ...profile, complaint } });
  let body = res.json<TriageStepResponse>();
  while (body.question) {
    const answer = answerFor(v, body.question.id, kinds.get(body.question.id));
    res = await app.inject({
      method: 'POST',
      url: '/api/triage/sessions/answers',
      payload: { session: body.session, questionId: body.question.id, answer },
    });
    if (res.statusCode !== 200) throw new Error(`${v.id}: ${res.statusCode} ${res.body}`);
    body = res.json<TriageStepResponse>();
  }
  if (!body.result) throw new Error(`${v.id}: no result`);
  const answers = body.session.answers;
  return { vignette: v, result: body.result, questions: answers.length, answers };
}
