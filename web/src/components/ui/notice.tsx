import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';

const TONE: Record<Tone, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-950',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-red-300 bg-red-50 text-red-950',
};

type NoticeProps = {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  id?: string;
  className?: string;
  /**
   * 'status' and 'alert' are announced by screen readers when they appear; 'none' is for notes that are
   * part of the page from the start.
   */
  live?: 'status' | 'alert' | 'none';
};

/** An inline message box: for what must stay on screen (a sent code, an expired reset), not for toasts. */
export function Notice({ tone = 'info', title, children, id, className = '', live = 'none' }: NoticeProps) {
  return (
    <div
      id={id}
      role={live === 'none' ? undefined : live}
      className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${TONE[tone]} ${className}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
