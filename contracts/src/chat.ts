import { z } from 'zod';
import { CountryCodeSchema } from './helplines';

/**
 * MediBuddy, the chat assistant (docs/product.md#medibuddy-chat, decision 013). The server answers
 * `POST /api/chat/messages` with a text/event-stream of the events below; conversations are kept per user.
 */
export const CHAT_TEXT_MAX = 4000;
/** A recent prompt's label is its first 18 characters (docs/product.md#texts-and-timings). */
export const RECENT_LABEL_LENGTH = 18;
/** Replies are typed out at 75 ms a word (docs/product.md#texts-and-timings). */
export const TYPING_MS_PER_WORD = 75;

export const NOT_A_DOCTOR =
  'MediBuddy is not a doctor. It gives general health information from cited sources, not a diagnosis or treatment. In an emergency, call your local emergency number.';

export const ChatMessageRequestSchema = z.object({
  conversationId: z.uuid('must be a conversation id').optional(),
  text: z
    .string('must be text')
    .trim()
    .min(1, 'must not be empty')
    .max(CHAT_TEXT_MAX, `must be at most ${CHAT_TEXT_MAX} characters`),
  /** The user's country (from the browser's language or their choice): the crisis and emergency reply names its numbers. */
  country: CountryCodeSchema.optional(),
});
export type ChatMessageRequest = z.infer<typeof ChatMessageRequestSchema>;

export const ChatSourceSchema = z.object({
  title: z.string(),
  url: z.string().nullable(),
  publisher: z.string(),
  /** The credit its licence asks for (MedQuAD: CC BY 4.0), when there is one. */
  credit: z.string().nullable(),
});
export type ChatSource = z.infer<typeof ChatSourceSchema>;

/** answer: grounded in sources; emergency: the red-flag answer; no_source: nothing relevant was found. */
export const ReplyKindSchema = z.enum(['answer', 'emergency', 'no_source']);
export type ReplyKind = z.infer<typeof ReplyKindSchema>;

export const ChatProviderSchema = z.enum(['offline', 'gemini', 'openai']);
export type ChatProvider = z.infer<typeof ChatProviderSchema>;

/** `event: piece` — the next part of the reply's markdown text. */
export const PieceEventSchema = z.object({ text: z.string() });
/** `event: notice` — a short note shown above the reply (a model provider failed; the offline assistant answers). */
export const NoticeEventSchema = z.object({ text: z.string() });
/** `event: reset` — forget the pieces so far (a provider failed part-way; the offline answer follows). */
export const ResetEventSchema = z.object({});
/** `event: sources` — what the reply was grounded on. */
export const SourcesEventSchema = z.object({ sources: z.array(ChatSourceSchema) });
/** `event: done` — the reply is complete; ids are null for a visitor, whose chat is not stored. */
export const DoneEventSchema = z.object({
  conversationId: z.uuid().nullable(),
  messageId: z.uuid().nullable(),
  kind: ReplyKindSchema,
  provider: ChatProviderSchema,
  /**
   * True when the message sounded like distress without raising a crisis red flag: the reply's text begins with a
   * line naming the crisis helplines (tel: links) before its ordinary answer. Absent from older servers.
   */
  helplineFirst: z.boolean().optional(),
});
/** `event: error` — the reply could not be produced at all (the text says what to do). */
export const ErrorEventSchema = z.object({ text: z.string() });

export const ChatMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  kind: z.enum(['prompt', 'answer', 'emergency', 'no_source']),
  sources: z.array(ChatSourceSchema),
  notice: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({ conversations: z.array(ConversationSummarySchema) });
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const ConversationSchema = ConversationSummarySchema.extend({ messages: z.array(ChatMessageSchema) });
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationIdParamsSchema = z.object({ id: z.uuid('must be a conversation id') });

export const DeletedCountSchema = z.object({ deleted: z.number().int().min(0) });

/** What the Settings view shows: who answers (never a key) and what is kept. */
export const ChatSettingsSchema = z.object({
  provider: ChatProviderSchema,
  model: z.string().nullable(),
  /** The knowledge the assistant answers from, by source: passages per source kind. */
  knowledge: z.record(z.string(), z.number().int().min(0)),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** The label of a recent prompt in the sidebar (its first 18 characters, as the earlier client showed it: docs/product.md). */
export function recentLabel(prompt: string): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  return text.length > RECENT_LABEL_LENGTH ? `${text.slice(0, RECENT_LABEL_LENGTH)}…` : text;
}
