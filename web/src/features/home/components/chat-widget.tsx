import { useEffect, useId, useRef, useState } from 'react';
import { hindiPath } from '../../../app/route-table';
import { CloseIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { ChatIcon } from './home-icons';

/** The chat page, shown inside the widget's frame. */
const CHAT_ROUTE = '/medibuddy';
/** The greeting bubble appears 5 s after the page loads, and stays. */
const GREETING_DELAY_MS = 5000;

/**
 * The floating MediBuddy widget on the home page (docs/product.md#home-page): closed by default; its button opens a
 * popup that fades in over 0.7 s with the chat page in a frame titled 'Popup Window', and turns into a close button.
 * The frame is only created when opened, so the chat page costs the home page nothing until then.
 */
export function ChatWidget() {
  const { t, language } = useT();
  const [isOpen, setIsOpen] = useState(false);
  const [isGreetingShown, setIsGreetingShown] = useState(false);
  const popupId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setIsGreetingShown(true), GREETING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);

  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3 sm:right-6 sm:bottom-6">
      {isOpen ? (
        <div
          id={popupId}
          role="dialog"
          aria-label={t('chat.dialog')}
          data-testid="chat-popup"
          className="pointer-events-auto h-[min(36rem,calc(100dvh-7rem))] w-[min(24rem,calc(100vw-2rem))] animate-[fade-in_0.7s_ease-out] overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-300"
        >
          <iframe
            title="Popup Window"
            src={language === 'hi' ? hindiPath(CHAT_ROUTE) : CHAT_ROUTE}
            className="size-full border-0"
          />
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        {isGreetingShown ? (
          <p
            role="status"
            data-testid="chat-greeting"
            className="pointer-events-auto max-w-[calc(100vw-7rem)] animate-[fade-in_0.4s_ease-out] rounded-2xl rounded-br-sm bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-lg ring-1 ring-slate-200"
          >
            {t('chat.greeting')}
          </p>
        ) : null}
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={isOpen}
          aria-controls={isOpen ? popupId : undefined}
          onClick={() => setIsOpen(!isOpen)}
          className="pointer-events-auto flex size-14 shrink-0 items-center justify-center rounded-full bg-teal-700 text-white shadow-lg hover:bg-teal-800 active:bg-teal-900"
        >
          {isOpen ? <CloseIcon className="size-7" /> : <ChatIcon className="size-7" />}
          <span className="sr-only">{isOpen ? t('chat.close') : t('chat.open')}</span>
        </button>
      </div>
    </div>
  );
}
