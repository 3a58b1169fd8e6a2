import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { chatRoutes } from './chat.routes';
import { createChatService, type ChatService } from './chat.service';
import { chatMedicineSheets } from './medicine-sheets';
import type { ModelProvider } from './providers';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
  }
}

/** app.chat (decision 013); `provider` replaces the one config names (null: the offline assistant). */
export const chatService = servicePlugin<'chat', { provider?: ModelProvider | null }>(
  'chat',
  ['knowledge', 'consent', 'assessments'],
  (app, { provider }) =>
    createChatService({
      ...serviceDepsOf(app),
      config: app.config.chat,
      knowledge: app.knowledge,
      provider,
      medicineFacts: chatMedicineSheets(),
      // "Explain my heart test result": the user's own saved assessments, through the assessments service, with consent.
      myResults: {
        consent: app.consent,
        listAll: (userId, test) => app.assessments.listAll(userId, test),
      },
    }),
);

/** /api/chat/*. */
export const chatApi = routesPlugin('chat-routes', ['chat', 'session', 'rate-limit', 'errors'], chatRoutes, (app) => ({
  prefix: '/api/chat',
  chat: app.chat,
}));
