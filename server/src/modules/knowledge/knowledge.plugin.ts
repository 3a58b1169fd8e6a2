import { servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { createKnowledgeService, type KnowledgeService } from './knowledge.service';

declare module 'fastify' {
  interface FastifyInstance {
    knowledge: KnowledgeService;
  }
}

/** app.knowledge: the passages the chat searches, our own content seeded at start (decision 013). */
export const knowledgeService = servicePlugin('knowledge', [], async (app) => {
  const knowledge = createKnowledgeService(serviceDepsOf(app));
  await knowledge.seedOwnContent();
  return knowledge;
});
