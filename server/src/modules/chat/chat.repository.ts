import type { ChatSource } from '@medibuddy/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema';

export type StoredMessage = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  kind: 'prompt' | 'answer' | 'emergency' | 'no_source';
  sources: ChatSource[];
  notice: string | null;
  createdAt: Date;
};

export type ConversationRow = { id: string; title: string; createdAt: Date; updatedAt: Date };

export type Exchange = {
  userId: string;
  /** An existing conversation of this user, or null to start one titled by the prompt. */
  conversationId: string | null;
  prompt: { text: string; at: Date };
  reply: {
    text: string;
    kind: StoredMessage['kind'];
    sources: ChatSource[];
    notice: string | null;
    provider: string;
    at: Date;
  };
};

/** The longest title stored: the sidebar shows 18 characters, the Activity view a line. */
const TITLE_MAX = 200;

/**
 * Deletes every conversation (and so every message) of a user. Account deletion does not need it (the foreign
 * key cascades from users), but it is the one place that knows these tables for a user's own 'delete all'.
 */
export async function deleteAllForUser(db: Db, userId: string): Promise<number> {
  const deleted = await db
    .delete(chatConversations)
    .where(eq(chatConversations.userId, userId))
    .returning({ id: chatConversations.id });
  return deleted.length;
}

const CONVERSATION_COLUMNS = {
  id: chatConversations.id,
  title: chatConversations.title,
  createdAt: chatConversations.createdAt,
  updatedAt: chatConversations.updatedAt,
};

/** The only code that touches the chat tables. Every read and delete is scoped to the user. */
export function createChatRepository(db: Db) {
  return {
    async findConversation(userId: string, id: string): Promise<ConversationRow | null> {
      const rows = await db
        .select(CONVERSATION_COLUMNS)
        .from(chatConversations)
        .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listConversations(userId: string, limit: number): Promise<ConversationRow[]> {
      return db
        .select(CONVERSATION_COLUMNS)
        .from(chatConversations)
        .where(eq(chatConversations.userId, userId))
        .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
        .limit(limit);
    },

    /** A conversation's messages, oldest first (the caller has checked it is the user's). */
    async listMessages(conversationId: string, limit = 500): Promise<StoredMessage[]> {
      const rows = await db
        .select({
          id: chatMessages.id,
          role: chatMessages.role,
          text: chatMessages.text,
          kind: chatMessages.kind,
          sources: chatMessages.sources,
          notice: chatMessages.notice,
          createdAt: chatMessages.createdAt,
        })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(asc(chatMessages.createdAt), sql`case when ${chatMessages.role} = 'user' then 0 else 1 end`)
        .limit(limit);
      return rows as StoredMessage[];
    },

    /** The prompt and its reply, stored together (and the conversation, when new): nothing half-saved. */
    async saveExchange(e: Exchange): Promise<{ conversationId: string; messageId: string }> {
      return db.transaction(async (tx) => {
        let conversationId = e.conversationId;
        if (conversationId !== null) {
          const updated = await tx
            .update(chatConversations)
            .set({ updatedAt: sql`greatest(${chatConversations.updatedAt}, ${e.reply.at.toISOString()}::timestamptz)` })
            .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.userId, e.userId)))
            .returning({ id: chatConversations.id });
          // Deleted while the reply was being written: keep the exchange in a new conversation rather than lose it.
          if (updated.length === 0) conversationId = null;
        }
        if (conversationId === null) {
          const [created] = await tx
            .insert(chatConversations)
            .values({
              userId: e.userId,
              title: e.prompt.text.slice(0, TITLE_MAX),
              createdAt: e.prompt.at,
              updatedAt: e.reply.at,
            })
            .returning({ id: chatConversations.id });
          conversationId = (created as { id: string }).id;
        }
        await tx.insert(chatMessages).values({
          conversationId,
          role: 'user',
          text: e.prompt.text,
          kind: 'prompt',
          createdAt: e.prompt.at,
        });
        const [reply] = await tx
          .insert(chatMessages)
          .values({
            conversationId,
            role: 'assistant',
            text: e.reply.text,
            kind: e.reply.kind,
            sources: e.reply.sources,
            notice: e.reply.notice,
            provider: e.reply.provider,
            createdAt: e.reply.at,
          })
          .returning({ id: chatMessages.id });
        return { conversationId, messageId: (reply as { id: string }).id };
      });
    },

    async deleteConversation(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(chatConversations)
        .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
        .returning({ id: chatConversations.id });
      return deleted.length > 0;
    },

    deleteAllForUser: (userId: string) => deleteAllForUser(db, userId),
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
