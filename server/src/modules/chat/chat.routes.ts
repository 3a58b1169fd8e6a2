import {
  ChatMessageRequestSchema,
  ChatSettingsSchema,
  ConversationIdParamsSchema,
  ConversationListSchema,
  ConversationSchema,
  DeletedCountSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import type { ChatService, StoredMessage } from './chat.service';

const iso = (d: Date) => d.toISOString();
const summary = (c: { id: string; title: string; createdAt: Date; updatedAt: Date }) => ({
  id: c.id,
  title: c.title,
  createdAt: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
});
const message = (m: StoredMessage) => ({ ...m, createdAt: iso(m.createdAt) });

/** One server-sent event. */
function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * MediBuddy chat. Visitors may ask (nothing is stored for them); signed-in users' conversations are stored and
 * only ever visible to them. Chat text travels in bodies and is never logged (docs/decisions).
 */
export async function chatRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];

  r.post(
    '/messages',
    {
      onRequest: app.limiters.chat.byIp,
      schema: {
        tags,
        summary: 'Ask MediBuddy; the reply streams back as server-sent events',
        description:
          'Answers text/event-stream: `piece` {text} events (markdown), possibly `notice` {text} and `reset` {} when a model provider failed and the offline assistant answers, then `sources` {sources} and `done` {conversationId, messageId, kind, provider}. Red-flag messages get the emergency answer and never reach a model.',
        body: ChatMessageRequestSchema,
        response: { 200: z.string().describe('text/event-stream'), ...problemResponses([400, 401, 403, 404, 429]) },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const userId = user?.id ?? null;
      // Problems found before the stream starts are ordinary problem+json answers.
      await chat.checkConversation(userId, request.body.conversationId);

      const clientGone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) clientGone.abort();
      });
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
      });
      const write = (event: string, data: unknown) => {
        if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(sse(event, data));
      };
      try {
        const result = await chat.reply(
          userId,
          request.body,
          {
            piece: (text) => write('piece', { text }),
            notice: (text) => write('notice', { text }),
            reset: () => write('reset', {}),
          },
          clientGone.signal,
        );
        write('sources', { sources: result.sources });
        write('done', {
          conversationId: result.conversationId,
          messageId: result.messageId,
          kind: result.kind,
          provider: result.provider,
          helplineFirst: result.helplineFirst === true,
        });
      } catch (error) {
        // Not the error itself: a database error's message can quote the query's parameters, the chat text among them.
        request.log.error(
          { errorName: (error as Error)?.name, errorCode: (error as { code?: unknown })?.code },
          'chat reply failed',
        );
        write('error', { text: 'MediBuddy could not answer just now. Please try again in a moment.' });
      } finally {
        reply.raw.end();
      }
    },
  );

  r.get(
    '/conversations',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The user's conversations, newest first",
        response: { 200: ConversationListSchema, ...problemResponses([401]) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { conversations } = await chat.list(user.id);
      return { conversations: conversations.map(summary) };
    },
  );

  r.get(
    '/conversations/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'One of the user’s conversations with its messages',
        params: ConversationIdParamsSchema,
        response: { 200: ConversationSchema, ...problemResponses([400, 401, 404]) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const c = await chat.get(user.id, request.params.id);
      return { ...summary(c), messages: c.messages.map(message) };
    },
  );

  r.delete(
    '/conversations/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Deletes one of the user’s conversations',
        params: ConversationIdParamsSchema,
        response: { 204: z.null(), ...problemResponses([400, 401, 403, 404]) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await chat.remove(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/conversations',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Deletes all of the user’s conversations',
        response: { 200: DeletedCountSchema, ...problemResponses([401, 403]) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return chat.removeAll(user.id);
    },
  );

  r.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Who answers (never a key) and the knowledge it answers from',
        response: { 200: ChatSettingsSchema },
      },
    },
    async () => chat.settings(),
  );
}
