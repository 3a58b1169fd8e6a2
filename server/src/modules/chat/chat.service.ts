import type { ChatProvider, ChatSource, ReplyKind } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { KnowledgeService } from '../knowledge';
import { createChatRepository, type StoredMessage } from './chat.repository';

export type { StoredMessage };
import { loadReferenceValues } from '../../content/reference-values';
import { BLOCKED_NOTICE, FALLBACK_NOTICE, sourceOf, systemPrompt } from './compose';
import { checkSafety, urgentNow, type SafetyVerdict } from '../../reading/safety';
import { crisisLine, englishOnlyNote, HINDI_ABSTAIN, listening, safetyReply } from '../../reading/safety-reply';
import { emergencyFirstLine } from './emergency-answer';
import { isGeneralQuestion } from './general-question';
import { NO_MEDICINE_SHEETS, type MedicineSheets } from './medicine-sheets';
import { createProvider, ProviderBlockedError, type ModelProvider, type Turn } from './providers';
import { createResponder, type MyResults, type Plan, type Route } from './respond';

/** Earlier messages of a conversation a model provider sees. */
const HISTORY_TURNS = 10;
const CONVERSATIONS_LISTED = 100;
/** Plans that answer no question from a source: after the crisis lines they give way to words that listen. */
const NOTHING_TO_ANSWER = new Set<Route>(['abstain', 'decline', 'greeting']);

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
  /** The text begins with the crisis helplines line (distress without a crisis red flag). */
  helplineFirst?: boolean;
};

/** A sink that sends a line first, and again after a reset, so the line is never forgotten with the pieces. */
export function withLineFirst(sink: ReplySink, line: string): ReplySink {
  sink.piece(line);
  return {
    piece: (text) => sink.piece(text),
    notice: (text) => sink.notice(text),
    reset: () => {
      sink.reset();
      sink.piece(line);
    },
  };
}

export const NOT_FOUND_DETAIL = 'This conversation was not found. It may have been deleted; start a new chat.';

export function createChatService({
  db,
  log,
  config,
  knowledge,
  provider = createProvider(config),
  medicineFacts = NO_MEDICINE_SHEETS,
  myResults,
}: {
  db: Db;
  log: FastifyBaseLogger;
  config: ChatConfig;
  knowledge: KnowledgeService;
  provider?: ModelProvider | null;
  /** Cited medicine facts for dose, alcohol, pregnancy, children and interaction questions. */
  medicineFacts?: MedicineSheets;
  /** The user's saved assessments and consent, for "explain my heart test result". */
  myResults?: MyResults;
}) {
  const repo = createChatRepository(db);
  const responder = createResponder({ knowledge, referenceValues: loadReferenceValues(), medicineFacts, myResults });

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
      log.info(
        { provider: p.name, model: p.model, ms: Math.round(performance.now() - started) },
        'chat reply from model',
      );
      return { text };
    } catch (error) {
      const failure = error instanceof ProviderBlockedError ? 'blocked' : timeout.aborted ? 'timeout' : 'error';
      // The error's message can quote the request; log its kind only.
      log.warn(
        {
          provider: p.name,
          model: p.model,
          failure,
          error: (error as Error)?.name,
          ms: Math.round(performance.now() - started),
        },
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

      // One safety check first, on one reading of the words (decision 025): a crisis, an emergency, poisoning or
      // urgent medicine safety is answered here, before retrieval and before any model provider sees the text.
      const verdict = checkSafety(request.text);
      const { language } = verdict;
      const now = urgentNow(verdict);
      // A general question that names an emergency sign ("what are the signs of a stroke") is answered, with the
      // emergency number first; crisis and poisoning messages always get the safety reply.
      const generalQuestion =
        now.length > 0 &&
        now.every((f) => f.kind === 'emergency' && f.helplines.length === 0) &&
        isGeneralQuestion(request.text);
      if (verdict.flags.length > 0 && !generalQuestion) {
        const { text, sources } = safetyReply(verdict, request.country);
        sink.piece(text);
        result = { text, kind: 'emergency', provider: 'offline', sources, notice: null };
        log.info({ redFlags: verdict.flags.map((f) => f.id), language }, 'chat answered with the safety reply');
      } else {
        const earlier =
          request.conversationId && userId
            ? (await repo.listMessages(request.conversationId)).slice(-HISTORY_TURNS)
            : [];
        // Distress the crisis rules did not catch still gets the crisis lines, as a line before the answer; so does
        // every later reply of a conversation that held a crisis or distress message ("yes", "i don't know" follow).
        // Each earlier message is checked once, for the crisis line here and for what a model may see below.
        const verdicts = new Map<StoredMessage, SafetyVerdict>();
        const verdictOf = (m: StoredMessage) => {
          const known = verdicts.get(m);
          if (known) return known;
          const verdict = checkSafety(m.text);
          verdicts.set(m, verdict);
          return verdict;
        };
        const hasDistressBefore = earlier.some((m) => {
          if (m.role !== 'user') return false;
          const before = verdictOf(m);
          return before.distress || before.flags.some((f) => f.kind === 'crisis');
        });
        const crisis = hasDistressBefore || verdict.distress ? crisisLine(language, request.country) : null;
        // So is a message that names an emergency sign it does not say is happening ("what causes face drooping").
        const emergencyLine =
          generalQuestion || verdict.namedNotNow.length > 0 ? emergencyFirstLine(request.country) : null;
        const line =
          crisis && emergencyLine
            ? { text: emergencyLine.text + crisis.text, sources: [...emergencyLine.sources, ...crisis.sources] }
            : (crisis ?? emergencyLine);
        const out = line ? withLineFirst(sink, line.text) : sink;
        // A follow-up ("How is it treated?") names no subject: the analysis takes the conversation's last question's.
        const lastPrompt = earlier.filter((m) => m.role === 'user').at(-1)?.text;
        // Hindi and Hinglish are answered from the English sources through the reading's English, with a note.
        const reading = verdict.readings[0];
        const answered = await responder.plan(reading?.english ?? request.text, { userId, lastPrompt, reading });
        let plan: Plan = answered;
        // After the crisis lines, a message the chat has no answer for ("i dont see the point anymore") is met with
        // words that listen, never with "no reliable source"; so is a question about how much of a medicine to take
        // at once, which beside distress reads as a question about means: no quantity follows the crisis line.
        const asksAmount = verdict.readings.some(
          (r) => r.tags.has('ask-quantity') && r.tags.has('medicine') && r.tags.has('at-once'),
        );
        if (crisis && (NOTHING_TO_ANSWER.has(answered.route) || asksAmount)) {
          const words = listening(language, request.country, asksAmount);
          plan = {
            ...answered,
            pieces: [words.text],
            sources: words.sources,
            ...(asksAmount ? { kind: 'no_source' as const } : {}),
          };
        } else if (language !== 'en' && answered.language !== 'hi') {
          plan =
            answered.route === 'abstain' || answered.route === 'decline'
              ? { ...answered, pieces: [HINDI_ABSTAIN] }
              : { ...answered, pieces: [englishOnlyNote(language), ...answered.pieces] };
        }
        const offline = () => {
          for (const piece of plan.pieces) out.piece(piece);
          return plan.pieces.join('');
        };
        // Only passages go to a model, with the instruction to answer from them alone. Facts, reference values
        // and the user's own results are answered from the data as written; a decline or "no reliable source"
        // never reaches a model.
        // A Hindi or Hinglish message is answered offline: its Hindi texts, or the English source with a Hindi note
        // (a model would be given the reading's English, not the person's words).
        if (provider && plan.route === 'passage' && language === 'en') {
          // A crisis or emergency exchange earlier in the conversation never goes to a model either.
          const history = earlier
            .filter((m) => m.kind !== 'emergency' && verdictOf(m).flags.length === 0)
            .map((m: StoredMessage) => ({ role: m.role, text: m.text }));
          const outcome = await fromProvider(
            provider,
            { system: systemPrompt(plan.passages), history, prompt: request.text },
            out,
            clientGone,
          );
          if ('text' in outcome) {
            result = {
              text: outcome.text,
              kind: plan.kind,
              provider: provider.name,
              sources: plan.passages.map(sourceOf),
              notice: null,
            };
          } else {
            const notice = outcome.failure === 'blocked' ? BLOCKED_NOTICE : FALLBACK_NOTICE;
            out.notice(notice);
            result = { text: offline(), kind: plan.kind, provider: 'offline', sources: plan.sources, notice };
          }
        } else {
          result = { text: offline(), kind: plan.kind, provider: 'offline', sources: plan.sources, notice: null };
        }
        if (line)
          result = {
            ...result,
            text: line.text + result.text,
            sources: [...line.sources, ...result.sources],
            helplineFirst: crisis !== null,
          };
        log.info(
          {
            route: plan.route,
            type: plan.type,
            helplineFirst: crisis !== null,
            language,
            emergencyLine: emergencyLine !== null,
          },
          'chat question analysed',
        );
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
        {
          kind: result.kind,
          provider: result.provider,
          sources: result.sources.length,
          ms: Math.round(performance.now() - started),
          conversationId: ids.conversationId,
        },
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
