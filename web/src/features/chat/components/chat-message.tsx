import type { ChatSource } from '@medibuddy/contracts';
import { LogoMark } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n';
import { Markdown } from './markdown';
import { useTypewriter } from './use-typewriter';

export type ChatEntry = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  kind: 'prompt' | 'answer' | 'emergency' | 'no_source' | 'pending' | 'failed';
  sources: ChatSource[];
  notice: string | null;
  /** The reply is still streaming from the server. */
  isStreaming: boolean;
  /** Typed out word by word (a new reply); a reopened one shows at once. */
  isTyped: boolean;
};

function Sources({ sources }: { sources: ChatSource[] }) {
  if (sources.length === 0) return null;
  const credits = [...new Set(sources.flatMap((s) => (s.credit ? [s.credit] : [])))];
  return (
    <div className="mt-3 border-t border-slate-200 pt-2 text-sm">
      <p className="font-semibold text-slate-700">{t('chat.sources')}</p>
      <ol className="list-decimal space-y-1 pl-5 text-slate-700">
        {sources.map((s) => (
          <li key={`${s.title}|${s.url ?? ''}`}>
            {s.url ? (
              <a
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-teal-800 underline underline-offset-2 hover:text-teal-950"
              >
                {s.title}
              </a>
            ) : (
              s.title
            )}
          </li>
        ))}
      </ol>
      {credits.map((c) => (
        <p key={c} className="mt-1 text-xs text-slate-600">
          {t('chat.credit', { credit: c })}
        </p>
      ))}
    </div>
  );
}

/** 'hi' when most letters of a reply are Devanagari (an answer in Hindi), so screen readers read it as Hindi. */
export function languageOfReply(text: string): 'hi' | undefined {
  const devanagari = text.match(/[\u0900-\u097F]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari > latin ? 'hi' : undefined;
}

function AssistantReply({ entry }: { entry: ChatEntry }) {
  const typed = useTypewriter(entry.text, !entry.isStreaming, entry.isTyped);
  const isEmergency = entry.kind === 'emergency';
  return (
    <div
      data-testid="assistant-reply"
      aria-busy={typed.isTyping}
      lang={languageOfReply(entry.text)}
      className={`max-w-[46rem] rounded-2xl rounded-tl-sm px-4 py-3 shadow-sm ${
        isEmergency
          ? 'border-2 border-red-600 bg-red-50 text-red-950'
          : entry.kind === 'failed'
            ? 'border border-amber-400 bg-amber-50 text-amber-950'
            : 'bg-white text-slate-900'
      }`}
    >
      {entry.notice ? (
        <p className="mb-2 rounded-lg bg-amber-100 px-3 py-1.5 text-sm text-amber-950">{entry.notice}</p>
      ) : null}
      {entry.kind === 'pending' && typed.text === '' ? (
        <p className="text-slate-600">
          <span className="inline-block animate-pulse">{t('chat.looking')}</span>
        </p>
      ) : (
        <Markdown text={typed.text} />
      )}
      {!typed.isTyping ? <Sources sources={entry.sources} /> : null}
    </div>
  );
}

export function ChatMessage({ entry, onAskAgain }: { entry: ChatEntry; onAskAgain?: (text: string) => void }) {
  if (entry.role === 'user') {
    return (
      <div className="flex justify-end">
        <div className="group max-w-[38rem]">
          <p
            data-testid="user-prompt"
            className="rounded-2xl rounded-tr-sm bg-teal-700 px-4 py-2.5 whitespace-pre-wrap text-white"
          >
            {entry.text}
          </p>
          {onAskAgain ? (
            <button
              type="button"
              onClick={() => onAskAgain(entry.text)}
              className="mt-1 ml-auto block text-xs font-medium text-teal-800 underline-offset-2 hover:underline"
            >
              {t('chat.askAgain')}
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <LogoMark className="mt-1 size-8 shrink-0" />
      <AssistantReply entry={entry} />
    </div>
  );
}
