import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { useSession } from '../../lib/session';
import { ChatMessage } from '../../features/chat/components/chat-message';
import { ChatSidebar, type ChatView } from '../../features/chat/components/chat-sidebar';
import { ActivityView, HelpView, SettingsView } from '../../features/chat/components/chat-views';
import { CrisisLineNote } from '../../components/safety/crisis-line-note';
import { useChatConversation } from '../../features/chat/use-chat-conversation';
import { useCountry } from '../../lib/use-country';
import { t } from '../../lib/i18n';

/** The four feature cards: each starts a conversation with its prompt (in the page's language). */
const FEATURE_CARDS = [
  { title: 'chat.card.condition', prompt: 'chat.card.conditionPrompt' },
  { title: 'chat.card.medicine', prompt: 'chat.card.medicinePrompt' },
  { title: 'chat.card.symptoms', prompt: 'chat.card.symptomsPrompt' },
  { title: 'chat.card.healthy', prompt: 'chat.card.healthyPrompt' },
] as const;

/**
 * MediBuddy, the chat page (docs/product.md#medibuddy-chat). Works for visitors (nothing is kept)
 * and signed-in users (conversations kept, reopened from Recent or Activity). Also shown inside the home
 * page's widget, in a same-origin frame.
 */
export default function MediBuddyRoute() {
  const { user, isAuthorized } = useSession();
  const [isSidebarOpen, setIsSidebarOpen] = useState(() => window.matchMedia?.('(min-width: 768px)').matches ?? true);
  const [view, setView] = useState<ChatView>('chat');
  const [country] = useCountry();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { entries, isSending, announcement, recents, ask, reset, open, askAgain } = useChatConversation({
    isAuthorized,
    country,
    onSend: () => {
      setView('chat');
      setDraft('');
    },
  });

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [entries]);

  function newChat() {
    reset();
    setView('chat');
    setDraft('');
    inputRef.current?.focus();
  }

  async function openConversation(id: string) {
    if (await open(id)) setView('chat');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void ask(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(draft);
    }
  }

  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <div className="flex h-dvh min-h-0 bg-slate-50">
      <title>{`${t('chat.pageTitle')} · MediBuddy`}</title>
      <ChatSidebar
        isOpen={isSidebarOpen}
        onToggle={() => setIsSidebarOpen((o) => !o)}
        onNewChat={newChat}
        recents={recents}
        onRecent={(r) => void askAgain(r)}
        view={view}
        onView={setView}
        isBusy={isSending}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between px-4 py-3">
          <h1 className="text-xl font-semibold text-teal-900">MediBuddy</h1>
          <Link to="/" className="text-sm font-medium text-teal-800 underline-offset-2 hover:underline" target="_top">
            {t('chat.home')}
          </Link>
        </header>

        <div className="min-h-0 flex-1 overflow-y-auto">
          {view === 'help' ? <HelpView /> : null}
          {view === 'activity' ? (
            <ActivityView isSignedIn={isAuthorized} onOpen={(id) => void openConversation(id)} />
          ) : null}
          {view === 'settings' ? <SettingsView isSignedIn={isAuthorized} onDeletedAll={newChat} /> : null}
          {view === 'chat' ? (
            entries.length === 0 ? (
              <section aria-labelledby="greeting" className="mx-auto w-full max-w-3xl px-4 py-8">
                <h2
                  id="greeting"
                  className="bg-gradient-to-r from-teal-700 to-sky-600 bg-clip-text text-4xl font-semibold text-transparent"
                >
                  {firstName ? t('chat.helloName', { name: firstName }) : t('chat.hello')}
                </h2>
                <p className="mt-1 text-3xl font-medium text-slate-500">{t('chat.helpToday')}</p>
                <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  {FEATURE_CARDS.map((card) => (
                    <li key={card.title}>
                      <button
                        type="button"
                        onClick={() => void ask(t(card.prompt))}
                        className="flex h-full min-h-36 w-full flex-col rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:bg-teal-50"
                      >
                        <span className="text-sm font-semibold text-teal-800">{t(card.title)}</span>
                        <span className="mt-2 text-slate-800">{t(card.prompt)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <div
                role="log"
                aria-label={t('chat.conversation')}
                aria-live="off"
                className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6"
              >
                {entries.map((entry) => (
                  <ChatMessage
                    key={entry.id}
                    entry={entry}
                    onAskAgain={entry.role === 'user' && !isSending ? (text) => void ask(text) : undefined}
                  />
                ))}
                <div ref={endRef} />
              </div>
            )
          ) : null}
        </div>

        <div className="sr-only" role="status" aria-live="polite">
          {announcement}
        </div>

        <form onSubmit={submit} className="mx-auto w-full max-w-3xl px-4 pb-3">
          <div className="flex items-end gap-2 rounded-3xl border border-slate-300 bg-white px-4 py-2 shadow-sm focus-within:border-teal-600">
            <label htmlFor="chat-prompt" className="sr-only">
              {t('chat.promptLabel')}
            </label>
            <textarea
              id="chat-prompt"
              ref={inputRef}
              rows={1}
              maxLength={4000}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('chat.promptPlaceholder')}
              className="max-h-40 min-h-10 flex-1 resize-none bg-transparent py-2 text-base text-slate-900 outline-none placeholder:text-slate-500"
            />
            <button
              type="submit"
              disabled={isSending || draft.trim() === ''}
              className="flex size-10 items-center justify-center rounded-full text-teal-800 hover:bg-teal-50 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <Icon>
                <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />
              </Icon>
              <span className="sr-only">{t('chat.send')}</span>
            </button>
          </div>
          <p data-testid="not-a-doctor" className="mt-2 text-center text-xs text-slate-600">
            {t('chat.notADoctor')}
          </p>
          <CrisisLineNote />
        </form>
      </div>
    </div>
  );
}
