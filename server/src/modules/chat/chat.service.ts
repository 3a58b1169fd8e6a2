import { emergencyNoticeFor, type ChatProvider, type ChatSource, type ReplyKind } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import { createChatRepository, type StoredMessage } from './chat.repository';
import {
  BLOCKED_NOTICE,
  FALLBACK_NOTICE,
  NO_SOURCE_ANSWER,
  offlineAnswerPieces,
  pickPassages,
  sourceOf,
  systemPrompt,
} from './compose';
import { emergencyAnswer } from './emergency-answer';
import { createProvider, ProviderBlockedError, type ModelProvider, type Turn } from './providers';

/** Earlier messages of a conversation a model provider sees. */
const HISTORY_TURNS = 10;
const CONVERSATIONS_LISTED = 100;

/** Where a reply goes as it is produced (the route writes server-sent events). */
export type ReplySink = {
  piece(text: string): void;
  notice(text: string): void;
  reset(): void;
};

export type ReplyResult = {
  text: string;
  kind: ReplyKind;
  provider: ChatProvider;
  sources: ChatSource[];
  notice: string | null;
  conversationId: string | null;
  messageId: string | null;
};

export const NOT_FOUND_DETAIL = 'This conversation was not found. It may have been deleted; start a new chat.';

export function createChatService({
  db,
  log,
  config,
  knowledge,
  provider = createProvider(config),
}: {
  db: Db;
  log: FastifyBaseLogger;
  config: ChatConfig;
  knowledge: KnowledgeService;
  provider?: ModelProvider | null;
}) {
  const repo = createChatRepository(db);

  /** Streams a provider's answer; on failure, timeout or a block, says why in the log and returns null. */
  async function fromProvider(
    p: ModelProvider,
    input: { system: string; history: Turn[]; prompt: string },
    sink: ReplySink,
    clientGone: AbortSignal,
  ): Promise<{ text: string } | { failure: 'blocked' | 'error' | 'timeout' }> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = AbortSignal.any([timeout, clientGone]);
    let text = '';
    const started = performance.now();
    try {
      for await (const piece of p.stream({ ...input, signal })) {
        if (signal.aborted) throw signal.reason;
        text += piece;
        sink.piece(piece);
      }
      if (signal.aborted) throw signal.reason;
      if (text.trim() === '') throw new Error('empty reply');
      log.info({ provider: p.name, model: p.model, ms: Math.round(performance.now() - started) }, 'chat reply from model');
      return { text };
    } catch (error) {
      const failure = error instanceof ProviderBlockedError ? 'blocked' : timeout.aborted ? 'timeout' : 'error';
      // The error's message can quote the request; log its kind only.
      log.warn(
        { provider: p.name, model: p.model, failure, error: (error as Error)?.name, ms: Math.round(performance.now() - started) },
        'chat model failed; the offline assistant answers',
      );
      if (text !== '') sink.reset();
      return { failure };
    }
  }

  return {
    settings: async () => ({
      provider: config.provider,
      model: config.model,
      knowledge: await knowledge.countBySource(),
    }),

    /** Checks, before the stream starts, that a conversation to continue is the user's. */
    async checkConversation(userId: string | null, conversationId: string | undefined): Promise<void> {
      if (conversationId === undefined) return;
      if (userId === null) throw new AppError('unauthenticated', 'Please sign in to continue a saved conversation.');
      if (!(await repo.findConversation(userId, conversationId))) throw new AppError('not_found', NOT_FOUND_DETAIL);
    },

    /**
     * Answers a message: the red-flag check first (an emergency never reaches a model), then the passages, then
     * the model provider if one is configured (the offline assistant if it fails), and stores the exchange for a
     * signed-in user. The text is never logged.
     */
    async reply(
      userId: string | null,
      request: { conversationId?: string; text: string; country?: string },
      sink: ReplySink,
      clientGone: AbortSignal,
    ): Promise<ReplyResult> {
      const receivedAt = new Date();
      const started = performance.now();
      let result: Omit<ReplyResult, 'conversationId' | 'messageId'>;

      const emergency = emergencyNoticeFor(request.text);
      if (emergency) {
        // Crisis and emergencies are answered here, before retrieval and before any model provider sees the text.
        const { text, sources } = emergencyAnswer(emergency, request.country);
        sink.piece(text);
        result = { text, kind: 'emergency', provider: 'offline', sources, notice: null };
        log.info({ redFlags: emergency.flags.map((f) => f.id) }, 'chat answered with the emergency answer');
      } else {
        const earlier =
          request.conversationId && userId ? (await repo.listMessages(request.conversationId)).slice(-HISTORY_TURNS) : [];
        let passages = pickPassages(await knowledge.search(request.text));
        // A follow-up ("How is it treated?") names no topic: search it with the conversation's last prompt.
        const lastPrompt = earlier.filter((m) => m.role === 'user').at(-1)?.text;
        if (passages.length === 0 && lastPrompt) passages = pickPassages(await knowledge.search(`${lastPrompt} ${request.text}`));
        const sources = passages.map(sourceOf);
        if (passages.length === 0) {
          sink.piece(NO_SOURCE_ANSWER);
          result = { text: NO_SOURCE_ANSWER, kind: 'no_source', provider: 'offline', sources: [], notice: null };
        } else {
          let answered: { text: string; provider: ChatProvider; notice: string | null } | null = null;
          if (provider) {
            // A crisis or emergency exchange earlier in the conversation never goes to a model either.
            const history = earlier
              .filter((m) => m.kind !== 'emergency' && !emergencyNoticeFor(m.text))
              .map((m: StoredMessage) => ({ role: m.role, text: m.text }));
            const outcome = await fromProvider(provider, { system: systemPrompt(passages), history, prompt: request.text }, sink, clientGone);
            if ('text' in outcome) answered = { text: outcome.text, provider: provider.name, notice: null };
            else {
              const notice = outcome.failure === 'blocked' ? BLOCKED_NOTICE : FALLBACK_NOTICE;
              sink.notice(notice);
              answered = null;
              const pieces = offlineAnswerPieces(passages);
              for (const piece of pieces) sink.piece(piece);
              answered = { text: pieces.join(''), provider: 'offline', notice };
            }
          } else {
            const pieces = offlineAnswerPieces(passages);
            for (const piece of pieces) sink.piece(piece);
            answered = { text: pieces.join(''), provider: 'offline', notice: null };
          }
          result = { ...answered, kind: 'answer', sources };
        }
      }

      let ids: { conversationId: string | null; messageId: string | null } = { conversationId: null, messageId: null };
      if (userId && !clientGone.aborted) {
        ids = await repo.saveExchange({
          userId,
          conversationId: request.conversationId ?? null,
          prompt: { text: request.text, at: receivedAt },
          reply: { ...result, at: new Date(Math.max(Date.now(), receivedAt.getTime() + 1)) },
        });
      }
      log.info(
        { kind: result.kind, provider: result.provider, sources: result.sources.length, ms: Math.round(performance.now() - started), conversationId: ids.conversationId },
        'chat reply',
      );
      return { ...result, ...ids };
    },

    async list(userId: string) {
      return { conversations: await repo.listConversations(userId, CONVERSATIONS_LISTED) };
    },

    async get(userId: string, id: string) {
      const conversation = await repo.findConversation(userId, id);
      if (!conversation) throw new AppError('not_found', NOT_FOUND_DETAIL);
      return { ...conversation, messages: await repo.listMessages(id) };
    },

    async remove(userId: string, id: string) {
      if (!(await repo.deleteConversation(userId, id))) throw new AppError('not_found', NOT_FOUND_DETAIL);
    },

    async removeAll(userId: string) {
      return { deleted: await repo.deleteAllForUser(userId) };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
