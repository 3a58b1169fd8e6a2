import { recentLabel } from '@medibuddy/contracts';
import { Icon } from '../../../components/ui/icons';
import { t, type MessageKey } from '../../../lib/i18n';

export type ChatView = 'chat' | 'help' | 'activity' | 'settings';

export type RecentPrompt = { key: string; text: string; conversationId: string | null };

type Props = {
  isOpen: boolean;
  onToggle: () => void;
  onNewChat: () => void;
  recents: RecentPrompt[];
  onRecent: (recent: RecentPrompt) => void;
  view: ChatView;
  onView: (view: ChatView) => void;
  isBusy: boolean;
};

const icon = (d: string) => (
  <Icon className="size-5 shrink-0">
    <path d={d} />
  </Icon>
);
const MENU = 'M4 6h16M4 12h16M4 18h16';
const PLUS = 'M12 5v14M5 12h14';
const CHAT = 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z';
const HELP = 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z';
const ACTIVITY = 'M12 8v4l3 3M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z';
const SETTINGS =
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z';

/**
 * docs/product.md#medibuddy-chat: a collapsible sidebar with New Chat, Recent prompts (first 18 characters), Help,
 * Activity, Settings.
 */
export function ChatSidebar({ isOpen, onToggle, onNewChat, recents, onRecent, view, onView, isBusy }: Props) {
  const item = (active: boolean) =>
    `flex min-h-10 w-full items-center gap-3 rounded-full px-3 text-left text-sm font-medium transition-colors ${
      active ? 'bg-teal-100 text-teal-950' : 'text-slate-700 hover:bg-slate-200'
    }`;
  const bottom: { view: ChatView; label: MessageKey; d: string }[] = [
    { view: 'help', label: 'chat.help', d: HELP },
    { view: 'activity', label: 'chat.activity', d: ACTIVITY },
    { view: 'settings', label: 'chat.settings', d: SETTINGS },
  ];
  return (
    <nav
      aria-label="MediBuddy"
      className={`flex shrink-0 flex-col border-r border-slate-200 bg-slate-100 px-2 py-3 transition-[width] duration-200 ${isOpen ? 'w-64' : 'w-14'}`}
    >
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={isOpen}
        aria-controls="chat-sidebar-content"
        className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
      >
        {icon(MENU)}
        <span className="sr-only">{isOpen ? t('chat.menuCollapse') : t('chat.menuExpand')}</span>
      </button>
      <div id="chat-sidebar-content" className="mt-4 flex min-h-0 flex-1 flex-col">
        <button type="button" onClick={onNewChat} className={`${item(false)} bg-slate-200`} title={t('chat.newChat')}>
          {icon(PLUS)}
          <span className={isOpen ? '' : 'sr-only'}>{t('chat.newChat')}</span>
        </button>
        {isOpen ? (
          <section aria-labelledby="recent-heading" className="mt-5 min-h-0 flex-1 overflow-y-auto">
            <h2 id="recent-heading" className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {t('chat.recent')}
            </h2>
            {recents.length === 0 ? (
              <p className="mt-2 px-3 text-sm text-slate-600">{t('chat.recentEmpty')}</p>
            ) : (
              <ul className="mt-1 space-y-0.5">
                {recents.map((r) => (
                  <li key={r.key}>
                    <button
                      type="button"
                      className={item(false)}
                      title={r.text}
                      disabled={isBusy}
                      onClick={() => onRecent(r)}
                    >
                      {icon(CHAT)}
                      <span>{recentLabel(r.text)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <div className="flex-1" />
        )}
        <ul className="mt-3 space-y-0.5">
          {bottom.map((b) => (
            <li key={b.view}>
              <button
                type="button"
                className={item(view === b.view)}
                aria-current={view === b.view ? 'page' : undefined}
                onClick={() => onView(b.view)}
                title={t(b.label)}
              >
                {icon(b.d)}
                <span className={isOpen ? '' : 'sr-only'}>{t(b.label)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
