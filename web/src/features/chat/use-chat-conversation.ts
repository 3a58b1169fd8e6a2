import type { ChatSource } from '@medibuddy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { errorMessageOf, notifyError } from '../../lib/notify';
import { conversationsQueryKey, getConversation, useConversations } from './api/conversations';
import { sendMessage } from './api/send-message';
import type { ChatEntry } from './components/chat-message';
import type { RecentPrompt } from './components/chat-sidebar';

const RECENTS_SHOWN = 12;
let entryCounter = 0;
const nextId = () => `local-${++entryCounter}`;

function promptEntry(text: string): ChatEntry {
  return {
    id: nextId(),
    role: 'user',
    text,
    kind: 'prompt',
    sources: [],
    notice: null,
    isStreaming: false,
    isTyped: false,
  };
}

function pendingReply(id: string): ChatEntry {
  return {
    id,
    role: 'assistant',
    text: '',
    kind: 'pending',
    sources: [],
    notice: null,
    isStreaming: true,
    isTyped: true,
  };
}

type Options = {
  isAuthorized: boolean;
  /** The country whose helplines a crisis or emergency reply names. */
  country: string | null;
  /** Called when a prompt is sent (the page shows the conversation and empties its input). */
  onSend: () => void;
};

/**
 * One MediBuddy conversation: the messages shown, the reply streaming in, the conversation kept for a signed-in
 * user (reopened from Recent or Activity), and the prompts a visitor sent (kept in the page only). The chat page
 * renders what this returns; nothing here knows about layout.
 */
export function useChatConversation({ isAuthorized, country, onSend }: Options) {
  const queryClient = useQueryClient();
  const conversations = useConversations(isAuthorized);
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [visitorPrompts, setVisitorPrompts] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const recents: RecentPrompt[] = useMemo(() => {
    if (isAuthorized) {
      return (conversations.data?.conversations ?? [])
        .slice(0, RECENTS_SHOWN)
        .map((c) => ({ key: c.id, text: c.title, conversationId: c.id }));
    }
    return visitorPrompts
      .slice(0, RECENTS_SHOWN)
      .map((text, i) => ({ key: `${i}-${text}`, text, conversationId: null }));
  }, [isAuthorized, conversations.data, visitorPrompts]);

  function update(id: string, change: (e: ChatEntry) => ChatEntry) {
    setEntries((all) => all.map((e) => (e.id === id ? change(e) : e)));
  }

  function failed(replyId: string, message: string) {
    update(replyId, (e) => ({ ...e, kind: 'failed', text: message, isStreaming: false, isTyped: false, sources: [] }));
    notifyError(message);
  }

  async function ask(text: string, inConversation: string | null = conversationId) {
    const prompt = text.trim();
    if (!prompt || isSending) return;
    onSend();
    setIsSending(true);
    setAnnouncement('');
    const replyId = nextId();
    setEntries((all) => [...all, promptEntry(prompt), pendingReply(replyId)]);
    if (!isAuthorized) setVisitorPrompts((all) => [prompt, ...all.filter((p) => p !== prompt)]);
    const controller = new AbortController();
    abortRef.current = controller;
    let sources: ChatSource[] = [];
    let replyText = '';
    try {
      await sendMessage(
        {
          text: prompt,
          ...(inConversation ? { conversationId: inConversation } : {}),
          ...(country ? { country } : {}),
        },
        {
          onPiece: (piece) => {
            replyText += piece;
            update(replyId, (e) => ({ ...e, text: e.text + piece }));
          },
          onNotice: (notice) => update(replyId, (e) => ({ ...e, notice })),
          onReset: () => {
            replyText = '';
            update(replyId, (e) => ({ ...e, text: '' }));
          },
          onSources: (s) => {
            sources = s;
          },
          onDone: (done) => {
            // A crisis or emergency reply is shown whole at once: its numbers must not wait for the typing effect.
            update(replyId, (e) => ({
              ...e,
              kind: done.kind,
              sources,
              isStreaming: false,
              isTyped: e.isTyped && done.kind !== 'emergency',
            }));
            if (done.conversationId) setConversationId(done.conversationId);
            setAnnouncement(t('chat.replied', { reply: replyText }));
          },
        },
        controller.signal,
      );
      if (isAuthorized) void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 404 && inConversation) setConversationId(null);
      failed(replyId, errorMessageOf(error, t('chat.failed')));
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        setIsSending(false);
      }
    }
  }

  /** Stops a reply still streaming and starts an empty conversation. */
  function reset() {
    abortRef.current?.abort();
    abortRef.current = null;
    setIsSending(false);
    setEntries([]);
    setConversationId(null);
  }

  async function open(id: string): Promise<boolean> {
    try {
      const c = await getConversation(id);
      setEntries(
        c.messages.map(({ id: messageId, role, text, kind, sources, notice }) => ({
          id: messageId,
          role,
          text,
          kind,
          sources,
          notice,
          isStreaming: false,
          isTyped: false,
        })),
      );
      setConversationId(c.id);
      return true;
    } catch (error) {
      notifyError(error, t('chat.openFailed'));
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      return false;
    }
  }

  /** A recent prompt is sent again (docs/product.md#medibuddy-chat); a signed-in user's conversation opens first. */
  async function askAgain(recent: RecentPrompt) {
    if (isSending) return;
    if (recent.conversationId) {
      if (await open(recent.conversationId)) await ask(recent.text, recent.conversationId);
      return;
    }
    await ask(recent.text);
  }

  return { entries, isSending, announcement, recents, ask, reset, open, askAgain };
}
